import AsyncHTTPClient
import EndpointKit
import EndpointKitAsyncHTTPClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import ProcessTesting
import Testing

/// What `AsyncHTTPClientEndpointTransport` adds to the suite's transport matrix (every integration
/// test runs over it too): its URL mapping, its own deadline, its request bodies, and the one-line controller.
@Suite("AsyncHTTPClientEndpointTransport")
struct AsyncHTTPClientEndpointTransportTests {
    @Test("The one-line controller loads over it; the URL is the base URL and the path joined, query and all")
    func loadsAndMapsURLs() async throws {
        try await withServer({ request in .json(#"{"path":"\#(request.uri)"}"#) }) { server in
            struct Answer: Decodable, Equatable { var path: String }
            let controller = EndpointController<EndpointDefaultServerError>.asyncHTTPClient()
            let answer = try await controller.load(Endpoint<Answer>(serverURL: server.baseURL, pathPrefix: "users", objectID: "a b", queryParameters: ["q": "x&y"]))
            #expect(answer == Answer(path: "/users/a%20b?q=x%26y"))

            // As a swift-openapi transport: the base URL's own path comes first.
            let transport = AsyncHTTPClientEndpointTransport()
            let head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/items?page=2")
            let (response, body) = try await transport.send(head, body: nil, baseURL: server.baseURL.appendingPathComponent("api/v2"), operationID: "items")
            #expect(response.status == .ok)
            let text = try await String(collecting: try #require(body), upTo: 1 << 16)
            #expect(text == #"{"path":"/api/v2/items?page=2"}"#)

            // The controller makes the client spans: the shared client makes none of its own.
            #expect(AsyncHTTPClientEndpointTransport.nonRedirectingClient.tracer == nil)

            let (headResponse, headBody) = try await transport.send(
                HTTPRequest(method: .head, scheme: nil, authority: nil, path: "/x"), body: nil, baseURL: server.baseURL, operationID: "head")
            #expect(headResponse.status == .ok && headBody == nil)
        }
    }

    @Test("Its own deadline bounds the head and the body, alone and under the controller")
    func deadlines() async throws {
        try await TestScheduling.timed {
            try await withServer(storedBodyLimit: 0, { request in
                if request.path == "/late" { try? await Task.sleep(for: .seconds(20)) }
                return .init(status: 200, headers: [("Content-Type", "application/json")], body: .fault(.drip(interval: .milliseconds(200)), declaredLength: 300))
            }) { server in
                let transport = AsyncHTTPClientEndpointTransport(timeout: .milliseconds(500))
                for path in ["/late", "/slow"] {
                    let start = ContinuousClock.now
                    let error = await #expect(throws: TransportDeadlineExceeded.self) {
                        let (_, body) = try await transport.send(
                            HTTPRequest(method: .get, scheme: nil, authority: nil, path: path), body: nil, baseURL: server.baseURL, operationID: "")
                        _ = try await Data(collecting: try #require(body), upTo: 1 << 20)
                    }
                    #expect((ContinuousClock.now - start) < .seconds(10) * Sanitizers.slowdown, "\(path): against 20 s or a 60 s drip")
                    #expect(error.map(TransportErrorClassifier.classify) == .timedOut)
                }

                let controller = EndpointController<EndpointDefaultServerError>.asyncHTTPClient(
                    configuration: .init(retryPolicy: .none, timeout: .milliseconds(800), notificationCenter: nil))
                let bodyStart = ContinuousClock.now
                let error = await #expect(throws: EndpointError.self) {
                    try await controller.load(Endpoint<Data>(serverURL: server.baseURL, pathPrefix: "slow"))
                }
                #expect(error.map { if case .transport(.timedOut) = $0.kind { true } else { false } } == true, "\(String(describing: error))")
                #expect((ContinuousClock.now - bodyStart) < .seconds(15) * Sanitizers.slowdown, "against a drip of 60 s")
            }
        }
    }

    @Test("A request body of known length is sent whole with its head, or refused when it does not have that length")
    func bodies() async throws {
        try await withServer({ request in .json(#"{"received":\#(request.body.count)}"#) }) { server in
            struct Received: Decodable, Equatable { var received: Int }
            let controller = EndpointController<EndpointDefaultServerError>.asyncHTTPClient()
            let post = Endpoint<Received>(serverURL: server.baseURL, pathPrefix: "up", method: .post, body: DataBodyParameters(data: Data(repeating: 7, count: 70_000), contentType: "application/octet-stream"))
            let received = try await controller.load(post)
            #expect(received == Received(received: 70_000))
            #expect(server.requests.last?.header("Content-Length") == "70000" && server.requests.last?.header("Transfer-Encoding") == nil)

            let transport = AsyncHTTPClientEndpointTransport()
            let head = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/short")
            for (declared, actual) in [(100, 10), (10, 100)] {
                let body = HTTPBody(Array(repeating: UInt8(1), count: actual), length: .known(Int64(declared)))
                let error = await #expect(throws: AsyncHTTPClientEndpointTransportError.self) {
                    _ = try await transport.send(head, body: body, baseURL: server.baseURL, operationID: "")
                }
                if case .bodyLengthMismatch(let declaredLength, _) = error { #expect(declaredLength == Int64(declared)) }
            }
            #expect(server.requests.allSatisfy { $0.path != "/short" })
        }
    }
}
