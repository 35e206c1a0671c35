import Foundation
import HTTPTypes

extension Request {
    /// The request as one line for logs and debugging: the method, the URL with secret query values
    /// redacted, and the headers with secret values redacted (`app_key: <redacted>`), so that
    /// printing a request never prints its credentials.
    ///
    /// ``Endpoint`` uses it for `description`, `debugDescription` and its mirror; give your own
    /// request types the same by conforming them to `CustomStringConvertible` with it.
    public func redactedDescription(redaction: Redaction = .default) -> String {
        let target: String
        if let prepared = try? prepare() {
            target = prepared.origin + redaction.redactTarget(prepared.request.path ?? "/")
        } else {
            target = "\(baseURL.host() ?? "?") \(path) (not a valid request)"
        }
        let headers = headerFields.sorted { $0.key < $1.key }.map { "\($0.key): \(redaction.headerValue($0.value, forHeader: $0.key))" }
        return "\(method.rawValue) \(target)" + (headers.isEmpty ? "" : " [" + headers.joined(separator: ", ") + "]")
    }
}

extension Endpoint: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// ``Request/redactedDescription(redaction:)``: no credentials.
    public var description: String { redactedDescription() }
    /// ``Request/redactedDescription(redaction:)``: no credentials.
    public var debugDescription: String { redactedDescription() }
    /// A mirror without the header values, so `dump` and debuggers show no credentials either.
    public var customMirror: Mirror {
        Mirror(self, children: ["request": redactedDescription()], displayStyle: .struct)
    }
}
