import Foundation
import HTTPTypes

/// A value that can render itself as a request parameter for a given HTTP method.
///
/// This is the KeyedAPIParameters idea: a parameter knows how it wants to be sent. The built-in
/// conformances produce typed nodes for every method (a `Bool` stays ``ParamValue/bool(_:)``), and
/// the encoder that writes the request renders them: ``QueryEncoder`` turns them into strings with
/// its styles for GET, HEAD and DELETE, ``JSONBodyParameters`` keeps JSON types for bodies.
/// The method is passed so that your own types can choose differently, for example a list that is
/// comma-joined in a GET query but an array in a POST body:
///
/// ```swift
/// struct Tags: APIParamConvertible {
///     var names: [String]
///     func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue {
///         method.prefersQueryParameters
///             ? .string(names.joined(separator: ","))
///             : .array(names.map { .string($0) })
///     }
/// }
/// ```
///
/// Built in: `String`, `Substring`, `Character`, every `Int` and `UInt` width, `Float`, `Double`,
/// `Decimal`, `Bool`, `Optional` (``ParamValue/null``: omitted from a query, `null` in JSON),
/// `Array`, `Dictionary` with `String` keys, `Date`, `URL`, `UUID`, string- and integer-backed
/// enums (declare the conformance), ``ParamValue`` itself, and nested ``APIParameters``.
public protocol APIParamConvertible: Sendable {
    /// The parameter node for a request sent with `method`.
    ///
    /// Throw when the value cannot be represented (the ``EncodableParameters`` bridge does when
    /// the value's `encode(to:)` fails).
    func value(forHTTPMethod method: HTTPRequest.Method) throws -> ParamValue
}

extension ParamValue: APIParamConvertible {
    /// The node itself, whatever the method.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { self }
}

extension String: APIParamConvertible {
    /// A ``ParamValue/string(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .string(self) }
}

extension Substring: APIParamConvertible {
    /// A ``ParamValue/string(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .string(String(self)) }
}

extension Character: APIParamConvertible {
    /// A ``ParamValue/string(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .string(String(self)) }
}

extension Bool: APIParamConvertible {
    /// A ``ParamValue/bool(_:)`` node, rendered by ``QueryEncoder/BoolStyle`` in queries.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .bool(self) }
}

extension Int: APIParamConvertible {
    /// An ``ParamValue/integer(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .integer(Int64(self)) }
}

extension Int8: APIParamConvertible {
    /// An ``ParamValue/integer(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .integer(Int64(self)) }
}

extension Int16: APIParamConvertible {
    /// An ``ParamValue/integer(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .integer(Int64(self)) }
}

extension Int32: APIParamConvertible {
    /// An ``ParamValue/integer(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .integer(Int64(self)) }
}

extension Int64: APIParamConvertible {
    /// An ``ParamValue/integer(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .integer(self) }
}

extension UInt: APIParamConvertible {
    /// An integer node; values above `Int64.max` become ``ParamValue/unsignedInteger(_:)``.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .unsigned(UInt64(self)) }
}

extension UInt8: APIParamConvertible {
    /// An ``ParamValue/integer(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .integer(Int64(self)) }
}

extension UInt16: APIParamConvertible {
    /// An ``ParamValue/integer(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .integer(Int64(self)) }
}

extension UInt32: APIParamConvertible {
    /// An ``ParamValue/integer(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .integer(Int64(self)) }
}

extension UInt64: APIParamConvertible {
    /// An integer node; values above `Int64.max` become ``ParamValue/unsignedInteger(_:)``.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .unsigned(self) }
}

extension Double: APIParamConvertible {
    /// A ``ParamValue/double(_:)`` node. Encoders reject NaN and infinities with
    /// ``EndpointRequestError/nonFiniteNumber(path:)``.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .double(self) }
}

extension Float: APIParamConvertible {
    /// A ``ParamValue/double(_:)`` node holding the `Double` nearest to the `Float`'s shortest
    /// decimal form, so `Float(0.1)` is sent as `0.1`, not `0.10000000149011612`.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue {
        guard isFinite else { return .double(Double(self)) }
        return .double(Double(description) ?? Double(self))
    }
}

extension Decimal: APIParamConvertible {
    /// A ``ParamValue/decimal(_:)`` node, rendered with all its digits.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .decimal(self) }
}

extension Date: APIParamConvertible {
    /// A ``ParamValue/date(_:)`` node, rendered by the encoder's ``DateEncodingStyle``
    /// (ISO 8601 by default).
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .date(self) }
}

extension URL: APIParamConvertible {
    /// The URL's absolute string.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .string(absoluteString) }
}

extension UUID: APIParamConvertible {
    /// The UUID in its canonical upper-case form.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .string(uuidString) }
}

extension Optional: APIParamConvertible where Wrapped: APIParamConvertible {
    /// The wrapped value's node, or ``ParamValue/null`` (omitted from a query, `null` in JSON).
    public func value(forHTTPMethod method: HTTPRequest.Method) throws -> ParamValue {
        switch self {
        case .none: .null
        case .some(let wrapped): try wrapped.value(forHTTPMethod: method)
        }
    }
}

extension Array: APIParamConvertible where Element: APIParamConvertible {
    /// An ``ParamValue/array(_:)`` node, elements in order.
    public func value(forHTTPMethod method: HTTPRequest.Method) throws -> ParamValue {
        // A loop into a concrete `[ParamValue]` rather than `map`: reached through an existential,
        // this runs unspecialized, and `map` looked up generic array metadata at run time on every
        // call (about 1,100 instructions per array).
        var values: [ParamValue] = []
        values.reserveCapacity(count)
        for element in self { values.append(try element.value(forHTTPMethod: method)) }
        return .array(values)
    }
}

extension Dictionary: APIParamConvertible where Key == String, Value: APIParamConvertible {
    /// An ``ParamValue/object(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) throws -> ParamValue {
        .object(try mapValues { try $0.value(forHTTPMethod: method) })
    }
}

extension RawRepresentable where Self: APIParamConvertible, RawValue == String {
    /// The raw value as a ``ParamValue/string(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .string(rawValue) }
}

extension RawRepresentable where Self: APIParamConvertible, RawValue == Int {
    /// The raw value as an ``ParamValue/integer(_:)`` node.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .integer(Int64(rawValue)) }
}
