import Foundation
import HTTPTypes
import NIOCore

/// A request the sandbox refuses, with the status and message the service would send.
struct SandboxFailure: Error, Sendable {
    /// How the service writes its errors.
    enum Style: Sendable {
        /// `{"error": "…"}` (v2 and v1 JSON endpoints).
        case error
        /// `{"message": "…"}`: the web framework's answer to an unknown route or method.
        case message
        /// The v1 service's HTML error page.
        case html
    }

    var status: HTTPResponse.Status
    var message: String
    var style: Style = .error

    static func badRequest(_ message: String) -> SandboxFailure { SandboxFailure(status: .badRequest, message: message) }
    static func notFound(_ message: String) -> SandboxFailure { SandboxFailure(status: .notFound, message: message) }

    /// The entries endpoint's message, for an unknown word and for filters that match nothing alike.
    static let noEntry = notFound("No entry found matching supplied source_lang, word and provided filters")

    /// The answer to an unknown route.
    static let unknownRoute = SandboxFailure(
        status: .notFound,
        message: "404 Not Found: The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.",
        style: .message)

    /// The answer written for this failure.
    var response: SandboxResponse {
        switch style {
        case .error: .json(.object(["error": .string(message)]), status: status)
        case .message: .json(.object(["message": .string(message)]), status: status)
        case .html:
            SandboxResponse(
                status: status, contentType: "text/html",
                body: ByteBuffer(string: "<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 3.2 Final//EN\">\n<title>\(status.code) \(status.reasonPhrase)</title>\n<h1>\(status.reasonPhrase)</h1>\n<p>\(Self.escapeHTML(message))</p>\n"))
        }
    }

    private static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
