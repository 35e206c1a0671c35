import CoreMetrics
import Foundation
import InMemoryTracing
import MetricsTestKit
import Testing
import Tracing

@testable import EndpointKit

/// An answer served from the controller's cache, without a send: an internal span marked as a
/// cache hit, no propagated context and no HTTP client metrics.
@Suite("Tracing answers from the cache")
struct CachedAnswerTracingTests {
    @Test("a fresh cached answer is an internal span marked as a cache hit; nothing is sent or measured")
    func freshAnswer() async throws {
        let tracer = InMemoryTracer()
        let metrics = TestMetrics()
        try await withServer({ _ in .json(#"{"id":1}"#, headers: [("Cache-Control", "max-age=60")]) }) { server in
            var configuration = EndpointController<EndpointDefaultServerError>.Configuration(
                retryPolicy: .none, notificationCenter: nil, cache: ResponseCache(storage: .memory(maxBytes: 1 << 20)))
            configuration.telemetry = EndpointTelemetry(tracer: tracer, metricsFactory: metrics)
            let controller = EndpointController<EndpointDefaultServerError>(transport: TransportKind.endpointKitURLSession.make(), configuration: configuration)
            let endpoint = Endpoint<Data>(serverURL: server.baseURL, pathPrefix: "users", objectID: "1", queryParameters: ["app_key": "s3cret"])
            _ = try await controller.load(endpoint)
            try await tracer.withSpan("handle request") { _ in _ = try await controller.load(endpoint) }
            #expect(server.requests.count == 1)
        }
        let spans = tracer.finishedSpans
        let sent = try #require(spans.first { $0.kind == .client })
        let cached = try #require(spans.first { $0.kind == .internal && $0.operationName != "handle request" })
        let parent = try #require(spans.first { $0.operationName == "handle request" })
        #expect(spans.count == 3)
        #expect(cached.operationName == "GET /users/{id}")
        #expect(cached.parentSpanID == parent.spanID)
        #expect(cached.attributes["endpointkit.cache.hit"]?.toSpanAttribute() == .bool(true))
        #expect(cached.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
        #expect(cached.attributes["url.template"]?.toSpanAttribute() == .string("/users/{id}"))
        #expect(cached.events.isEmpty)
        #expect(!cached.allAttributeTexts.contains { $0.contains("s3cret") })
        #expect(sent.attributes["endpointkit.cache.hit"] == nil)
        // The cached span's context went nowhere; only the sent request was measured.
        #expect(!tracer.performedContextInjections.contains { $0.values[InMemoryTracer.spanIDKey] == cached.spanID })
        #expect(metrics.timers(label: "http.client.request.duration").first?.values.count == 1)
    }
}
