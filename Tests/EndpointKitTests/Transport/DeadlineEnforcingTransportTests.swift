@testable import EndpointKit
import EndpointKitAsyncHTTPClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import ProcessTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// EndpointKit's own transports bound an exchange by its deadline themselves, head and body, so
/// the controller runs attempts in the caller's task (``DeadlineEnforcingTransport``).
@Suite("Deadline-enforcing transports")
struct DeadlineEnforcingTransportTests {
    /// The transports that enforce deadlines, each in a fresh instance.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case urlSessionBuffered, urlSessionStreamed, asyncHTTPClient

        var testDescription: String { rawValue }

        func make() -> any DeadlineEnforcingTransport {
            switch self {
            case .urlSessionBuffered: URLSessionEndpointTransport(configuration: .ephemeral)
            case .urlSessionStreamed: URLSessionEndpointTransport(configuration: .ephemeral, responseDelivery: .streamed)
            case .asyncHTTPClient: AsyncHTTPClientEndpointTransport(client: TransportKind.nonRedirectingHTTPClient)
            }
        }
    }

    /// Sends a GET of `path` within `timeout` and reads the whole body.
    private static func fetch(_ path: String, over transport: any DeadlineEnforcingTransport, at server: TestHTTPServer, timeout: Duration)
        async throws -> (HTTPResponse, Data)
    {
        let head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: path)
        let (response, body) = try await transport.send(head, body: nil, baseURL: server.baseURL, operationID: "", timeout: timeout)
        return (response, try await Data(collecting: try #require(body), upTo: 1 << 24))
    }

    /// A server whose `/late` answers after 20 s, whose `/drip` sends its `n`-byte body a byte every
    /// 200 ms (a minute or more), and whose other paths answer at once.
    private static func handler(_ request: TestHTTPServer.ReceivedRequest) async -> TestHTTPServer.Reply {
        switch request.path {
        case "/late":
            try? await Task.sleep(for: .seconds(20))
            return .json(#"{"late":true}"#)
        case let path where path.hasPrefix("/drip/"):
            let length = Int(path.dropFirst("/drip/".count)) ?? 300
            return .init(status: 200, headers: [], body: .fault(.drip(interval: .milliseconds(200)), declaredLength: length))
        default:
            return .json(#"{"ok":true}"#)
        }
    }

    @Test("A late head fails the exchange at its deadline with TransportDeadlineExceeded", arguments: Kind.allCases)
    func lateHead(_ kind: Kind) async throws {
        try await TestScheduling.timed {
            try await withServer(Self.handler) { server in
                let start = ContinuousClock.now
                let error = await #expect(throws: TransportDeadlineExceeded.self) {
                    _ = try await Self.fetch("/late", over: kind.make(), at: server, timeout: .milliseconds(400))
                }
                #expect(error == TransportDeadlineExceeded(timeout: .milliseconds(400)))
                #expect((ContinuousClock.now - start) < .seconds(10) * Sanitizers.slowdown, "against a 20 s wait")
                #expect(error.map(TransportErrorClassifier.classify) == .timedOut)
            }
        }
    }

    @Test(
        "A body that trickles past the deadline fails with TransportDeadlineExceeded, small (held whole) or large (streamed)",
        arguments: Kind.allCases, [300, 1_000_000])
    func tricklingBody(_ kind: Kind, length: Int) async throws {
        try await TestScheduling.timed {
            try await withServer(storedBodyLimit: 0, Self.handler) { server in
                let start = ContinuousClock.now
                await #expect(throws: TransportDeadlineExceeded.self) {
                    _ = try await Self.fetch("/drip/\(length)", over: kind.make(), at: server, timeout: .milliseconds(600))
                }
                #expect((ContinuousClock.now - start) < .seconds(15) * Sanitizers.slowdown, "against a drip of a minute or more")
            }
        }
    }

    @Test("An answer that arrived whole is not failed by its deadline passing later", arguments: Kind.allCases)
    func completeAnswerOutlivesDeadline(_ kind: Kind) async throws {
        try await TestScheduling.timed {
            try await withServer(Self.handler) { server in
                // Long enough for a loaded machine to answer; the answer is read after it passed.
                let timeout = Duration.seconds(3)
                let head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/quick")
                let start = ContinuousClock.now
                let (response, body) = try await kind.make().send(head, body: nil, baseURL: server.baseURL, operationID: "", timeout: timeout)
                try await Task.sleep(until: start + timeout + .milliseconds(500))
                #expect(response.status == .ok)
                #expect(try await String(collecting: try #require(body), upTo: 1 << 10) == #"{"ok":true}"#)
            }
        }
    }

    @Test("Cancelling the caller cancels the exchange: cancelled, not timed out", arguments: Kind.allCases)
    func callerCancellation(_ kind: Kind) async throws {
        try await TestScheduling.timed {
            try await withServer(Self.handler) { server in
                let transport = kind.make()
                let start = ContinuousClock.now
                let fetch = Task { try await Self.fetch("/late", over: transport, at: server, timeout: .seconds(30)) }
                try await Task.sleep(for: .milliseconds(200))
                fetch.cancel()
                let error = await #expect(throws: (any Error).self) { try await fetch.value }
                #expect(error.map(TransportErrorClassifier.classify) == .cancelled, "\(String(describing: error))")
                #expect((ContinuousClock.now - start) < .seconds(10) * Sanitizers.slowdown)
            }
        }
    }

    @Test("Over a deadline-enforcing transport the controller sends from the caller's task, over another from a task of its own")
    func controllerRunsAttemptsInline() async throws {
        let enforcing = TaskRecordingTransport()
        let plain = TaskRecordingTransport()
        let endpoint = Endpoint<Data>(serverURL: URL(string: "https://api.example.com")!, pathPrefix: "x")
        let caller = withUnsafeCurrentTask { $0?.hashValue }

        _ = try await EndpointController<EndpointDefaultServerError>(transport: DeadlineTransport(recording: enforcing)).load(endpoint)
        #expect(enforcing.calls == [.init(task: caller, timeout: .seconds(60))])

        _ = try await EndpointController<EndpointDefaultServerError>(transport: plain).load(endpoint)
        let plainCall = try #require(plain.calls.first)
        #expect(plainCall.timeout == nil && plainCall.task != caller)

        // With enforcesTimeouts off, no deadline is handed over, and nothing leaves the caller's task.
        let off = TaskRecordingTransport()
        _ = try await EndpointController<EndpointDefaultServerError>(
            transport: DeadlineTransport(recording: off), configuration: .init(enforcesTimeouts: false)
        ).load(endpoint)
        #expect(off.calls == [.init(task: caller, timeout: nil)])
    }
}

/// Records the task each send ran in, and the deadline it was given.
final class TaskRecordingTransport: ClientTransport, Sendable {
    struct Call: Equatable {
        var task: Int?
        var timeout: Duration?
    }

    private let recorded = Locked<[Call]>([])

    var calls: [Call] { recorded.withLock { $0 } }

    func record(timeout: Duration?) -> (HTTPResponse, HTTPBody?) {
        recorded.withLock { $0.append(Call(task: withUnsafeCurrentTask { $0?.hashValue }, timeout: timeout)) }
        return (HTTPResponse(status: .ok), HTTPBody("{}"))
    }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        record(timeout: nil)
    }
}

/// A ``DeadlineEnforcingTransport`` over a ``TaskRecordingTransport``.
struct DeadlineTransport: DeadlineEnforcingTransport {
    let recording: TaskRecordingTransport

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        recording.record(timeout: nil)
    }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String, timeout: Duration) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        recording.record(timeout: timeout)
    }
}
