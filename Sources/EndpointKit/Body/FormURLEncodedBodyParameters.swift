import Foundation
import HTTPTypes

/// An `application/x-www-form-urlencoded` body, written by a ``QueryEncoder``.
///
/// The default encoder, ``QueryEncoder/form``, writes spaces as `+` like an HTML form; every other
/// rule (key order and key encoding, nulls, percent-encoding, arrays, nesting) is the query
/// encoder's, so one configured encoder serves both.
///
/// ```swift
/// let body = FormURLEncodedBodyParameters(["grant_type": "client_credentials", "scope": "read write"])
/// // grant_type=client_credentials&scope=read+write
/// ```
public struct FormURLEncodedBodyParameters: BodyParameters {
    /// The parameters; they must render as an object.
    public var value: any APIParamConvertible
    /// The encoder that writes the body.
    public var encoder: QueryEncoder

    /// `application/x-www-form-urlencoded`.
    public var contentType: String { "application/x-www-form-urlencoded" }

    /// A form of these parameters.
    public init(_ form: [String: any APIParamConvertible], encoder: QueryEncoder = .form) {
        self.init(value: ParamDictionary(form), encoder: encoder)
    }

    /// A form of an ``APIParameters`` value or anything else that renders as an object.
    public init(value: any APIParamConvertible, encoder: QueryEncoder = .form) {
        self.value = value
        self.encoder = encoder
    }

    /// The encoded form.
    ///
    /// - Throws: ``EndpointRequestError/parametersNotAnObject(location:kind:)`` when the value is
    ///   not an object, and the query encoder's errors.
    public func buildEntity(forHTTPMethod method: HTTPRequest.Method) throws -> RequestBodyEntity {
        let tree = try value.value(forHTTPMethod: method)
        var output: [UInt8] = []
        if case .object(let dictionary) = tree {
            try encoder.append(dictionary, to: &output)
        } else if let members = tree.members(declared: encoder.keyOrder == .declared) {
            try encoder.append(members, to: &output)
        } else {
            throw EndpointRequestError.parametersNotAnObject(location: "form", kind: tree.kindName)
        }
        return .data(Data(output))
    }
}
