import Foundation
import HTTPTypes
import Testing

@testable import EndpointKit

@Suite("Idempotency keys against a real server")
struct IdempotencyKeyTests {
    /// Answers the first request with a 503, later ones with a user.
    static func unavailableOnce(_ calls: Locked<Int>) -> TestHTTPServer.Handler {
        { _ in
            calls.increment() == 1 ? .status(503, headers: [("Retry-After", "0")]) : .json(#"{"id":1,"name":"Ada"}"#)
        }
    }

    @Test("a POST with a per-request key is retried after a 503 with the same key", arguments: TransportKind.allCases)
    func perRequestKey(kind: TransportKind) async throws {
        try await withServer(Self.unavailableOnce(Locked(0))) { server in
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "charges", method: .post, body: JSONBodyParameters(["amount": 100]))
            let user = try await makeController(kind).load(endpoint, extraHeaders: .idempotencyKey("charge-42"))
            #expect(user.name == "Ada")
            #expect(server.requests.map { $0.header("Idempotency-Key") } == ["charge-42", "charge-42"])
            let bodies = server.requests.map(\.bodyCount)
            #expect(bodies.count == 2 && bodies[0] > 0 && bodies[0] == bodies[1])
        }
    }

    @Test("the controller's policy gives every POST and PATCH one new UUID key for all its attempts", arguments: [HTTPRequest.Method.post, .patch])
    func controllerPolicy(method: HTTPRequest.Method) async throws {
        try await withServer(Self.unavailableOnce(Locked(0))) { server in
            let controller = EndpointController<EndpointDefaultServerError>(
                transport: TransportKind.endpointKitAsyncHTTPClient.make(),
                configuration: .init(retryPolicy: RetryPolicy(baseDelay: .milliseconds(10)), idempotencyKeys: .automatic, notificationCenter: nil))
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "orders", method: method, body: JSONBodyParameters(["n": 1]))
            _ = try await controller.load(endpoint)
            let keys = server.requests.map { $0.header("Idempotency-Key") }
            #expect(keys.count == 2)
            #expect(keys[0] != nil && keys[0] == keys[1])
            #expect(keys[0].flatMap(UUID.init(uuidString:)) != nil)
            // The next logical request gets a new key.
            _ = try await controller.load(endpoint)
            #expect(server.requests.last?.header("Idempotency-Key") != keys[0])
        }
    }

    @Test("without the opt-in a POST is not retried", arguments: TransportKind.allCases)
    func noOptIn(kind: TransportKind) async throws {
        try await withServer(Self.unavailableOnce(Locked(0))) { server in
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "charges", method: .post, body: JSONBodyParameters(["amount": 100]))
            let error = await #expect(throws: EndpointError.self) { try await makeController(kind).load(endpoint) }
            #expect(error?.status == .serviceUnavailable)
            #expect(error?.attempts == 1)
            #expect(server.requests.count == 1)
            #expect(server.requests.first?.header("Idempotency-Key") == nil)
        }
    }

    @Test("a GET gets no key from the policy, and a request's own key is kept")
    func keptAndSkipped() async throws {
        try await withServer({ _ in .json(#"{"id":1,"name":"Ada"}"#) }) { server in
            let controller = EndpointController<EndpointDefaultServerError>(
                transport: TransportKind.endpointKitAsyncHTTPClient.make(), configuration: .init(idempotencyKeys: .automatic, notificationCenter: nil))
            _ = try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "me"))
            let post = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "me", method: .post, headerFields: ["Idempotency-Key": "mine"])
            _ = try await controller.load(post)
            #expect(server.requests.map { $0.header("Idempotency-Key") } == [nil, "mine"])
        }
    }

    @Test("the retry policy retries a keyed request whatever its method, and an unkeyed POST never")
    func policy() {
        let policy = RetryPolicy(baseDelay: .zero)
        #expect(policy.delay(afterAttempt: 1, method: .post, elapsed: .zero, retryAfter: nil) == nil)
        #expect(policy.delay(afterAttempt: 1, method: .post, elapsed: .zero, retryAfter: nil, carriesIdempotencyKey: true) == .zero)
        #expect(policy.delay(afterAttempt: 1, method: .patch, elapsed: .zero, retryAfter: nil, carriesIdempotencyKey: true) == .zero)
        // The key does not lift the other limits.
        #expect(policy.delay(afterAttempt: 3, method: .post, elapsed: .zero, retryAfter: nil, carriesIdempotencyKey: true) == nil)
    }

    @Test("a header name that cannot be a field name, or an empty key, is a typed error")
    func invalidHeaderName() async throws {
        let controller = EndpointController<EndpointDefaultServerError>(
            transport: TransportKind.endpointKitAsyncHTTPClient.make(),
            configuration: .init(idempotencyKeys: IdempotencyKeyPolicy(headerName: "Idempotency Key"), notificationCenter: nil))
        let post = Endpoint<User>(serverURL: URL(string: "http://127.0.0.1:9")!, pathPrefix: "me", method: .post)
        let error = await #expect(throws: EndpointError.self) { try await controller.load(post) }
        #expect(error.map { if case .invalidRequest(.invalidHeaderName("Idempotency Key")) = $0.kind { true } else { false } } == true)
        #expect(error?.attempts == 0)

        let empty = EndpointController<EndpointDefaultServerError>(
            transport: TransportKind.endpointKitAsyncHTTPClient.make(),
            configuration: .init(idempotencyKeys: IdempotencyKeyPolicy(makeKey: { "" }), notificationCenter: nil))
        let emptyKey = await #expect(throws: EndpointError.self) { try await empty.load(post) }
        #expect(emptyKey.map { if case .invalidRequest(.invalidHeaderValue(name: "Idempotency-Key", _)) = $0.kind { true } else { false } } == true)
    }
}
