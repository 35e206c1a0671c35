import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sorts the errors of the common transports into ``EndpointError/TransportFailure``, without
/// depending on them: `URLError` codes for URLSession, and the error names of AsyncHTTPClient and
/// SwiftNIO (`connectTimeout`, `readTimeout`, `Connection refused`, …).
public enum TransportErrorClassifier {
    /// The failure that `error` stands for.
    public static func classify(_ error: any Error) -> EndpointError.TransportFailure {
        if error is CancellationError { return .cancelled }
        if error is TransportDeadlineExceeded { return .timedOut }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cancelled:
                return .cancelled
            case .timedOut:
                return .timedOut
            case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed,
                .internationalRoamingOff, .dataNotAllowed, .secureConnectionFailed:
                return .unreachable(urlError.localizedDescription)
            case .networkConnectionLost:
                return .connectionLost(urlError.localizedDescription)
            default:
                return .other(urlError.localizedDescription)
            }
        }
        let text = String(describing: error)
        // Read the words of SwiftNIO and AsyncHTTPClient errors only; another error's text could
        // hold any word (a path, a message), so it stays `.other`.
        let typeName = String(reflecting: type(of: error))
        guard typeName.hasPrefix("AsyncHTTPClient.") || typeName.hasPrefix("NIO") else { return .other(text) }
        let lowered = text.lowercased()
        if lowered.contains("cancel") { return .cancelled }
        if lowered.contains("timeout") || lowered.contains("timed out") || lowered.contains("deadlineexceeded") {
            return .timedOut
        }
        if lowered.contains("connection refused") || lowered.contains("connectionrefused")
            || lowered.contains("nioconnectionerror") || lowered.contains("no route to host")
            || lowered.contains("host is down") || lowered.contains("unknown host") || lowered.contains("name resolution")
        {
            return .unreachable(text)
        }
        if lowered.contains("connection reset") || lowered.contains("remoteconnectionclosed")
            || lowered.contains("broken pipe") || lowered.contains("eof") || lowered.contains("closed")
        {
            return .connectionLost(text)
        }
        return .other(text)
    }
}
