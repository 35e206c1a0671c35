import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

/// What an exchange reports: events, notifications, logs, and the errors it makes of answers.
extension ControllerCore {
    /// A `Location` value for an error: without user credentials or fragment, with the values of
    /// secret query names hidden, and at most 512 characters.
    func redactedLocation(_ location: String) -> String {
        guard var components = URLComponents(string: location) else { return "(not a URL, \(location.utf8.count) bytes)" }
        if components.user != nil || components.password != nil {
            components.user = nil
            components.password = nil
        }
        components.fragment = nil
        let text = configuration.redaction.redactTarget(components.string ?? "")
        return text.count > 512 ? String(text.prefix(512)) + "…" : text
    }

    func decodeServerError(_ type: any EndpointServerError.Type, from body: Data, contentType: String?)
        -> (any EndpointServerError)?
    {
        guard !body.isEmpty else { return nil }
        return type.decode(errorBody: body, contentType: contentType, decoder: decoder)
    }

    static func describe(_ error: DecodingError) -> (codingPath: String, reason: String) {
        func path(_ context: DecodingError.Context, appending key: (any CodingKey)? = nil) -> String {
            ParamValueEncoder.render(context.codingPath + (key.map { [$0] } ?? []))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context, appending: key), "the key \"\(key.stringValue)\" is missing")
        case .valueNotFound(let type, let context):
            return (path(context), "expected \(type), found null")
        case .typeMismatch(let type, let context):
            return (path(context), "expected \(type): \(context.debugDescription)")
        case .dataCorrupted(let context):
            return (path(context), context.debugDescription)
        @unknown default:
            return ("$", "\(error)")
        }
    }

    func emit(_ event: EndpointEvent) {
        hub.emit(event)
        if let center = configuration.notificationCenter, let name = event.notificationName {
            center.post(name: name, object: notificationObject.withLock { $0.object }, userInfo: [EndpointEvent.userInfoKey: event])
        }
    }

    func finish(_ summary: RequestSummary, _ metrics: RequestMetrics, trace: RequestTelemetry? = nil) {
        emit(.requestFinished(summary, metrics))
        guard configuration.logger.logLevel <= .debug else { return }
        let status = metrics.status.map(String.init) ?? "no answer"
        let milliseconds = Double(metrics.total.components.attoseconds) / 1e15 + Double(metrics.total.components.seconds) * 1000
        configuration.logger.debug(
            "\(summary.description) → \(status) in \(String(format: "%.1f", milliseconds)) ms, \(metrics.bytesReceived) bytes, \(metrics.attempts) attempt\(metrics.attempts == 1 ? "" : "s")",
            metadata: logMetadata(summary, trace))
    }

    func log(_ summary: RequestSummary, _ message: String, trace: RequestTelemetry? = nil) {
        configuration.logger.debug("\(summary.description): \(message)", metadata: logMetadata(summary, trace))
    }

    func logHead(_ head: HTTPRequest, summary: RequestSummary, trace: RequestTelemetry? = nil) {
        guard configuration.logger.logLevel <= .trace else { return }
        for line in configuration.redaction.describe(head.headerFields) {
            configuration.logger.trace("→ \(line)", metadata: logMetadata(summary, trace))
        }
    }

    func logResponse(_ response: HTTPResponse, summary: RequestSummary, trace: RequestTelemetry? = nil) {
        guard configuration.logger.logLevel <= .trace else { return }
        configuration.logger.trace("← \(response.status.code) \(response.status.reasonPhrase)", metadata: logMetadata(summary, trace))
        for line in configuration.redaction.describe(response.headerFields) {
            configuration.logger.trace("← \(line)", metadata: logMetadata(summary, trace))
        }
    }

    /// A request's log metadata: its number, and its trace and span ids when it has a span.
    func logMetadata(_ summary: RequestSummary, _ trace: RequestTelemetry?) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["request": "\(summary.id)"]
        if let trace { metadata.merge(trace.logMetadata) { current, _ in current } }
        return metadata
    }
}
