import CoreMetrics
import Foundation

/// The metrics of one request, after OpenTelemetry's HTTP client conventions:
/// `http.client.active_requests` while it runs, `http.client.request.duration` when it ends, and
/// counters of retries and body bytes. Dimensions are few and of low cardinality: the method, the
/// server's host, the status and the error type; never a path or a query.
struct RequestMeters: Sendable {
    let factory: any MetricsFactory
    let prefix: String
    let dimensions: [(String, String)]
    let active: Meter

    /// The metric labels, without the configured prefix.
    enum Label {
        static let duration = "http.client.request.duration"
        static let active = "http.client.active_requests"
        static let retries = "endpointkit.client.retries"
        static let bytesSent = "endpointkit.client.sent_bytes"
        static let bytesReceived = "endpointkit.client.received_bytes"
    }

    /// Counts the request as active.
    init(factory: any MetricsFactory, settings: EndpointTelemetry, method: String, serverAddress: String) {
        self.factory = factory
        prefix = settings.metricsPrefix
        dimensions = settings.metricsDimensions + [("http.request.method", method), ("server.address", serverAddress)]
        active = Meter(label: prefix + Label.active, dimensions: dimensions, factory: factory)
        active.increment()
    }

    /// Records the ended request: its duration, retries and bytes; it is no longer active.
    func record(_ metrics: RequestMetrics, errorType: String?) {
        active.decrement()
        var outcome = dimensions
        if let status = metrics.status { outcome.append(("http.response.status_code", String(status))) }
        if let errorType { outcome.append(("error.type", errorType)) }
        let (seconds, attoseconds) = metrics.total.components
        Timer(label: prefix + Label.duration, dimensions: outcome, factory: factory)
            .recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        if metrics.attempts > 1 {
            Counter(label: prefix + Label.retries, dimensions: dimensions, factory: factory).increment(by: metrics.attempts - 1)
        }
        Counter(label: prefix + Label.bytesSent, dimensions: dimensions, factory: factory).increment(by: metrics.bytesSent)
        Counter(label: prefix + Label.bytesReceived, dimensions: dimensions, factory: factory).increment(by: metrics.bytesReceived)
    }
}
