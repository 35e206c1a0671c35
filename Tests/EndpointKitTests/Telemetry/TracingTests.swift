import Foundation
import CoreMetrics
import InMemoryTracing
import Testing
import Tracing

@testable import EndpointKit

/// Client spans over a real server on loopback: names, OpenTelemetry attributes, events and the
/// propagated context.
@Suite("Tracing requests")
struct TracingTests {
    private struct User: Decodable, Sendable, Equatable {
        var id: Int
        var name: String
    }

    @Test("a request is one client span with OpenTelemetry's HTTP client attributes", arguments: TransportKind.allCases)
    func clientSpan(kind: TransportKind) async throws {
        let tracer = InMemoryTracer()
        try await withServer({ _ in .json(#"{"id":867,"name":"Jenny"}"#) }) { server in
            let endpoint = Endpoint<User>(
                serverURL: server.baseURL, pathPrefix: "users", objectID: "867", queryParameters: ["app_key": "s3cret", "q": "x"])
            _ = try await makeTracedController(kind, tracer: tracer).load(endpoint)
            let spans = tracer.finishedSpans
            try #require(spans.count == 1)
            let span = spans[0]
            #expect(span.operationName == "GET /users/{id}")
            #expect(span.kind == .client)
            #expect(span.parentSpanID == nil)
            #expect(span.attributes["http.request.method"]?.toSpanAttribute() == .string("GET"))
            #expect(span.attributes["server.address"]?.toSpanAttribute() == .string("127.0.0.1"))
            #expect(span.attributes["server.port"]?.toSpanAttribute() == .int64(Int64(server.port)))
            #expect(
                span.attributes["url.full"]?.toSpanAttribute()
                    == .string("http://127.0.0.1:\(server.port)/users/867?app_key=\(Redaction.placeholder)&q=x"))
            #expect(span.attributes["url.template"]?.toSpanAttribute() == .string("/users/{id}"))
            #expect(span.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
            #expect(span.attributes["http.request.resend_count"] == nil)
            #expect(span.attributes["error.type"] == nil)
            #expect(span.events.map(\.name) == ["attempt"])
            #expect(!span.allAttributeTexts.contains { $0.contains("s3cret") })
            // The span's context crossed the wire with the request.
            let received = try #require(server.requests.first)
            #expect(received.header(InMemoryTracer.traceIDKey) == span.traceID)
            #expect(received.header(InMemoryTracer.spanIDKey) == span.spanID)
        }
    }

    @Test("the span is a child of the caller's span")
    func childOfCurrentSpan() async throws {
        let tracer = InMemoryTracer()
        try await withServer({ _ in .json(#"{"id":1,"name":"Ada"}"#) }) { server in
            let controller = makeTracedController(tracer: tracer)
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "users", objectID: "1")
            try await tracer.withSpan("handle request") { _ in _ = try await controller.load(endpoint) }
            let spans = tracer.finishedSpans
            let parent = try #require(spans.first { $0.operationName == "handle request" })
            let client = try #require(spans.first { $0.operationName == "GET /users/{id}" })
            #expect(client.parentSpanID == parent.spanID)
            #expect(client.traceID == parent.traceID)
        }
    }

    @Test("a retried request is one span with its attempts, its retry's wait and resend count 1")
    func retriedRequest() async throws {
        let tracer = InMemoryTracer()
        let calls = Locked(0)
        try await withServer({ _ in
            calls.withLock { $0 += 1; return $0 } == 1 ? .status(503) : .json(#"{"id":2,"name":"Bo"}"#)
        }) { server in
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "users", objectID: "2")
            _ = try await makeTracedController(tracer: tracer).load(endpoint)
            let spans = tracer.finishedSpans
            try #require(spans.count == 1)
            let span = spans[0]
            #expect(span.events.map(\.name) == ["attempt", "retry", "attempt"])
            #expect(span.attributes["http.request.resend_count"]?.toSpanAttribute() == .int64(1))
            #expect(span.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
            let retry = try #require(span.events.first { $0.name == "retry" })
            guard case .double(let wait)? = retry.attributes["endpointkit.retry.wait_seconds"]?.toSpanAttribute() else {
                Issue.record("the retry event has no wait")
                return
            }
            #expect(wait > 0)
            // Both attempts carried the one logical span.
            #expect(server.requests.map { $0.header(InMemoryTracer.spanIDKey) } == [span.spanID, span.spanID])
        }
    }

    @Test("a redirect is an event, counted in the resend count, its target's secrets redacted")
    func redirect() async throws {
        let tracer = InMemoryTracer()
        try await withServer({ request in
            request.path == "/old" ? .status(302, headers: [("Location", "/new?token=t0ken")]) : .json(#"{"id":3,"name":"Cy"}"#)
        }) { server in
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "old", queryParameters: ["app_key": "s3cret"])
            _ = try await makeTracedController(tracer: tracer).load(endpoint)
            let span = try #require(tracer.finishedSpans.first)
            #expect(span.events.map(\.name) == ["attempt", "redirect"])
            #expect(span.attributes["http.request.resend_count"]?.toSpanAttribute() == .int64(1))
            let texts = span.allAttributeTexts
            #expect(!texts.contains { $0.contains("s3cret") || $0.contains("t0ken") })
            #expect(texts.contains { $0.contains("/new?token=\(Redaction.placeholder)") })
        }
    }

    @Test("a failed request's span has error.type, the status and an error status")
    func failedRequest() async throws {
        let tracer = InMemoryTracer()
        try await withServer({ _ in .json(#"{"reason":"no such user"}"#, status: 404) }) { server in
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "users", objectID: "9")
            await #expect(throws: EndpointError.self) { try await makeTracedController(tracer: tracer).load(endpoint) }
            let span = try #require(tracer.finishedSpans.first)
            #expect(span.attributes["error.type"]?.toSpanAttribute() == .string("unacceptableStatus"))
            #expect(span.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(404))
            #expect(span.status?.code == .error)
        }
    }

    @Test("a refused connection's span names the transport failure")
    func refusedConnection() async throws {
        let tracer = InMemoryTracer()
        let port = try TestHTTPServer.RefusingPort()
        var configuration = EndpointController<EndpointDefaultServerError>.Configuration(retryPolicy: .none, notificationCenter: nil)
        configuration.telemetry = EndpointTelemetry(tracer: tracer)
        let controller = EndpointController<EndpointDefaultServerError>(transport: TransportKind.endpointKitURLSession.make(), configuration: configuration)
        let endpoint = Endpoint<Data>(serverURL: URL(string: "http://127.0.0.1:\(port.port)")!, pathPrefix: "x")
        await #expect(throws: EndpointError.self) { try await controller.load(endpoint) }
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.attributes["error.type"]?.toSpanAttribute() == .string("transport.unreachable"))
        #expect(span.attributes["http.response.status_code"] == nil)
    }

    @Test("a request without a path template is named after its method")
    func spanNameWithoutTemplate() async throws {
        struct Ping: Request {
            typealias Response = Data
            var baseURL: URL
            var method: HTTPRequest.Method { .get }
            var path: EndpointPath { "ping/42" }
        }
        let tracer = InMemoryTracer()
        try await withServer({ _ in .text("pong") }) { server in
            _ = try await makeTracedController(tracer: tracer).load(Ping(baseURL: server.baseURL))
            #expect(tracer.finishedSpans.map(\.operationName) == ["GET"])
        }
    }

    @Test("an endpoint's path template puts {id} for its object id")
    func pathTemplate() {
        let url = URL(string: "https://api.example.com/v1")!
        #expect(Endpoint<Data>(serverURL: url, pathPrefix: "users", objectID: "867", pathSuffix: "repos").pathTemplate == "/users/{id}/repos")
        #expect(Endpoint<Data>(serverURL: url, pathPrefix: "/search/repositories/").pathTemplate == "/search/repositories")
    }

    @Test("without a tracer nor a metrics backend nothing is made or injected")
    func nothingWithoutBackends() async throws {
        // What the defaults find when nothing is bootstrapped: the no-op systems. (The sandbox's tests
        // bootstrap a tracer in this same process, so this test names the no-op systems itself.)
        let unbootstrapped = EndpointTelemetry(tracer: NoOpTracer(), metricsFactory: NOOPMetricsHandler.instance)
        #expect(unbootstrapped.activeTracer == nil)
        #expect(unbootstrapped.activeMetricsFactory == nil)
        #expect(EndpointTelemetry.disabled.activeTracer == nil && EndpointTelemetry.disabled.activeMetricsFactory == nil)
        if InstrumentationSystem.tracer is NoOpTracer { #expect(EndpointTelemetry().activeTracer == nil) }
        try await withServer({ _ in .json(#"{"id":1,"name":"Ada"}"#) }) { server in
            var configuration = EndpointController<EndpointDefaultServerError>.Configuration(notificationCenter: nil)
            configuration.telemetry = unbootstrapped
            let controller = EndpointController<EndpointDefaultServerError>(transport: TransportKind.endpointKitURLSession.make(), configuration: configuration)
            _ = try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "users", objectID: "1"))
            let names = try #require(server.requests.first).headers.map { $0.0.lowercased() }
            #expect(!names.contains { $0.contains("trace") || $0.contains("span") })
        }
    }
}
