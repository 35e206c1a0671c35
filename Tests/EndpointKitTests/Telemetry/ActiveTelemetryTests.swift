import CoreMetrics
import Foundation
import InMemoryTracing
import MetricsTestKit
import Testing
import Tracing

@testable import EndpointKit

/// A controller with the default telemetry reads the tracer and metrics backend at each request,
/// so one made before the application sets them up still reports to them. `withTracer` and
/// `withMetricsFactory` stand in for a bootstrap here: the test process's global systems are
/// shared with other suites (the sandbox's bootstraps a tracer).
@Suite("Telemetry found at each request")
struct ActiveTelemetryTests {
    private func controller() -> EndpointController<EndpointDefaultServerError> {
        EndpointController(
            transport: TransportKind.endpointKitURLSession.make(), configuration: .init(retryPolicy: .none, notificationCenter: nil))
    }

    @Test("a tracer set up after the controller was made gets its spans; a no-op one gets none and nothing is injected")
    func tracerSetUpLater() async throws {
        let tracer = InMemoryTracer()
        try await withServer({ _ in .json(#"{"id":1}"#) }) { server in
            let controller = controller()
            let endpoint = Endpoint<Data>(serverURL: server.baseURL, pathPrefix: "users", objectID: "1")
            _ = try await withTracer(NoOpTracer()) { try await controller.load(endpoint) }
            _ = try await withTracer(tracer) { try await controller.load(endpoint) }
            let spans = tracer.finishedSpans
            try #require(spans.count == 1)
            #expect(spans[0].operationName == "GET /users/{id}")
            let requests = server.requests
            try #require(requests.count == 2)
            #expect(requests[0].header(InMemoryTracer.spanIDKey) == nil)
            #expect(requests[1].header(InMemoryTracer.spanIDKey) == spans[0].spanID)
        }
    }

    @Test("a metrics backend set up after the controller was made records its requests")
    func metricsSetUpLater() async throws {
        let metrics = TestMetrics()
        try await withServer({ _ in .json(#"{"id":1}"#) }) { server in
            let controller = controller()
            let endpoint = Endpoint<Data>(serverURL: server.baseURL, pathPrefix: "users")
            _ = try await withMetricsFactory(NOOPMetricsHandler.instance) { try await controller.load(endpoint) }
            _ = try await withMetricsFactory(metrics) { try await controller.load(endpoint) }
        }
        #expect(metrics.timers(label: "http.client.request.duration").first?.values.count == 1)
    }

    @Test("the systems' own no-op tracer and metrics handler count as nothing recording")
    func noOpSystems() {
        let defaults = EndpointTelemetry()
        withTracer(NoOpTracer()) { #expect(defaults.activeTracer == nil) }
        withTracer(InMemoryTracer()) { #expect(defaults.activeTracer is InMemoryTracer) }
        withMetricsFactory(NOOPMetricsHandler.instance) { #expect(defaults.activeMetricsFactory == nil) }
        withMetricsFactory(TestMetrics()) { #expect(defaults.activeMetricsFactory is TestMetrics) }
    }
}
