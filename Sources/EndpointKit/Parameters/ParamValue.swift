import Foundation

/// One node of the parameter tree that every encoder reads.
///
/// ``APIParamConvertible`` values, ``APIParameters``, ``KeyedAPIParameters`` and any `Encodable`
/// (through ``ParamValueEncoder``) all become a `ParamValue`. ``QueryEncoder`` renders the tree
/// into a query string or a form body, ``JSONBodyParameters`` into JSON.
///
/// Values keep their type until an encoder renders them, so one tree can become
/// `flag=true` in a query, `flag=1` with ``QueryEncoder/BoolStyle/numeric``, and `true` in JSON.
/// Dates stay dates until an encoder applies its ``DateEncodingStyle``.
///
/// Two objects are equal when they hold the same members, whatever their order: an
/// ``orderedObject(_:)`` equals the ``object(_:)`` of the same members. The order only matters to an
/// encoder asked for it (``QueryEncoder/KeyOrder/declared``, JSON without
/// ``JSONBodyParameters/OutputFormatting/sortedKeys``).
public enum ParamValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// A signed integer of any width up to 64 bits.
    case integer(Int64)
    /// An unsigned integer above `Int64.max` (smaller unsigned values use ``integer(_:)``).
    case unsignedInteger(UInt64)
    /// A binary floating-point number. Encoders reject NaN and infinities.
    case double(Double)
    /// A decimal number, rendered with all its digits.
    case decimal(Decimal)
    /// A Boolean.
    case bool(Bool)
    /// A date, rendered by the encoder's ``DateEncodingStyle``.
    case date(Date)
    /// An explicit null: `null` in JSON, omitted from queries and form bodies.
    case null
    /// An ordered list. Encoders keep the order of elements.
    case array([ParamValue])
    /// A keyed object. Encoders emit keys in ascending order so output is deterministic.
    case object([String: ParamValue])
    /// A keyed object whose members keep the order they were declared in: what
    /// ``ParamValueEncoder`` makes of an `Encodable` type and ``KeyedAPIParameters`` of a
    /// `CaseIterable` key enum. Names are unique. Encoders sort it like ``object(_:)`` unless asked
    /// for the declared order.
    case orderedObject([ParamMember])
}

extension ParamValue {
    /// A short name of the value's kind, used in error messages.
    public var kindName: String {
        switch self {
        case .string: "string"
        case .integer, .unsignedInteger: "integer"
        case .double, .decimal: "number"
        case .bool: "bool"
        case .date: "date"
        case .null: "null"
        case .array: "array"
        case .object, .orderedObject: "object"
        }
    }

    /// The value as an integer node, choosing ``integer(_:)`` whenever it fits.
    static func unsigned(_ value: UInt64) -> ParamValue {
        value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
    }
}

extension ParamValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// Creates a ``string(_:)`` node.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates an ``integer(_:)`` node.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// Creates a ``double(_:)`` node.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// Creates a ``bool(_:)`` node.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates an ``array(_:)`` node.
    public init(arrayLiteral elements: ParamValue...) { self = .array(elements) }
    /// Creates an ``object(_:)`` node. A repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, ParamValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// Creates the ``null`` node.
    public init(nilLiteral: ()) { self = .null }
}
