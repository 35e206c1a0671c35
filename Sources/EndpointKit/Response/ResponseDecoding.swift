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
        return try decodeJSON(decodable, as: Response.self, from: body, decoder: decoder)
    }

    /// Decodes `T` (the opened `Response`) and hands it back as `Response`: a cast between two
    /// generic parameters of the same type moves the value, where returning it as `any Decodable`
    /// first boxed and copied it.
    private static func decodeJSON<T: Decodable, Response>(_: T.Type, as _: Response.Type, from body: Data, decoder: JSONDecoder) throws
        -> Response
    {
        try decoder.decode(T.self, from: body) as! Response
    }

    /// Throws unless the response's content type, when it has one, is JSON.
    static func checkJSONContentType(_ response: HTTPResponse) throws {
        guard let contentType = contentType(of: response) else { return }
        guard isJSON(contentType) else {
            throw ResponseDecodingError.unacceptableContentType(contentType, expected: "application/json or a +json type")
        }
    }

    /// The `Content-Type` value; several fields are joined as `HTTPFields` joins them, but the
    /// usual single field is read without building a new string.
    static func contentType(of response: HTTPResponse) -> String? {
        var found: String?
        for field in response.headerFields where field.name == .contentType {
            guard found == nil else { return response.headerFields[.contentType] }
            found = field.value
        }
        return found
    }

    /// Whether a `Content-Type` value is JSON: `application/json`, `text/json` or `…/…+json`,
    /// in any case, with any parameters and optional whitespace around the media type.
    ///
    /// Read on the UTF-8 bytes: this runs for every decoded answer, and trimming and lowercasing
    /// through Foundation cost about 13 µs per answer on Linux.
    static func isJSON(_ contentType: String) -> Bool {
        var contentType = contentType
        return contentType.withUTF8 { bytes in
            var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
            var start = bytes.startIndex
            while start < end, isWhitespace(bytes[start]) { start += 1 }
            while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
            let mediaType = UnsafeBufferPointer(rebasing: bytes[start..<end])
            return equalsIgnoringCase(mediaType, "application/json") || equalsIgnoringCase(mediaType, "text/json")
                || (mediaType.count >= 5 && equalsIgnoringCase(UnsafeBufferPointer(rebasing: mediaType[(mediaType.count - 5)...]), "+json"))
        }
    }

    /// Space or horizontal tab: the optional whitespace of RFC 9110 (`trimmingCharacters(in:
    /// .whitespaces)` took any Unicode space, which a header value cannot hold unencoded).
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Whether `bytes` spell `lowercase` (ASCII) in any case.
    private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        for (byte, wanted) in zip(bytes, expected) {
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            guard folded == wanted else { return false }
        }
        return true
    }
}
