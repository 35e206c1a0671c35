import Foundation

/// Why ``URLSessionEndpointTransport`` could not send a request or read its answer.
public enum URLSessionEndpointTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The base URL and the request's path do not make a URL (they are shown).
    case invalidURL(String)
    /// The answer was not an HTTP answer, or its status is outside 100...999.
    case invalidResponse(String)
    /// The request body ended at `actual` bytes, not the `declared` length.
    case bodyLengthMismatch(declared: Int64, actual: Int64)

    public var description: String {
        switch self {
        case .invalidURL(let url):
            "the base URL and the request's path do not make a URL: \(url)"
        case .invalidResponse(let reason):
            "the answer is not an HTTP answer URLSession can hand over: \(reason)"
        case .bodyLengthMismatch(let declared, let actual):
            "the request body has \(actual) bytes, not the \(declared) its length declares"
        }
    }
}
