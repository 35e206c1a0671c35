import EndpointKit
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A transport that answers from canned responses, and fails loudly on anything it was not told
/// about. Every request it receives is recorded.
///
/// ```swift
/// let transport = StubTransport()
/// transport.stub(.get, "/users/867", with: .json(#"{"id":867,"name":"Jenny"}"#))
/// transport.stub(.get, "/flaky", with: [.status(503), .json("{}")])   // one answer per call
/// let controller = EndpointController<EndpointDefaultServerError>(transport: transport)
/// ```
///
/// A request that matches no stub throws ``UnexpectedRequest``, whose description names the
/// request and every stub there is, and is kept in ``unexpectedRequests`` so a test can assert
/// that there were none.
public final class StubTransport: ClientTransport, Sendable {
    /// A canned answer: a status, headers and a body, after an optional delay; or a failure.
    public struct Response: Sendable {
        /// The status.
        public var status: HTTPResponse.Status
        /// The header fields.
        public var headerFields: HTTPFields
        /// The body.
        public var body: Data
        /// How long to wait before answering (the wait honours cancellation).
        public var delay: Duration?
        /// An error to throw instead of answering, such as `URLError(.notConnectedToInternet)`.
        public var failure: (any Error & Sendable)?

        /// An answer.
        public init(status: HTTPResponse.Status = .ok, headerFields: HTTPFields = [:], body: Data = Data(), delay: Duration? = nil) {
            self.status = status
            self.headerFields = headerFields
            self.body = body
            self.delay = delay
        }

        /// A JSON answer.
        public static func json(_ text: String, status: HTTPResponse.Status = .ok, delay: Duration? = nil) -> Response {
            Response(status: status, headerFields: [.contentType: "application/json"], body: Data(text.utf8), delay: delay)
        }

        /// An answer with a status and no body.
        public static func status(_ status: HTTPResponse.Status, headerFields: HTTPFields = [:]) -> Response {
            Response(status: status, headerFields: headerFields)
        }

        /// A transport failure.
        public static func failure(_ error: any Error & Sendable, delay: Duration? = nil) -> Response {
            var response = Response(delay: delay)
            response.failure = error
            return response
        }
    }

    /// The error for a request no stub matches.
    public struct UnexpectedRequest: Error, Sendable, CustomStringConvertible {
        /// The request.
        public var request: RecordedRequest
        /// The stubs there were, as `METHOD path`.
        public var stubs: [String]

        /// What arrived and what was expected.
        public var description: String {
            "StubTransport: unexpected request \(request.method.rawValue) \(request.request.path ?? "/"); stubs: "
                + (stubs.isEmpty ? "none" : stubs.joined(separator: ", "))
        }
    }

    private struct Stub {
        var method: HTTPRequest.Method
        var path: String
        var responses: [Response]
        var calls = 0
    }

    private let stubs = Guarded<[Stub]>([])
    private let log = Guarded<[RecordedRequest]>([])
    private let unexpected = Guarded<[RecordedRequest]>([])

    /// A transport with no stubs yet.
    public init() {}

    /// Answers `method path` with `response`, every time. A `path` with a `?` must match the
    /// query too (percent-encoded, as sent); one without matches any query.
    public func stub(_ method: HTTPRequest.Method, _ path: String, with response: Response) {
        stub(method, path, with: [response])
    }

    /// Answers `method path` with `responses` in turn, one per call; the last repeats.
    public func stub(_ method: HTTPRequest.Method, _ path: String, with responses: [Response]) {
        precondition(!responses.isEmpty, "a stub needs at least one response")
        stubs.withLock { $0.append(Stub(method: method, path: path, responses: responses)) }
    }

    /// Every request received, in order.
    public var requests: [RecordedRequest] { log.withLock { $0 } }

    /// The requests that matched no stub.
    public var unexpectedRequests: [RecordedRequest] { unexpected.withLock { $0 } }

    /// Answers from the stubs; see the type's documentation.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        let (recorded, _) = try await RecordedRequest.record(request, body: body, baseURL: baseURL, limit: 64 << 20)
        log.withLock { $0.append(recorded) }
        let target = request.path ?? "/"
        let response: Response? = stubs.withLock { stubs in
            // The latest stub for a request wins, so a test can override an earlier one.
            guard let index = stubs.lastIndex(where: { stub in
                stub.method == request.method && (stub.path.contains("?") ? stub.path == target : stub.path == recorded.path)
            }) else { return nil }
            let response = stubs[index].responses[min(stubs[index].calls, stubs[index].responses.count - 1)]
            stubs[index].calls += 1
            return response
        }
        guard let response else {
            unexpected.withLock { $0.append(recorded) }
            throw UnexpectedRequest(request: recorded, stubs: stubs.withLock { $0.map { "\($0.method.rawValue) \($0.path)" } })
        }
        if let delay = response.delay { try await Task.sleep(for: delay) }
        if let failure = response.failure { throw failure }
        return (
            HTTPResponse(status: response.status, headerFields: response.headerFields),
            response.body.isEmpty ? nil : HTTPBody(response.body)
        )
    }
}

/// A transport that records every request and passes it on to another transport.
public final class RecordingTransport: ClientTransport, Sendable {
    private let upstream: any ClientTransport
    private let log = Guarded<[RecordedRequest]>([])
    private let limit: Int

    /// Records requests sent through `upstream`, keeping bodies up to `bodyLimit` bytes in memory.
    public init(_ upstream: any ClientTransport, bodyLimit: Int = 64 << 20) {
        self.upstream = upstream
        limit = bodyLimit
    }

    /// Every request sent, in order.
    public var requests: [RecordedRequest] { log.withLock { $0 } }

    /// Records the request, then sends it with the upstream transport.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        let (recorded, replacement) = try await RecordedRequest.record(request, body: body, baseURL: baseURL, limit: limit)
        log.withLock { $0.append(recorded) }
        return try await upstream.send(request, body: replacement, baseURL: baseURL, operationID: operationID)
    }
}
