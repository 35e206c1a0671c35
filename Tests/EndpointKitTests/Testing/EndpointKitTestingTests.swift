import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("EndpointKitTesting: stubs, recording and fixtures")
struct EndpointKitTestingTests {
    private let server = URL(string: "https://api.example.com/v1")!

    @Test("a stub answers through the controller, and records what it received")
    func stubAnswers() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/v1/users/867", with: .json(#"{"id":867,"name":"Jenny"}"#))
        let controller = EndpointController<EndpointDefaultServerError>(transport: transport, configuration: .init(notificationCenter: nil))
        let user = try await controller.load(Endpoint<User>(serverURL: server, pathPrefix: "users", objectID: "867", queryParameters: ["expand": 1]))
        #expect(user == User(id: 867, name: "Jenny"))
        #expect(transport.requests.count == 1)
        #expect(transport.requests[0].path == "/v1/users/867")
        #expect(transport.requests[0].query == "expand=1")
        #expect(transport.unexpectedRequests.isEmpty)
    }

    @Test("an unexpected request fails loudly, naming it and the stubs there are")
    func unexpected() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/v1/users/1", with: .json("{}"))
        let controller = EndpointController<EndpointDefaultServerError>(
            transport: transport, configuration: .init(retryPolicy: .none, notificationCenter: nil))
        do {
            _ = try await controller.load(Endpoint<User>(serverURL: server, pathPrefix: "users", objectID: "2"))
            Issue.record("expected an error")
        } catch {
            guard case .transport(.other(let reason)) = error.kind else {
                Issue.record("expected the stub's error, got \(error)")
                return
            }
            #expect(reason == "StubTransport: unexpected request GET /v1/users/2; stubs: GET /v1/users/1")
        }
        #expect(transport.unexpectedRequests.map(\.path) == ["/v1/users/2"])
    }

    @Test("a sequence of answers drives the retry policy; a query in the stub must match")
    func sequences() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/v1/search?q=ace", with: [.status(503), .status(429, headerFields: [.retryAfter: "0"]), .json("[1,2]")])
        let controller = EndpointController<EndpointDefaultServerError>(
            transport: transport,
            configuration: .init(retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1)), notificationCenter: nil))
        let numbers = try await controller.load(Endpoint<[Int]>(serverURL: server, pathPrefix: "search", queryParameters: ["q": "ace"]))
        #expect(numbers == [1, 2])
        #expect(transport.requests.count == 3)
    }

    @Test("failures and delays: a URLError becomes unreachable; a slow stub times out")
    func failuresAndDelays() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/v1/offline", with: .failure(URLError(.notConnectedToInternet)))
        transport.stub(.get, "/v1/slow", with: .json("{}", delay: .seconds(5)))
        let controller = EndpointController<EndpointDefaultServerError>(
            transport: transport, configuration: .init(retryPolicy: .none, timeout: .milliseconds(100), notificationCenter: nil))
        do {
            _ = try await controller.load(Endpoint<Data>(serverURL: server, pathPrefix: "offline"))
            Issue.record("expected an error")
        } catch {
            guard case .transport(.unreachable) = error.kind else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
        }
        do {
            _ = try await controller.load(Endpoint<Data>(serverURL: server, pathPrefix: "slow"))
            Issue.record("expected an error")
        } catch {
            guard case .transport(.timedOut) = error.kind else {
                Issue.record("expected a timeout, got \(error)")
                return
            }
        }
    }

    @Test("the recording transport keeps each request and its body, and passes it on")
    func recording() async throws {
        let stub = StubTransport()
        stub.stub(.post, "/v1/notes", with: .json(#"{"id":1,"name":"n"}"#, status: .created))
        let recorder = RecordingTransport(stub)
        let controller = EndpointController<EndpointDefaultServerError>(transport: recorder, configuration: .init(notificationCenter: nil))
        _ = try await controller.load(Endpoint<User>(serverURL: server, pathPrefix: "notes", method: .post, body: JSONBodyParameters(["text": "hi"])))
        #expect(recorder.requests.map(\.bodyText) == [#"{"text":"hi"}"#])
        #expect(stub.requests.map(\.bodyText) == [#"{"text":"hi"}"#])
    }

    @Test("fixtures: record once against a real server, replay offline, no secret written", arguments: TransportKind.allCases)
    func fixtures(kind: TransportKind) async throws {
        let directory = try TemporaryDirectory()
        try await withServer({ request in
            .json(#"{"id":5,"name":"Eve"}"#, headers: [("Set-Cookie", "session=abc123"), ("X-Served-By", "test")])
        }) { server in
            let endpoint = Endpoint<User>(
                serverURL: server.baseURL, pathPrefix: "users", objectID: "5", queryParameters: ["app_key": "k-999"],
                headerFields: ["app_id": "id-777"])
            let recorder = FixtureTransport(directory: directory.url, mode: .record(upstream: kind.make()))
            let recorded = try await EndpointController<EndpointDefaultServerError>(transport: recorder).load(endpoint)
            #expect(recorded == User(id: 5, name: "Eve"))
            #expect(server.requests.count == 1)

            let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            #expect(files.count == 1)
            let text = try String(contentsOf: directory.url.appendingPathComponent(files[0]), encoding: .utf8)
            #expect(!text.contains("k-999") && !text.contains("id-777") && !text.contains("abc123"))
            #expect(text.contains("X-Served-By"))

            let replayer = FixtureTransport(directory: directory.url, mode: .replay)
            let replayed = try await EndpointController<EndpointDefaultServerError>(transport: replayer).load(endpoint)
            #expect(replayed == recorded)
            #expect(server.requests.count == 1)

            do {
                _ = try await EndpointController<EndpointDefaultServerError>(
                    transport: replayer, configuration: .init(retryPolicy: .none)
                ).load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "users", objectID: "6"))
                Issue.record("expected an error")
            } catch let error as EndpointError {
                #expect(error.description.contains("FixtureTransport: no fixture GET_users_6-"))
                #expect(error.description.contains("record it first with mode .record"))
            }
        }
    }
}
