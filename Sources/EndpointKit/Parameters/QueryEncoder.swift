import Foundation
import HTTPTypes

/// Renders a parameter tree as an `application/x-www-form-urlencoded`-style query string:
/// the query of a URL, or a form body.
///
/// The rules are explicit and configurable:
///
/// | style | default | alternatives |
/// | --- | --- | --- |
/// | ``arrayStyle`` | ``ArrayStyle/repeatedKey``: `a=1&a=2` | ``ArrayStyle/brackets`` `a[]=1&a[]=2`, ``ArrayStyle/commaSeparated`` `a=1,2`, ``ArrayStyle/indexed`` `a[0]=1&a[1]=2`, or your ``arrayKeyFormatter`` |
/// | ``boolStyle`` | ``BoolStyle/trueFalse``: `a=true` | ``BoolStyle/numeric`` `a=1` |
/// | ``nestingStyle`` | ``NestingStyle/brackets``: `a[b]=c` | ``NestingStyle/dots`` `a.b=c`, or your ``nestedKeyFormatter`` |
/// | ``spaceStyle`` | ``SpaceStyle/percent20``: `a=x%20y` | ``SpaceStyle/plus`` `a=x+y` (what HTML forms send) |
/// | ``dateStyle`` | ``DateEncodingStyle/iso8601`` | any ``DateEncodingStyle`` |
/// | ``keyEncoding`` | ``ParamKeyEncoding/useDefaultKeys``: `pageSize=1` | ``ParamKeyEncoding/convertToSnakeCase`` `page_size=1`, ``ParamKeyEncoding/convertToKebabCase`` `page-size=1`, ``ParamKeyEncoding/custom(_:)`` |
/// | ``nilEncoding`` | ``NilEncoding/drop``: nothing | ``NilEncoding/emptyValue`` `a=`, ``NilEncoding/nullLiteral`` `a=null`, ``NilEncoding/bareKey`` `a` |
/// | ``keyOrder`` | ``KeyOrder/sorted`` | ``KeyOrder/declared``: the order of an `Encodable` type or a `CaseIterable` key enum |
/// | ``allowedCharacters`` | ``AllowedCharacters/rfc3986Unreserved``: `A-Z a-z 0-9 - . _ ~` bare | ``AllowedCharacters/whatwgFormURLEncoded``, ``AllowedCharacters/rfc3986Query``, your own subset |
///
/// With the defaults:
/// - Keys are emitted in ascending order at every level; array elements keep their order. The same
///   parameters always give the same query, byte for byte.
/// - Names and values are percent-encoded per RFC 3986: only `A-Z a-z 0-9 - . _ ~` stay bare,
///   so `+`, `&`, `=`, `/`, `:`, `[`, `]` and every non-ASCII byte are escaped. (URLComponents'
///   `queryItems` leaves `+` bare, which servers read as a space.) Brackets that the encoder itself
///   adds are escaped too (`a%5B%5D=1`); servers decode them before parsing.
/// - ``ParamValue/null`` is omitted, and so are empty arrays and empty objects: a query has no
///   form for them. A null inside an array is an error, because omitting it would shift the others
///   (with another ``nilEncoding`` it is written as that style's value: `a=&a=2`).
/// - Arrays that hold arrays or objects are always indexed (`a[0][b]=1`), whatever ``arrayStyle``,
///   and so is every array below them, because no other style can be parsed back unambiguously.
/// - With ``ArrayStyle/commaSeparated``, a comma inside an element is escaped (`%2C`), so a server
///   that splits on literal commas before decoding gets the elements back.
/// - NaN and infinities are errors (``EndpointRequestError/nonFiniteNumber(path:)``).
public struct QueryEncoder: Sendable {
    /// How arrays of plain values are written.
    public enum ArrayStyle: Sendable, Hashable, CaseIterable {
        /// `a=1&a=2`: the key repeated (OpenAPI's default `form` style; what most servers read).
        case repeatedKey
        /// `a[]=1&a[]=2`: Rails, PHP and Alamofire's default.
        case brackets
        /// `a=1,2`: one pair, elements joined by commas.
        case commaSeparated
        /// `a[0]=1&a[1]=2`: explicit indices.
        case indexed
    }

    /// How Booleans are written.
    public enum BoolStyle: Sendable, Hashable, CaseIterable {
        /// `true` and `false`.
        case trueFalse
        /// `1` and `0`.
        case numeric
    }

    /// How keys of nested objects are written.
    public enum NestingStyle: Sendable, Hashable, CaseIterable {
        /// `a[b]=c`.
        case brackets
        /// `a.b=c`.
        case dots
    }

    /// How a space is written.
    public enum SpaceStyle: Sendable, Hashable, CaseIterable {
        /// `%20`, valid in any URL.
        case percent20
        /// `+`, the `application/x-www-form-urlencoded` convention of HTML forms.
        case plus
    }

    /// How arrays of plain values are written. Default: ``ArrayStyle/repeatedKey``.
    public var arrayStyle: ArrayStyle
    /// How Booleans are written. Default: ``BoolStyle/trueFalse``.
    public var boolStyle: BoolStyle
    /// How nested keys are written. Default: ``NestingStyle/brackets``.
    public var nestingStyle: NestingStyle
    /// How spaces are written. Default: ``SpaceStyle/percent20``.
    public var spaceStyle: SpaceStyle
    /// How dates are written. Default: ``DateEncodingStyle/iso8601``.
    public var dateStyle: DateEncodingStyle
    /// How names are written. Default: ``ParamKeyEncoding/useDefaultKeys``, as declared.
    public var keyEncoding: ParamKeyEncoding
    /// How a null member is written. Default: ``NilEncoding/drop``.
    public var nilEncoding: NilEncoding
    /// The order of an object's members. Default: ``KeyOrder/sorted``.
    public var keyOrder: KeyOrder
    /// The characters written bare. Default: ``AllowedCharacters/rfc3986Unreserved``.
    public var allowedCharacters: AllowedCharacters
    /// Writes the name of a nested member from its parent's name and its own, instead of
    /// ``nestingStyle``; also names array elements by their index when ``arrayKeyFormatter`` is
    /// `nil`. Default `nil`.
    ///
    /// ```swift
    /// encoder.nestedKeyFormatter = { parent, key in "\(parent)__\(key)" }  // filter__kind=x
    /// ```
    public var nestedKeyFormatter: (@Sendable (_ parent: String, _ key: String) -> String)?
    /// Writes the name of each element of an array from the array's name and the element's
    /// index, instead of ``arrayStyle`` (and of the indices of arrays that must be indexed).
    /// Default `nil`.
    ///
    /// ```swift
    /// encoder.arrayKeyFormatter = { name, index in "\(name)(\(index))" }  // ids(0)=4&ids(1)=7
    /// ```
    public var arrayKeyFormatter: (@Sendable (_ name: String, _ index: Int) -> String)?

    /// Creates an encoder; every argument has the documented default.
    public init(
        arrayStyle: ArrayStyle = .repeatedKey,
        boolStyle: BoolStyle = .trueFalse,
        nestingStyle: NestingStyle = .brackets,
        spaceStyle: SpaceStyle = .percent20,
        dateStyle: DateEncodingStyle = .iso8601,
        keyEncoding: ParamKeyEncoding = .useDefaultKeys,
        nilEncoding: NilEncoding = .drop,
        keyOrder: KeyOrder = .sorted,
        allowedCharacters: AllowedCharacters = .rfc3986Unreserved
    ) {
        self.arrayStyle = arrayStyle
        self.boolStyle = boolStyle
        self.nestingStyle = nestingStyle
        self.spaceStyle = spaceStyle
        self.dateStyle = dateStyle
        self.keyEncoding = keyEncoding
        self.nilEncoding = nilEncoding
        self.keyOrder = keyOrder
        self.allowedCharacters = allowedCharacters
    }

    /// The encoder for URL queries: every default.
    public static let query = QueryEncoder()
    /// The encoder for `application/x-www-form-urlencoded` bodies: spaces as `+`, otherwise the defaults.
    public static let form = QueryEncoder(spaceStyle: .plus)

    /// The percent-encoded query for `parameters` (without a leading `?`); empty when nothing is sent.
    public func encode(_ parameters: [String: ParamValue]) throws -> String {
        var output: [UInt8] = []
        try append(parameters, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The percent-encoded query for `parameters` rendered for `method`.
    public func encode(_ parameters: [String: any APIParamConvertible], forHTTPMethod method: HTTPRequest.Method) throws
        -> String
    {
        try encode(parameters.paramTree(forHTTPMethod: method))
    }

    /// The percent-encoded query for an object (``ParamValue/object(_:)`` or
    /// ``ParamValue/orderedObject(_:)``), in ``keyOrder``.
    ///
    /// - Throws: ``EndpointRequestError/parametersNotAnObject(location:kind:)`` for another value.
    public func encode(_ object: ParamValue) throws -> String {
        guard let members = object.members(declared: keyOrder == .declared) else {
            throw EndpointRequestError.parametersNotAnObject(location: "query", kind: object.kindName)
        }
        var output: [UInt8] = []
        try append(members, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the encoded pairs of `parameters` to `output`, `&`-separated.
    func append(_ parameters: [String: ParamValue], to output: inout [UInt8]) throws {
        guard keyEncoding.isIdentity else {
            try append(ParamValue.object(parameters).members(declared: false)!, to: &output)
            return
        }
        var writer = Writer(encoder: self, escapesUnreserved: allowedCharacters == .rfc3986Unreserved, output: output)
        output = []
        defer { output = writer.output }
        try writer.writeSorted(parameters, parent: nil, indexed: false)
    }

    /// Appends the encoded pairs of `members`, in their order, to `output`, `&`-separated; their
    /// names as ``keyEncoding`` writes them unless `encodesNames` is false (names already written).
    func append(_ members: [ParamMember], to output: inout [UInt8], encodesNames: Bool = true) throws {
        var writer = Writer(encoder: self, escapesUnreserved: allowedCharacters == .rfc3986Unreserved, output: output)
        output = []
        defer { output = writer.output }
        try writer.writeMembers(members, parent: nil, indexed: false, encodesNames: encodesNames)
    }

    /// `name` as ``keyEncoding`` writes it.
    func encodedName(_ name: String) -> String {
        keyEncoding.encode(name)
    }

    /// Writes name-value pairs into a byte buffer.
    private struct Writer {
        let encoder: QueryEncoder
        /// Whether names and values are escaped with the default set (checked once, not per string).
        let escapesUnreserved: Bool
        var output: [UInt8]

        /// Writes the members of an object, in order, each under its name as ``QueryEncoder/keyEncoding``
        /// writes it (unless `encodesNames` is false), below `parent`. A key encoding can map two
        /// names to one, which is refused; sorted members are sorted by the names as written.
        mutating func writeMembers(_ members: [ParamMember], parent: String?, indexed: Bool, encodesNames: Bool = true) throws {
            guard encodesNames, !encoder.keyEncoding.isIdentity else {
                for member in members {
                    try write(member.value, name: parent.map { nestedName($0, member.name) } ?? member.name, indexed: indexed)
                }
                return
            }
            var encoded = members.map { ParamMember(encoder.keyEncoding.encode($0.name), $0.value) }
            var names = Set<String>(minimumCapacity: encoded.count)
            for member in encoded where !names.insert(member.name).inserted {
                throw EndpointRequestError.duplicateParameterName(member.name)
            }
            if encoder.keyOrder == .sorted { encoded.sort { $0.name < $1.name } }
            try writeMembers(encoded, parent: parent, indexed: indexed, encodesNames: false)
        }

        /// Writes the members of a dictionary in ascending order of their names, as they are (the
        /// common case: no key encoding, nothing to copy).
        mutating func writeSorted(_ members: [String: ParamValue], parent: String?, indexed: Bool) throws {
            for key in members.keys.sorted() {
                try write(members[key]!, name: parent.map { nestedName($0, key) } ?? key, indexed: indexed)
            }
        }

        /// Writes `value` under `name`; `indexed` once an enclosing array had to be indexed.
        mutating func write(_ value: ParamValue, name: String, indexed: Bool = false) throws {
            switch value {
            case .null:
                writeNull(name: name)
            case .array(let elements):
                try writeArray(elements, name: name, indexed: indexed)
            case .object(let members) where encoder.keyEncoding.isIdentity:
                try writeSorted(members, parent: name, indexed: indexed)
            case .object, .orderedObject:
                try writeMembers(value.members(declared: encoder.keyOrder == .declared)!, parent: name, indexed: indexed)
            case .date(let date):
                try write(encoder.dateStyle.render(date), name: name, indexed: indexed)
            default:
                try pair(name: name, value: scalar(value, path: name))
            }
        }

        /// Writes a null member as ``QueryEncoder/nilEncoding`` says.
        private mutating func writeNull(name: String) {
            switch encoder.nilEncoding {
            case .drop:
                return
            case .emptyValue:
                pair(name: name, value: "")
            case .nullLiteral:
                pair(name: name, value: "null")
            case .bareKey:
                if !output.isEmpty { output.append(UInt8(ascii: "&")) }
                appendEncoded(name)
            }
        }

        private mutating func writeArray(_ elements: [ParamValue], name: String, indexed: Bool) throws {
            // Read here, so the error paths' autoclosures capture the style, not a copy of the writer.
            let style = encoder.nestingStyle
            let isFlat = elements.allSatisfy { element in
                switch element {
                case .array, .object, .orderedObject: false
                default: true
                }
            }
            guard isFlat, !indexed, encoder.arrayStyle != .indexed else {
                for (index, element) in elements.enumerated() {
                    let elementName = indexedName(name, index)
                    if case .null = element, encoder.nilEncoding == .drop { throw nullElement(at: elementName) }
                    try write(element, name: elementName, indexed: true)
                }
                return
            }
            if let formatter = encoder.arrayKeyFormatter {
                for (index, element) in elements.enumerated() {
                    try pair(name: formatter(name, index), value: scalar(element, path: Writer.errorPath(name, index, style)))
                }
                return
            }
            switch encoder.arrayStyle {
            case .repeatedKey, .brackets:
                let elementName = encoder.arrayStyle == .brackets ? name + "[]" : name
                for (index, element) in elements.enumerated() {
                    try pair(name: elementName, value: scalar(element, path: Writer.errorPath(name, index, style)))
                }
            case .commaSeparated:
                guard !elements.isEmpty else { return }
                startPair(name: name)
                // A comma inside an element is always escaped, whatever the allowed characters.
                let allowed = encoder.allowedCharacters.removing(UInt8(ascii: ","))
                for (index, element) in elements.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    appendEncoded(try scalar(element, path: Writer.errorPath(name, index, style)), allowed: allowed)
                }
            case .indexed:
                preconditionFailure("indexed arrays are written above")
            }
        }

        private func nestedName(_ name: String, _ key: String) -> String {
            if let formatter = encoder.nestedKeyFormatter { return formatter(name, key) }
            switch encoder.nestingStyle {
            case .brackets: return "\(name)[\(key)]"
            case .dots: return "\(name).\(key)"
            }
        }

        private func indexedName(_ name: String, _ index: Int) -> String {
            if let formatter = encoder.arrayKeyFormatter { return formatter(name, index) }
            if let formatter = encoder.nestedKeyFormatter { return formatter(name, String(index)) }
            switch encoder.nestingStyle {
            case .brackets: return "\(name)[\(index)]"
            case .dots: return "\(name).\(index)"
            }
        }

        private func nullElement(at path: String) -> EndpointRequestError {
            .unsupportedQueryValue(path: path, reason: "a null array element has no query form (omitting it would shift the others)")
        }

        /// The text of a plain value.
        private func scalar(_ value: ParamValue, path: @autoclosure () -> String) throws -> String {
            switch value {
            case .string(let string):
                return string
            case .integer(let integer):
                return String(integer)
            case .unsignedInteger(let integer):
                return String(integer)
            case .double(let double):
                guard double.isFinite else { throw EndpointRequestError.nonFiniteNumber(path: path()) }
                return JSONWriter.render(double)
            case .decimal(let decimal):
                guard !decimal.isNaN else { throw EndpointRequestError.nonFiniteNumber(path: path()) }
                return decimal.description
            case .bool(let bool):
                switch encoder.boolStyle {
                case .trueFalse: return bool ? "true" : "false"
                case .numeric: return bool ? "1" : "0"
                }
            case .date(let date):
                return try scalar(encoder.dateStyle.render(date), path: path())
            case .null:
                switch encoder.nilEncoding {
                case .drop: throw nullElement(at: path())
                case .emptyValue, .bareKey: return ""
                case .nullLiteral: return "null"
                }
            case .array, .object, .orderedObject:
                throw EndpointRequestError.unsupportedQueryValue(path: path(), reason: "a nested \(value.kindName) is not a plain value")
            }
        }

        private mutating func startPair(name: String) {
            if !output.isEmpty { output.append(UInt8(ascii: "&")) }
            appendEncoded(name)
            output.append(UInt8(ascii: "="))
        }

        private mutating func pair(name: String, value: String) {
            startPair(name: name)
            appendEncoded(value)
        }

        private mutating func appendEncoded(_ string: String) {
            if escapesUnreserved {
                PercentEncoding.append(string, to: &output, spaceAsPlus: encoder.spaceStyle == .plus)
            } else {
                appendEncoded(string, allowed: encoder.allowedCharacters)
            }
        }

        /// The path of an array element in error messages (`ids[1]`), made without copying the
        /// writer into a closure.
        static func errorPath(_ name: String, _ index: Int, _ style: NestingStyle) -> String {
            switch style {
            case .brackets: "\(name)[\(index)]"
            case .dots: "\(name).\(index)"
            }
        }

        private mutating func appendEncoded(_ string: String, allowed: AllowedCharacters) {
            PercentEncoding.append(string, to: &output, spaceAsPlus: encoder.spaceStyle == .plus, allowed: allowed)
        }
    }
}
