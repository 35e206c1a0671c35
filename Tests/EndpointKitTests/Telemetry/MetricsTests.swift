import Foundation
import InMemoryTracing
import LogCapture
import Logging
import MetricsTestKit
import Testing
import Tracing

@testable import EndpointKit

/// Metrics after OpenTelemetry's HTTP client conventions, recorded into MetricsTestKit's
/// `TestMetrics` without bootstrapping the global system.
@Suite("Request metrics")
struct RequestMetricsTests {
    @Test("duration, active requests, retries and bytes, with low-cardinality dimensions")
    func metrics() async throws {
        let metrics = TestMetrics()
        let calls = Locked(0)
        try await withServer({ _ in
            calls.withLock { $0 += 1; return $0 } == 1 ? .status(503) : .json(#"{"id":867}"#)
        }) { server in
            let endpoint = Endpoint<Data>(
                serverURL: server.baseURL, pathPrefix: "users", objectID: "867", method: .put,
                queryParameters: ["app_key": "s3cret"], body: DataBodyParameters(data: Data("hello".utf8), contentType: "text/plain"))
            _ = try await makeTracedController(metrics: metrics).load(endpoint)
        }
        let timer = try #require(metrics.timers(label: "http.client.request.duration").first)
        #expect(metrics.timers(label: "http.client.request.duration").count == 1)
        #expect(timer.values.count == 1)
        #expect((timer.lastValue ?? 0) > 0)
        let dimensions = Dictionary(uniqueKeysWithValues: timer.dimensions.map { ($0.0, $0.1) })
        #expect(dimensions == ["http.request.method": "PUT", "server.address": "127.0.0.1", "http.response.status_code": "200"])
        let active = try #require(metrics.meters(label: "http.client.active_requests").first)
        #expect(active.lastValue == 0)
        #expect(metrics.counterTotal(label: "endpointkit.client.retries") == 1)
        // Two attempts sent the 5-byte body; the 503's empty body and the 10-byte answer came back.
        #expect(metrics.counterTotal(label: "endpointkit.client.sent_bytes") == 10)
        #expect(metrics.counterTotal(label: "endpointkit.client.received_bytes") == 10)
        let labels = metrics.timers.flatMap(\.dimensions) + metrics.counters.flatMap(\.dimensions) + metrics.meters.flatMap(\.dimensions)
        #expect(!labels.contains { $0.1.contains("867") || $0.1.contains("s3cret") || $0.1.contains("/users") })
    }

    @Test("a failure's duration carries its status and error type; prefix and dimensions are configurable")
    func failureAndPrefix() async throws {
        let metrics = TestMetrics()
        try await withServer({ _ in .status(404) }) { server in
            var configuration = EndpointController<EndpointDefaultServerError>.Configuration(retryPolicy: .none, notificationCenter: nil)
            configuration.telemetry = EndpointTelemetry(
                tracer: NoOpTracer(), metricsFactory: metrics, metricsPrefix: "billing.", metricsDimensions: [("service", "billing")])
            let controller = EndpointController<EndpointDefaultServerError>(transport: TransportKind.endpointKitURLSession.make(), configuration: configuration)
            await #expect(throws: EndpointError.self) {
                try await controller.load(Endpoint<Data>(serverURL: server.baseURL, pathPrefix: "invoices"))
            }
        }
        let timer = try #require(metrics.timers(label: "billing.http.client.request.duration").first)
        let dimensions = Dictionary(uniqueKeysWithValues: timer.dimensions.map { ($0.0, $0.1) })
        #expect(dimensions == [
            "service": "billing", "http.request.method": "GET", "server.address": "127.0.0.1",
            "http.response.status_code": "404", "error.type": "unacceptableStatus",
        ])
        #expect(metrics.timers(label: "http.client.request.duration").isEmpty)
    }
}

/// The controller's log lines name the request's trace and span.
@Suite("Logs join traces")
struct TraceLogTests {
    @Test("log lines carry the trace and span ids, and no secret")
    func logLinesCarryIDs() async throws {
        let tracer = InMemoryTracer()
        let lines = CapturingLogHandler.Lines()
        var logger = Logger(label: "EndpointKitTests") { _ in CapturingLogHandler(store: lines) }
        logger.logLevel = .trace
        let calls = Locked(0)
        try await withServer({ _ in
            calls.withLock { $0 += 1; return $0 } == 1 ? .status(503) : .json("{}")
        }) { server in
            let endpoint = Endpoint<Data>(
                serverURL: server.baseURL, pathPrefix: "things", queryParameters: ["app_key": "s3cret"],
                headerFields: ["Authorization": "Bearer t0ken"])
            _ = try await makeTracedController(tracer: tracer, logger: logger).load(endpoint)
        }
        let span = try #require(tracer.finishedSpans.first)
        let all = lines.all
        #expect(!all.isEmpty)
        #expect(all.allSatisfy { $0.contains("\"trace_id\": \(span.traceID)") && $0.contains("\"span_id\": \(span.spanID)") })
        #expect(!all.contains { $0.contains("s3cret") || $0.contains("t0ken") })
    }

    @Test("W3C traceparent and other propagation fields give the ids")
    func idsFromPropagation() {
        let w3c = TraceLogMetadata.metadata(fromPropagation: [
            "traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "tracestate": "x=y",
        ])
        #expect(w3c == ["trace_id": "4bf92f3577b34da6a3ce929d0e0e4736", "span_id": "00f067aa0ba902b7"])
        #expect(TraceLogMetadata.metadata(fromPropagation: ["in-memory-trace-id": "7", "in-memory-span-id": "9"]) == ["trace_id": "7", "span_id": "9"])
        #expect(TraceLogMetadata.metadata(fromPropagation: ["traceparent": "garbage"]).isEmpty)
        #expect(TraceLogMetadata.metadata(fromPropagation: [:]).isEmpty)
    }
}
