import Foundation
import HTTPTypes

/// The payload of an answer that has no content, such as `204 No Content`.
public struct EmptyResponse: Decodable, Sendable, Hashable {
    /// The empty payload.
    public init() {}
}

/// Why an answer's body could not become the request's `Response`.
public enum ResponseDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `Content-Type` is not JSON, so a `Decodable` response is not decoded.
    case unacceptableContentType(String?, expected: String)
    /// A `String` response whose body is not valid UTF-8.
    case notUTF8
    /// A `Response` type that is neither `Data`, `String`, ``EmptyResponse`` nor `Decodable`, on a
    /// request that does not implement ``Request/decodeResponse(_:response:decoder:)``.
    case unsupportedResponseType(String)

    /// What was wrong.
    public var description: String {
        switch self {
        case .unacceptableContentType(let contentType, let expected):
            "the content type \(contentType ?? "(none)") is not \(expected)"
        case .notUTF8:
            "the body is not valid UTF-8"
        case .unsupportedResponseType(let type):
            "no decoding for \(type): make it Decodable, Data, String or EmptyResponse, or implement decodeResponse"
        }
    }
}

extension Request {
    /// Decodes the answer by the type of ``Response``:
    ///
    /// - `Data`: the body as is.
    /// - `String`: the body as UTF-8.
    /// - ``EmptyResponse``: nothing is read (a 204, or any body you want to ignore).
    /// - `Decodable`: JSON, through `decoder`. The `Content-Type` must be JSON (`application/json`,
    ///   `text/json` or any `+json` type) when the server sends one.
    ///
    /// Implement this method in your request type to read anything else: XML, a custom format, or
    /// a JSON envelope you unwrap.
    public func decodeResponse(_ body: Data, response: HTTPResponse, decoder: JSONDecoder) throws -> Response {
        try ResponseDecoder.decode(Response.self, body: body, response: response, decoder: decoder)
    }
}

/// The default decoding of ``Request/decodeResponse(_:response:decoder:)``, by the response type.
enum ResponseDecoder {
    static func decode<Response>(_ type: Response.Type, body: Data, response: HTTPResponse, decoder: JSONDecoder) throws
        -> Response
    {
        if Response.self == Data.self { return body as! Response }
        if Response.self == EmptyResponse.self { return EmptyResponse() as! Response }
        if Response.self == String.self {
            guard let text = String(validating: body, as: UTF8.self) else { throw ResponseDecodingError.notUTF8 }
            return text as! Response
        }
        guard let decodable = Response.self as? any Decodable.Type else {
            throw ResponseDecodingError.unsupportedResponseType(String(describing: Response.self))
        }
        try checkJSONContentType(response)
        return try decodeJSON(decodable, from: body, decoder: decoder) as! Response
    }

    private static func decodeJSON<T: Decodable>(_ type: T.Type, from body: Data, decoder: JSONDecoder) throws -> T {
        try decoder.decode(T.self, from: body)
    }

    /// Throws unless the response's content type, when it has one, is JSON.
    static func checkJSONContentType(_ response: HTTPResponse) throws {
        guard let contentType = response.headerFields[.contentType] else { return }
        guard isJSON(contentType) else {
            throw ResponseDecodingError.unacceptableContentType(contentType, expected: "application/json or a +json type")
        }
    }

    /// Whether a `Content-Type` value is JSON: `application/json`, `text/json` or `…/…+json`.
    static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
        return mediaType == "application/json" || mediaType == "text/json" || mediaType.hasSuffix("+json")
    }
}
