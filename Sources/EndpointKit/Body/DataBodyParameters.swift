import Foundation
import HTTPTypes

/// Raw bytes with their content type: the seed's `body` for anything the other body types do not cover.
///
/// ```swift
/// let body = DataBodyParameters(data: Data("<note/>".utf8), contentType: "application/xml")
/// ```
public struct DataBodyParameters: BodyParameters {
    /// The bytes to send.
    public var data: Data
    /// The `Content-Type` header value.
    public var contentType: String

    /// Sends `data` as `contentType`.
    public init(data: Data, contentType: String) {
        self.data = data
        self.contentType = contentType
    }

    /// The bytes, after checking the content type.
    public func buildEntity(forHTTPMethod method: HTTPRequest.Method) throws -> RequestBodyEntity {
        try validateContentType(contentType)
        return .data(data)
    }
}
