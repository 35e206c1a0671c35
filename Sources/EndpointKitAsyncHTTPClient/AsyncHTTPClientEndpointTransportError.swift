/// Why `AsyncHTTPClientEndpointTransport` could not send a request.
public enum AsyncHTTPClientEndpointTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request body ran to `actual` bytes, not the `declared` length (it stops being read
    /// one chunk past a longer body).
    case bodyLengthMismatch(declared: Int64, actual: Int64)

    public var description: String {
        switch self {
        case .bodyLengthMismatch(let declared, let actual):
            "the request body has \(actual) bytes, not the \(declared) its length declares"
        }
    }
}
