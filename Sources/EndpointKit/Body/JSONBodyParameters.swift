import Foundation
import HTTPTypes

/// A JSON body (`application/json`) written from parameters.
///
/// By default object keys are written in ascending order, compact, with `/` bare, so the same
/// parameters always give the same bytes. `nil` optionals become `null`; NaN and infinities are
/// refused with ``EndpointRequestError/nonFiniteNumber(path:)`` naming where they were.
///
/// ```swift
/// let body = JSONBodyParameters(["name": "Ada", "age": 36, "nickname": String?.none])
/// // {"age":36,"name":"Ada","nickname":null}
/// ```
///
/// ``keyEncoding`` and ``outputFormatting`` are `JSONEncoder`'s `keyEncodingStrategy` and
/// `outputFormatting`, with the same results:
///
/// ```swift
/// var body = JSONBodyParameters(value: EncodableParameters(profile))
/// body.keyEncoding = .convertToSnakeCase          // {"display_name":…}
/// body.outputFormatting = [.prettyPrinted]        // declared order, two-space indents, "\/"
/// ```
public struct JSONBodyParameters: BodyParameters {
    /// The value to write; any ``APIParamConvertible``, not only objects.
    public var value: any APIParamConvertible
    /// How dates are written. Default ``DateEncodingStyle/iso8601``.
    public var dateStyle: DateEncodingStyle
    /// How object keys are written. Default ``ParamKeyEncoding/useDefaultKeys``.
    public var keyEncoding: ParamKeyEncoding = .useDefaultKeys
    /// The layout of the text. Default ``OutputFormatting/default``: sorted keys, `/` bare.
    public var outputFormatting: OutputFormatting = .default

    /// The layout of JSON text, as `JSONEncoder.OutputFormatting`.
    public struct OutputFormatting: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        /// Creates the options of `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Object keys in ascending order. Without it, the members of an `Encodable` type or a
        /// `CaseIterable`-keyed ``KeyedAPIParameters`` keep their declared order; a dictionary's
        /// stay sorted (a dictionary has no order, and the bytes stay stable).
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 0)
        /// Two-space indents and a line per member, `"key" : value`, as `JSONEncoder` writes.
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 1)
        /// `/` written bare. Without it a slash is written `\/`, as `JSONEncoder` does by default.
        public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 2)

        /// What EndpointKit always wrote: `[.sortedKeys, .withoutEscapingSlashes]`, compact.
        public static let `default`: OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    /// `application/json`.
    public var contentType: String { "application/json" }

    /// A JSON object of these parameters.
    public init(_ object: [String: any APIParamConvertible], dateStyle: DateEncodingStyle = .iso8601) {
        self.init(value: ParamDictionary(object), dateStyle: dateStyle)
    }

    /// Any JSON value: an array, an ``APIParameters`` type, ``EncodableParameters``, a ``ParamValue``.
    public init(value: any APIParamConvertible, dateStyle: DateEncodingStyle = .iso8601) {
        self.value = value
        self.dateStyle = dateStyle
    }

    /// The JSON text.
    public func buildEntity(forHTTPMethod method: HTTPRequest.Method) throws -> RequestBodyEntity {
        .data(
            try JSONWriter.data(
                value.value(forHTTPMethod: method), dateStyle: dateStyle, keyEncoding: keyEncoding, formatting: outputFormatting))
    }
}

/// A dictionary of mixed parameters as one ``APIParamConvertible`` object.
struct ParamDictionary: APIParamConvertible {
    let members: [String: any APIParamConvertible]

    init(_ members: [String: any APIParamConvertible]) {
        self.members = members
    }

    func value(forHTTPMethod method: HTTPRequest.Method) throws -> ParamValue {
        .object(try members.paramTree(forHTTPMethod: method))
    }
}
