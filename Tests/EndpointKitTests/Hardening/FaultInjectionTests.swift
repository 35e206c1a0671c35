import Foundation
import ProcessTesting
import Testing

@testable import EndpointKit

/// Issue 7 (faults): a server that fails on the wire or in what it says. For each fault, with both
/// transports: the typed error, the attempts the retry policy allows (counted on the server too),
/// and no hang beyond the timeout.
@Suite("Hardening: fault injection")
struct FaultInjectionTests {
    private static let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10))

    private func get(_ server: TestHTTPServer, _ path: String = "/user", method: HTTPRequest.Method = .get) -> Endpoint<User> {
        Endpoint<User>(serverURL: server.baseURL, pathPrefix: path, method: method)
    }

    /// Loads `endpoint` and gives its error and the seconds it took; records an issue on success.
    private func failure(_ controller: EndpointController<EndpointDefaultServerError>, _ endpoint: Endpoint<User>) async -> (EndpointError?, Double) {
        let start = ContinuousClock.now
        do {
            let user = try await controller.load(endpoint)
            Issue.record("expected a failure, got \(user)")
            return (nil, 0)
        } catch {
            let elapsed = ContinuousClock.now - start
            return (error, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
    }

    @Test("A connection reset mid-body: a transport failure, retried for GET (3 attempts), not for POST", arguments: TransportKind.allCases)
    func resetMidBody(kind: TransportKind) async throws {
        try await TestScheduling.timed {
            try await withServer({ _ in .init(status: 200, headers: [("Content-Type", "application/json")], body: .fault(.resetAfter(bytes: 10), declaredLength: 1000)) }) { server in
                let controller = makeController(kind, retryPolicy: Self.policy, timeout: .seconds(2))
                let (error, seconds) = await failure(controller, get(server))
                guard case .transport? = error?.kind else { Issue.record("\(kind): \(String(describing: error))"); return }
                #expect(error?.attempts == 3 && server.requests.count == 3, "\(kind): \(String(describing: error))")
                // No hang: within the attempts' timeouts, 3 × 2 s (a loose bound: CI machines are loaded).
                #expect(seconds < 15 * Sanitizers.slowdown, "\(kind) took \(seconds) s")
                let (post, _) = await failure(controller, get(server, method: .post))
                #expect(post?.attempts == 1 && server.requests.count == 4, "\(kind): POST is not retried")
            }
        }
    }

    @Test("A body shorter than its Content-Length: a transport failure, never a truncated payload", arguments: TransportKind.allCases)
    func shortBody(kind: TransportKind) async throws {
        try await TestScheduling.timed {
            try await withServer({ _ in .init(status: 200, headers: [("Content-Type", "application/json")], body: .fault(.closeAfter(bytes: 12), declaredLength: 40)) }) { server in
                let controller = makeController(kind, retryPolicy: Self.policy, timeout: .seconds(2))
                let (error, seconds) = await failure(controller, get(server))
                guard case .transport? = error?.kind else { Issue.record("\(kind): \(String(describing: error))"); return }
                #expect(error?.attempts == 3 && server.requests.count == 3)
                #expect(seconds < 15 * Sanitizers.slowdown, "\(kind) took \(seconds) s")
            }
        }
    }

    @Test("Bytes dripped slower than the timeout: timed out after each attempt's timeout, not the drip's 60 s", arguments: TransportKind.allCases)
    func drip(kind: TransportKind) async throws {
        try await TestScheduling.timed {
            try await withServer({ _ in .init(status: 200, headers: [("Content-Type", "application/json")], body: .fault(.drip(interval: .milliseconds(200)), declaredLength: 300)) }) { server in
                let controller = makeController(kind, retryPolicy: .none, timeout: .milliseconds(800))
                let (error, seconds) = await failure(controller, get(server))
                #expect(error.map { if case .transport(.timedOut) = $0.kind { true } else { false } } == true, "\(kind): \(String(describing: error))")
                #expect(error?.attempts == 1)
                #expect(seconds < 8 * Sanitizers.slowdown, "\(kind) took \(seconds) s, against a drip of 60 s")
            }
        }
    }

    @Test("A burst of 500s: not retried (500 is not in the retryable statuses); 503s are, up to the policy", arguments: TransportKind.allCases)
    func serverErrors(kind: TransportKind) async throws {
        try await withServer({ request in request.path == "/busy" ? .json(#"{"error":"busy"}"#, status: 503) : .json(#"{"error":"boom"}"#, status: 500) }) { server in
            let controller = makeController(kind, retryPolicy: Self.policy)
            let (boom, _) = await failure(controller, get(server))
            #expect(boom?.status == .internalServerError && boom?.attempts == 1 && server.requests(to: "/user").count == 1)
            let (busy, _) = await failure(controller, get(server, "/busy"))
            #expect(busy?.status == .serviceUnavailable && busy?.attempts == 3 && server.requests(to: "/busy").count == 3)
        }
    }

    @Test("429 with Retry-After: waits as asked, then succeeds", arguments: TransportKind.allCases)
    func tooManyRequests(kind: TransportKind) async throws {
        let served = Locked(0)
        try await withServer({ _ in
            served.increment() == 1 ? .json(#"{"error":"slow down"}"#, status: 429, headers: [("Retry-After", "1")]) : .json(#"{"id":1,"name":"Ada"}"#)
        }) { server in
            let controller = makeController(kind, retryPolicy: Self.policy)
            let start = ContinuousClock.now
            let user = try await controller.load(get(server))
            #expect(user == User(id: 1, name: "Ada"))
            #expect(ContinuousClock.now - start >= .seconds(1))
            #expect(server.requests.count == 2)
        }
    }

    @Test("Malformed JSON, a wrong Content-Type and an HTML error page: typed errors, one attempt each, bounded excerpts", arguments: TransportKind.allCases)
    func wrongAnswers(kind: TransportKind) async throws {
        let html = "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1>" + String(repeating: "<p>nginx</p>", count: 200) + "</body></html>"
        try await withServer({ request in
            switch request.path {
            case "/malformed": .json(#"{"id":1,"name":"#)
            case "/html": .text("<html>not json</html>", contentType: "text/html")
            default: .text(html, status: 500, contentType: "text/html")
            }
        }) { server in
            let controller = makeController(kind, retryPolicy: Self.policy)
            let (malformed, _) = await failure(controller, get(server, "/malformed"))
            guard case .decoding? = malformed?.kind else { Issue.record("\(String(describing: malformed))"); return }
            #expect(malformed?.attempts == 1)
            let (wrongType, _) = await failure(controller, get(server, "/html"))
            guard case .unacceptableContentType(let type, _)? = wrongType?.kind else { Issue.record("\(String(describing: wrongType))"); return }
            #expect(type?.hasPrefix("text/html") == true)
            let (page, _) = await failure(controller, get(server, "/page"))
            guard case .unacceptableStatus(let status, _, let excerpt)? = page?.kind else { Issue.record("\(String(describing: page))"); return }
            #expect(status.code == 500 && excerpt.count <= 513 && excerpt.hasPrefix("<!DOCTYPE html>"))
            #expect(server.requests.count == 3)
        }
    }

    @Test("A 10 MB error body: the status error with a 512-character excerpt; over maxResponseBytes, responseTooLarge", arguments: TransportKind.allCases)
    func hugeErrorBody(kind: TransportKind) async throws {
        // 10 MB answers: not while a test measures the process's memory.
        try await TestScheduling.exclusively { try await hugeErrorBodies(kind) }
    }

    private func hugeErrorBodies(_ kind: TransportKind) async throws {
        try await withServer({ _ in .init(status: 500, headers: [("Content-Type", "text/plain")], body: .generated(count: 10 << 20, chunk: 64 << 10, delayPerChunk: nil)) }) { server in
            let (error, _) = await failure(makeController(kind, retryPolicy: .none, timeout: .seconds(60)), get(server))
            guard case .unacceptableStatus(let status, _, let excerpt)? = error?.kind else { Issue.record("\(kind): \(String(describing: error))"); return }
            #expect(status.code == 500 && excerpt.count <= 513)
            let limited = EndpointController<EndpointDefaultServerError>(
                transport: kind.make(), configuration: .init(retryPolicy: .none, timeout: .seconds(60), maxResponseBytes: 1 << 20, notificationCenter: nil))
            let (tooLarge, _) = await failure(limited, get(server))
            guard case .responseTooLarge(let limit)? = tooLarge?.kind else { Issue.record("\(kind): \(String(describing: tooLarge))"); return }
            #expect(limit == 1 << 20)
        }
    }
}
