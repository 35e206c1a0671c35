import Foundation
import HTTPTypes

extension Notification.Name {
    /// The controller could not reach the server: no network, unknown host, connection refused.
    public static let endpointServerUnreachable = Notification.Name("EndpointKit.endpointServerUnreachable")
    /// The server did not answer in time.
    public static let endpointServerNotResponding = Notification.Name("EndpointKit.endpointServerNotResponding")
    /// The server answered 401 Unauthorized: a moment to ask for credentials again.
    public static let endpointValidationError401Unauthorized = Notification.Name(
        "EndpointKit.endpointValidationError401Unauthorized")
}

/// Something that happened to a request, for metrics and for the app's reactions.
///
/// Subscribe with ``EndpointController/events()``; the three network conditions are also posted on
/// `NotificationCenter` (see ``EndpointControllerConfiguration/notificationCenter``) with the event
/// under the ``EndpointEvent/userInfoKey`` key.
public enum EndpointEvent: Sendable {
    /// A request is about to be sent for the first time.
    case requestStarted(RequestSummary)
    /// A request ended, successfully or not.
    case requestFinished(RequestSummary, RequestMetrics)
    /// The server could not be reached.
    case serverUnreachable(RequestSummary)
    /// The server did not answer in time.
    case serverNotResponding(RequestSummary)
    /// The server answered 401 Unauthorized.
    case unauthorized(RequestSummary)

    /// The key of the event in a notification's `userInfo`.
    public static let userInfoKey = "EndpointKit.event"

    /// The request the event is about.
    public var request: RequestSummary {
        switch self {
        case .requestStarted(let request), .requestFinished(let request, _), .serverUnreachable(let request),
            .serverNotResponding(let request), .unauthorized(let request):
            request
        }
    }

    /// The notification name of the network conditions; `nil` for started and finished.
    var notificationName: Notification.Name? {
        switch self {
        case .serverUnreachable: .endpointServerUnreachable
        case .serverNotResponding: .endpointServerNotResponding
        case .unauthorized: .endpointValidationError401Unauthorized
        case .requestStarted, .requestFinished: nil
        }
    }
}

/// Which request an event is about: no headers, and secret query values redacted.
public struct RequestSummary: Sendable, Hashable, CustomStringConvertible {
    /// A number that is unique per controller and increases with each request.
    public let id: UInt64
    /// The method.
    public let method: HTTPRequest.Method
    /// The URL with secret query values redacted.
    public let redactedURL: String

    /// `METHOD url`.
    public var description: String { "\(method.rawValue) \(redactedURL)" }
}

/// What one request cost, measured by the controller itself (on every transport, Linux included).
public struct RequestMetrics: Sendable, Hashable {
    /// The final status, when the server answered.
    public var status: Int?
    /// How many times the request was sent, redirects not counted.
    public var attempts: Int
    /// How many redirects were followed (all attempts).
    public var redirects: Int
    /// From the call to the first send (building the request, adapting it).
    public var queued: Duration
    /// From the call to the last attempt's response head.
    public var firstByte: Duration?
    /// From the call to the end: decoded, failed or written.
    public var total: Duration
    /// Bytes of request body sent (all attempts).
    public var bytesSent: Int64
    /// Bytes of response body received (all attempts).
    public var bytesReceived: Int64
    /// Whether the request ended in success.
    public var succeeded: Bool
}

/// Delivers events to every subscriber.
final class EventHub: Sendable {
    private let continuations = Locked<[UInt64: AsyncStream<EndpointEvent>.Continuation]>([:])
    private let nextID = Locked<UInt64>(0)

    func subscribe(bufferSize: Int) -> AsyncStream<EndpointEvent> {
        let id = nextID.withLock { value -> UInt64 in
            value += 1
            return value
        }
        let (stream, continuation) = AsyncStream<EndpointEvent>.makeStream(bufferingPolicy: .bufferingNewest(bufferSize))
        continuation.onTermination = { [weak self] _ in
            _ = self?.continuations.withLock { $0.removeValue(forKey: id) }
        }
        continuations.withLock { $0[id] = continuation }
        return stream
    }

    func emit(_ event: EndpointEvent) {
        // Most controllers have no subscriber: then no array is made.
        let subscribers = continuations.withLock { $0.isEmpty ? [] : Array($0.values) }
        for continuation in subscribers { continuation.yield(event) }
    }
}
