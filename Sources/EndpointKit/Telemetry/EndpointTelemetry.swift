import CoreMetrics
import Tracing

/// Where a controller reports its requests as traces (swift-distributed-tracing) and metrics
/// (swift-metrics), following OpenTelemetry's HTTP client conventions.
///
/// By default the controller uses whatever the application bootstrapped:
/// `InstrumentationSystem.tracer` and `MetricsSystem.factory`. A library never bootstraps them;
/// when nothing is bootstrapped (or a `NoOpTracer` and `NOOPMetricsHandler` are named here), the
/// controller creates no span, injects no header and records no metric.
///
/// Each request is one client span, named `GET /users/{id}` when the request names its path
/// template (see ``RequestPathTemplate``, which ``Endpoint`` adopts) and `GET` otherwise. The span
/// carries `http.request.method`, `server.address`, `server.port`, `url.full` (secret query values
/// redacted), `http.response.status_code`, `http.request.resend_count` and, on failure,
/// `error.type`; each attempt, redirect and retry (with its wait) is an event of the span.
public struct EndpointTelemetry: Sendable {
    /// The tracer; `nil` (the default) uses `InstrumentationSystem.tracer` at each request.
    public var tracer: (any Tracer)?
    /// The metrics backend; `nil` (the default) uses `MetricsSystem.factory` at each request.
    public var metricsFactory: (any MetricsFactory)?
    /// Put before every metric label, such as `"myservice."`. Default none.
    public var metricsPrefix: String
    /// Dimensions added to every metric, such as `[("service", "billing")]`. Keep them few and
    /// of low cardinality.
    public var metricsDimensions: [(String, String)]

    /// Telemetry through `tracer` and `metricsFactory`, or the bootstrapped systems when `nil`.
    public init(
        tracer: (any Tracer)? = nil, metricsFactory: (any MetricsFactory)? = nil, metricsPrefix: String = "",
        metricsDimensions: [(String, String)] = []
    ) {
        self.tracer = tracer
        self.metricsFactory = metricsFactory
        self.metricsPrefix = metricsPrefix
        self.metricsDimensions = metricsDimensions
    }

    /// No spans and no metrics, whatever the application bootstrapped.
    public static let disabled = EndpointTelemetry(tracer: NoOpTracer(), metricsFactory: NOOPMetricsHandler.instance)

    /// The tracer that records, or `nil` when spans would go nowhere.
    ///
    /// Without a tracer of its own, this reads the current instrument at each request (a
    /// task-local read and a read lock), so a tracer bootstrapped, or bound with `withTracer`,
    /// after the controller was made is used. Only when that instrument is not a no-op does it
    /// look for the tracer in it (`InstrumentationSystem.tracer`, a dynamic protocol cast).
    var activeTracer: (any Tracer)? {
        if let tracer { return Self.isNoOp(type(of: tracer)) ? nil : tracer }
        guard !Self.isNoOp(type(of: InstrumentationSystem.instrument)) else { return nil }
        let tracer = InstrumentationSystem.tracer
        return Self.isNoOp(type(of: tracer)) ? nil : tracer
    }

    /// The metrics backend that records, or `nil` when metrics would go nowhere.
    var activeMetricsFactory: (any MetricsFactory)? {
        let factory = metricsFactory ?? MetricsSystem.factory
        return type(of: factory) == NOOPMetricsHandler.self ? nil : factory
    }

    /// Whether an instrument of `type` is one of the systems' no-ops: a comparison of types,
    /// without a cast or a copy of the instrument.
    private static func isNoOp(_ type: any Instrument.Type) -> Bool {
        type == NoOpTracer.self || type == NoOpInstrument.self
    }
}
