import CoreMetrics
import InMemoryTracing
import Logging
import MetricsTestKit
import Tracing

@testable import EndpointKit

/// A controller over `kind` reporting to `tracer` and `metrics` (neither bootstrapped globally).
func makeTracedController(
    _ kind: TransportKind = .endpointKitURLSession, tracer: InMemoryTracer? = nil, metrics: TestMetrics? = nil,
    logger: Logger = Logger(label: "EndpointKitTests")
) -> EndpointController<EndpointDefaultServerError> {
    var configuration = EndpointController<EndpointDefaultServerError>.Configuration(
        retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10)), logger: logger, notificationCenter: nil)
    configuration.telemetry = EndpointTelemetry(tracer: tracer ?? NoOpTracer(), metricsFactory: metrics ?? NOOPMetricsHandler.instance)
    return EndpointController(transport: kind.make(), configuration: configuration)
}

extension SpanAttributes {
    /// Every attribute as `name=value` text, for checking that no secret is in any.
    var texts: [String] {
        var texts: [String] = []
        forEach { name, value in texts.append("\(name)=\(value)") }
        return texts
    }
}

extension FinishedInMemorySpan {
    /// The text of every attribute of the span and of its events.
    var allAttributeTexts: [String] {
        attributes.texts + events.flatMap { ["event=\($0.name)"] + $0.attributes.texts }
    }
}
