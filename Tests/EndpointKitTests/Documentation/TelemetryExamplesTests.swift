import Foundation
import InMemoryTracing
import MetricsTestKit
import Testing
import Tracing

import EndpointKit

// The examples of "Tracing and metrics" in SendingRequests.md, verbatim, and checks of what the
// article says they do.

@Suite("Documentation examples: tracing and metrics")
struct TelemetryExamplesTests {
    private struct User: Decodable, Sendable {
        var id: Int
    }

    @Test("Sending requests: tracing and metrics")
    func tracingAndMetrics() async throws {
        try await withServer({ _ in .json(#"{"id":867}"#) }) { testServer in
            let server = testServer.baseURL

            let tracer = InMemoryTracer()
            let metrics = TestMetrics()
            var configuration = EndpointController<EndpointDefaultServerError>.Configuration()
            configuration.telemetry = EndpointTelemetry(
                tracer: tracer,
                metricsFactory: metrics,
                metricsPrefix: "billing.",
                metricsDimensions: [("service", "billing")]
            )
            let controller = EndpointController<EndpointDefaultServerError>(configuration: configuration)

            let user = try await tracer.withSpan("handle request") { _ in
                try await controller.load(Endpoint<User>(serverURL: server, pathPrefix: "users", objectID: "867"))
            }
            // spans: "GET /users/{id}", a child of "handle request"
            // metrics: billing.http.client.request.duration [service=billing, http.request.method=GET, …]

            #expect(user.id == 867)
            let spans = tracer.finishedSpans
            let parent = try #require(spans.first { $0.operationName == "handle request" })
            let client = try #require(spans.first { $0.operationName == "GET /users/{id}" })
            #expect(client.parentSpanID == parent.spanID)
            let timer = try #require(metrics.timers(label: "billing.http.client.request.duration").first)
            #expect(timer.dimensions.contains { $0 == ("service", "billing") })
            #expect(timer.dimensions.contains { $0 == ("http.request.method", "GET") })
        }
    }
}
