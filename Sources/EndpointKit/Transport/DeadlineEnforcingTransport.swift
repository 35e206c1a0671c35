import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A transport that bounds an exchange by a deadline itself: the wait for the answer's head and
/// the arrival of every byte of its body.
///
/// ``EndpointController`` sends through ``send(_:body:baseURL:operationID:timeout:)`` when its
/// transport offers it, and then runs each attempt in the caller's task. Over any other transport
/// it runs each attempt in a task of its own, which its deadline cancels: that hand-over costs a
/// thread switch per request (BENCHMARKS.md). ``URLSessionEndpointTransport`` and
/// `AsyncHTTPClientEndpointTransport` (EndpointKitAsyncHTTPClient) enforce deadlines themselves.
///
/// Once the deadline has passed, the exchange fails with ``TransportDeadlineExceeded``: `send`
/// throws it while the head is awaited, and the body's iteration throws it while bytes are still
/// to come. A body that has arrived whole is no longer bounded, so a slow reader of a complete
/// answer never times out.
public protocol DeadlineEnforcingTransport: ClientTransport {
    /// Sends `request` as ``ClientTransport/send(_:body:baseURL:operationID:)`` does, failing
    /// with ``TransportDeadlineExceeded`` once `timeout` has passed without the whole answer.
    ///
    /// - Parameters:
    ///   - request: The request head; its path is joined to `baseURL`.
    ///   - body: The request body, if any.
    ///   - baseURL: The scheme and authority.
    ///   - operationID: The operation's name, for logs.
    ///   - timeout: How long the exchange may take, from now to the last byte of the answer.
    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String, timeout: Duration) async throws
        -> (HTTPResponse, HTTPBody?)
}

/// The failure of an exchange whose deadline passed before the whole answer arrived
/// (``DeadlineEnforcingTransport``). ``EndpointController`` reports it as a timed-out attempt.
public struct TransportDeadlineExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// The exchange's time limit.
    public var timeout: Duration

    /// The failure of an exchange limited to `timeout`.
    public init(timeout: Duration) {
        self.timeout = timeout
    }

    public var description: String { "the exchange took longer than its \(timeout) deadline" }
}
