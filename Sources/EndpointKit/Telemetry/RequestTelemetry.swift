import Foundation
import HTTPTypes
import Logging
import Tracing

/// The span and metrics of one logical request, from its first attempt to its end.
///
/// Made only when a tracer or a metrics backend records (``EndpointTelemetry``), so a controller
/// without either pays one check per request.
final class RequestTelemetry: Sendable {
    /// The client span, when a tracer records.
    let span: (any Span)?
    let tracer: (any Tracer)?
    let meters: RequestMeters?

    private init(span: (any Span)?, tracer: (any Tracer)?, meters: RequestMeters?) {
        self.span = span
        self.tracer = tracer
        self.meters = meters
    }

    /// The span's trace and span ids, for a log line; made only when a line is logged.
    var logMetadata: Logger.Metadata {
        guard let span, let tracer else { return [:] }
        var fields: [String: String] = [:]
        tracer.inject(span.context, into: &fields, using: DictionaryInjector())
        return TraceLogMetadata.metadata(fromPropagation: fields)
    }

    /// The telemetry of a request about to start, or `nil` when nothing records.
    static func start<R: Request>(_ request: R, prepared: PreparedRequest, settings: EndpointTelemetry, redaction: Redaction)
        -> RequestTelemetry?
    {
        let tracer = settings.activeTracer
        let factory = settings.activeMetricsFactory
        guard tracer != nil || factory != nil else { return nil }
        let server = ServerEndpoint(origin: prepared.origin)
        let meters = factory.map {
            RequestMeters(factory: $0, settings: settings, method: prepared.request.method.rawValue, serverAddress: server.address)
        }
        let span = tracer.map { startSpan(request, prepared: prepared, server: server, tracer: $0, kind: .client, redaction: redaction) }
        return RequestTelemetry(span: span, tracer: tracer, meters: meters)
    }

    /// Reports an answer served from the cache without a send: an internal span (no request went
    /// out, so no context is propagated) marked `endpointkit.cache.hit`, with the stored answer's
    /// status. No metric: the HTTP client metrics count the requests sent.
    static func servedFromCache<R: Request>(
        _ request: R, prepared: PreparedRequest, status: Int, settings: EndpointTelemetry, redaction: Redaction
    ) {
        guard let tracer = settings.activeTracer else { return }
        let span = startSpan(
            request, prepared: prepared, server: ServerEndpoint(origin: prepared.origin), tracer: tracer, kind: .internal, redaction: redaction)
        span.attributes["endpointkit.cache.hit"] = true
        span.attributes["http.response.status_code"] = status
        span.end()
    }

    /// A span named after the request's path template (or its method alone), a child of the
    /// current context, with what is known before the request is sent.
    private static func startSpan<R: Request>(
        _ request: R, prepared: PreparedRequest, server: ServerEndpoint, tracer: any Tracer, kind: SpanKind, redaction: Redaction
    ) -> any Span {
        let method = prepared.request.method.rawValue
        let template = (request as? any RequestPathTemplate)?.pathTemplate
        let span = tracer.startSpan(template.map { "\(method) \($0)" } ?? method, context: ServiceContext.current ?? .topLevel, ofKind: kind)
        span.attributes["http.request.method"] = method
        span.attributes["server.address"] = server.address
        span.attributes["server.port"] = server.port
        span.attributes["url.full"] = prepared.origin + redaction.redactTarget(prepared.request.path ?? "/")
        if let template { span.attributes["url.template"] = template }
        return span
    }

    /// Writes the span's propagation fields (`traceparent`, `tracestate`) into a send's head.
    func inject(into fields: inout HTTPFields) {
        guard let span, let tracer else { return }
        tracer.inject(span.context, into: &fields, using: HTTPFieldsInjector())
    }

    /// Runs `operation` with `span` as the current `ServiceContext`, so a transport that traces
    /// itself (AsyncHTTPClient 1.37) makes its spans children of it.
    static func withContext<T, Failure: Error>(of span: any Span, _ operation: () async throws(Failure) -> T)
        async throws(Failure) -> T
    {
        let result = await ServiceContext.$current.withValue(span.context) { () async -> Result<T, Failure> in
            do throws(Failure) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A new attempt (1 for the first send).
    func attemptStarted(_ attempt: Int) {
        span?.addEvent(SpanEvent(name: "attempt", attributes: ["endpointkit.attempt": .int64(Int64(attempt))]))
    }

    /// A redirect followed, to `redactedTarget` (secret query values hidden).
    func redirected(status: Int, to redactedTarget: String) {
        span?.addEvent(SpanEvent(
            name: "redirect",
            attributes: ["http.response.status_code": .int64(Int64(status)), "url.full": .string(redactedTarget)]))
    }

    /// A retry after `attempt`, once `wait` has passed.
    func retrying(after attempt: Int, wait: Duration) {
        let (seconds, attoseconds) = wait.components
        span?.addEvent(SpanEvent(
            name: "retry",
            attributes: [
                "endpointkit.attempt": .int64(Int64(attempt)),
                "endpointkit.retry.wait_seconds": .double(Double(seconds) + Double(attoseconds) / 1e18),
            ]))
    }

    /// Ends the span and records the metrics; `error` is what ended the request, if it failed.
    func end(_ metrics: RequestMetrics, error: EndpointError.Kind?) {
        let errorType = error.map(Self.errorType)
        if let span {
            if let status = metrics.status { span.attributes["http.response.status_code"] = status }
            let resends = max(0, metrics.attempts - 1) + metrics.redirects
            if resends > 0 { span.attributes["http.request.resend_count"] = resends }
            if let errorType {
                span.attributes["error.type"] = errorType
                span.setStatus(SpanStatus(code: .error))
            }
            span.end()
        }
        meters?.record(metrics, errorType: errorType)
    }

    /// The `error.type` of an error: its ``EndpointError/Kind`` (and the transport failure's).
    static func errorType(_ kind: EndpointError.Kind) -> String {
        switch kind {
        case .invalidRequest: "invalidRequest"
        case .transport(let failure):
            switch failure {
            case .unreachable: "transport.unreachable"
            case .timedOut: "transport.timedOut"
            case .cancelled: "transport.cancelled"
            case .connectionLost: "transport.connectionLost"
            case .other: "transport.other"
            }
        case .unacceptableStatus: "unacceptableStatus"
        case .unacceptableContentType: "unacceptableContentType"
        case .decoding: "decoding"
        case .responseTooLarge: "responseTooLarge"
        case .download: "download"
        case .invalidRedirect: "invalidRedirect"
        case .tooManyRedirects: "tooManyRedirects"
        case .cursorPaging: "cursorPaging"
        case .downloadIntegrity: "downloadIntegrity"
        }
    }
}
