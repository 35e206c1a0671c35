import Logging

/// The trace and span ids of a span, for log lines: `trace_id` and `span_id`, the names
/// swift-otel's logging metadata provider uses.
enum TraceLogMetadata {
    /// The ids in a span's propagation fields: W3C `traceparent`
    /// (`version-traceid-spanid-flags`), or any `…trace-id` and `…span-id` fields.
    static func metadata(fromPropagation fields: [String: String]) -> Logger.Metadata {
        var metadata: Logger.Metadata = [:]
        if let parent = fields["traceparent"] {
            let parts = parent.split(separator: "-")
            guard parts.count >= 3 else { return metadata }
            metadata["trace_id"] = "\(parts[1])"
            metadata["span_id"] = "\(parts[2])"
            return metadata
        }
        for (key, value) in fields {
            if key.hasSuffix("trace-id") || key.hasSuffix("trace_id") { metadata["trace_id"] = "\(value)" }
            if key.hasSuffix("span-id") || key.hasSuffix("span_id") { metadata["span_id"] = "\(value)" }
        }
        return metadata
    }
}
