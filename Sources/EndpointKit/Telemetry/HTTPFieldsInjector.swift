import HTTPTypes
import Tracing

/// Writes a span's propagation fields (W3C `traceparent` and `tracestate` with swift-otel) into
/// outgoing header fields.
struct HTTPFieldsInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout HTTPFields) {
        guard let name = HTTPField.Name(key) else { return }
        carrier[name] = value
    }
}

/// Collects a span's propagation fields, to name its trace and span in log lines.
struct DictionaryInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
        carrier[key.lowercased()] = value
    }
}
