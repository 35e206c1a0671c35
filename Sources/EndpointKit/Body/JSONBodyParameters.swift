import Foundation
import HTTPTypes

/// A JSON body (`application/json`) written from parameters.
///
/// Object keys are written in ascending order, so the same parameters always give the same bytes.
/// `nil` optionals become `null`; NaN and infinities are refused with
/// ``EndpointRequestError/nonFiniteNumber(path:)`` naming where they were.
///
/// ```swift
/// let body = JSONBodyParameters(["name": "Ada", "age": 36, "nickname": String?.none])
/// // {"age":36,"name":"Ada","nickname":null}
/// ```
public struct JSONBodyParameters: BodyParameters {
    /// The value to write; any ``APIParamConvertible``, not only objects.
    public var value: any APIParamConvertible
    /// How dates are written. Default ``DateEncodingStyle/iso8601``.
    public var dateStyle: DateEncodingStyle

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
        .data(try JSONWriter.data(value.value(forHTTPMethod: method), dateStyle: dateStyle))
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
