import Foundation
import HTTPTypes

/// Renders a parameter tree as an `application/x-www-form-urlencoded`-style query string:
/// the query of a URL, or a form body.
///
/// The rules are explicit and configurable:
///
/// | style | default | alternatives |
/// | --- | --- | --- |
/// | ``arrayStyle`` | ``ArrayStyle/repeatedKey``: `a=1&a=2` | ``ArrayStyle/brackets`` `a[]=1&a[]=2`, ``ArrayStyle/commaSeparated`` `a=1,2`, ``ArrayStyle/indexed`` `a[0]=1&a[1]=2` |
/// | ``boolStyle`` | ``BoolStyle/trueFalse``: `a=true` | ``BoolStyle/numeric`` `a=1` |
/// | ``nestingStyle`` | ``NestingStyle/brackets``: `a[b]=c` | ``NestingStyle/dots`` `a.b=c` |
/// | ``spaceStyle`` | ``SpaceStyle/percent20``: `a=x%20y` | ``SpaceStyle/plus`` `a=x+y` (what HTML forms send) |
/// | ``dateStyle`` | ``DateEncodingStyle/iso8601`` | any ``DateEncodingStyle`` |
///
/// Always:
/// - Keys are emitted in ascending order at every level; array elements keep their order. The same
///   parameters always give the same query, byte for byte.
/// - Names and values are percent-encoded per RFC 3986: only `A-Z a-z 0-9 - . _ ~` stay bare,
///   so `+`, `&`, `=`, `/`, `:`, `[`, `]` and every non-ASCII byte are escaped. (URLComponents'
///   `queryItems` leaves `+` bare, which servers read as a space.) Brackets that the encoder itself
///   adds are escaped too (`a%5B%5D=1`); servers decode them before parsing.
/// - ``ParamValue/null`` is omitted, and so are empty arrays and empty objects: a query has no
///   form for them. A null inside an array is an error, because omitting it would shift the others.
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

    /// Creates an encoder; every argument has the documented default.
    public init(
        arrayStyle: ArrayStyle = .repeatedKey,
        boolStyle: BoolStyle = .trueFalse,
        nestingStyle: NestingStyle = .brackets,
        spaceStyle: SpaceStyle = .percent20,
        dateStyle: DateEncodingStyle = .iso8601
    ) {
        self.arrayStyle = arrayStyle
        self.boolStyle = boolStyle
        self.nestingStyle = nestingStyle
        self.spaceStyle = spaceStyle
        self.dateStyle = dateStyle
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

    /// Appends the encoded pairs of `parameters` to `output`, `&`-separated.
    func append(_ parameters: [String: ParamValue], to output: inout [UInt8]) throws {
        var writer = Writer(encoder: self, output: output)
        output = []
        defer { output = writer.output }
        for key in parameters.keys.sorted() {
            try writer.write(parameters[key]!, name: key)
        }
    }

    /// Writes name-value pairs into a byte buffer.
    private struct Writer {
        let encoder: QueryEncoder
        var output: [UInt8]

        /// Writes `value` under `name`; `indexed` once an enclosing array had to be indexed.
        mutating func write(_ value: ParamValue, name: String, indexed: Bool = false) throws {
            switch value {
            case .null:
                return
            case .array(let elements):
                try writeArray(elements, name: name, indexed: indexed)
            case .object(let members):
                for key in members.keys.sorted() {
                    try write(members[key]!, name: nestedName(name, key), indexed: indexed)
                }
            case .date(let date):
                try write(encoder.dateStyle.render(date), name: name, indexed: indexed)
            default:
                try pair(name: name, value: scalar(value, path: name))
            }
        }

        private mutating func writeArray(_ elements: [ParamValue], name: String, indexed: Bool) throws {
            let isFlat = elements.allSatisfy { element in
                switch element {
                case .array, .object: false
                default: true
                }
            }
            guard isFlat, !indexed, encoder.arrayStyle != .indexed else {
                for (index, element) in elements.enumerated() {
                    let elementName = indexedName(name, index)
                    if case .null = element { throw nullElement(at: elementName) }
                    try write(element, name: elementName, indexed: true)
                }
                return
            }
            switch encoder.arrayStyle {
            case .repeatedKey, .brackets:
                let elementName = encoder.arrayStyle == .brackets ? name + "[]" : name
                for (index, element) in elements.enumerated() {
                    try pair(name: elementName, value: scalar(element, path: self.indexedName(name, index)))
                }
            case .commaSeparated:
                guard !elements.isEmpty else { return }
                startPair(name: name)
                for (index, element) in elements.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    appendEncoded(try scalar(element, path: self.indexedName(name, index)))
                }
            case .indexed:
                preconditionFailure("indexed arrays are written above")
            }
        }

        private func nestedName(_ name: String, _ key: String) -> String {
            switch encoder.nestingStyle {
            case .brackets: "\(name)[\(key)]"
            case .dots: "\(name).\(key)"
            }
        }

        private func indexedName(_ name: String, _ index: Int) -> String {
            switch encoder.nestingStyle {
            case .brackets: "\(name)[\(index)]"
            case .dots: "\(name).\(index)"
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
                throw nullElement(at: path())
            case .array, .object:
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
            PercentEncoding.append(string, to: &output, spaceAsPlus: encoder.spaceStyle == .plus)
        }
    }
}
