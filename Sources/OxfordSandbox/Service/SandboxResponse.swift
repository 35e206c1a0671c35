import Foundation
import HTTPTypes
import NIOCore

/// What the sandbox answers: a status, a content type and the body's bytes (a buffer the server
/// writes without copying, also from the cache).
struct SandboxResponse: Sendable {
    var status: HTTPResponse.Status
    var contentType: String
    var body: ByteBuffer
    /// Whether the answer comes from the API (it carries `Api-Version`); the gateway's 403 does not.
    var fromAPI = true

    /// A JSON answer.
    static func json(_ value: JSON, status: HTTPResponse.Status = .ok) -> SandboxResponse {
        SandboxResponse(status: status, contentType: "application/json;charset=utf-8", body: ByteBuffer(bytes: value.serialized()))
    }

    /// The gateway's answer to missing or wrong credentials: plain text, as the real service sends it.
    static let authenticationFailed = SandboxResponse(
        status: .forbidden, contentType: "text/plain; charset=us-ascii", body: ByteBuffer(string: "Authentication failed"), fromAPI: false)
}
