import Foundation
import Tracing

/// `oxford --trace`: a tracer that prints each span to standard error when it ends, one line
/// with its trace, its id, its parent, its name, its duration, its attributes and its events.
///
/// It propagates W3C `traceparent`, so the offline sandbox's server spans (Hummingbird's tracing
/// middleware, in the same process) join the client's trace as its children.
struct StderrTracer: Tracer {
    /// Makes it the process's tracer, once.
    static func bootstrap() { _ = bootstrapped }
    private static let bootstrapped: Void = InstrumentationSystem.bootstrap(StderrTracer())

    func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> StderrSpan {
        var context = context()
        let parent = context.traceIDs
        let ids = TraceIDs(traceID: parent?.traceID ?? Self.randomHex(bytes: 16), spanID: Self.randomHex(bytes: 8), parentSpanID: parent?.spanID)
        context.traceIDs = ids
        return StderrSpan(operationName: operationName, kind: kind, context: context, ids: ids, start: instant().nanosecondsSinceEpoch)
    }

    func forceFlush() {}

    func inject<Carrier, Inject: Injector>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject)
    where Inject.Carrier == Carrier {
        guard let ids = context.traceIDs else { return }
        injector.inject("00-\(ids.traceID)-\(ids.spanID)-01", forKey: "traceparent", into: &carrier)
    }

    func extract<Carrier, Extract: Extractor>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract)
    where Extract.Carrier == Carrier {
        guard let parent = extractor.extract(key: "traceparent", from: carrier) else { return }
        let parts = parent.split(separator: "-")
        guard parts.count == 4, parts[1].count == 32, parts[2].count == 16 else { return }
        context.traceIDs = TraceIDs(traceID: String(parts[1]), spanID: String(parts[2]), parentSpanID: nil)
    }

    private static func randomHex(bytes: Int) -> String {
        (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }
}

/// The ids of a span, carried in its `ServiceContext`.
struct TraceIDs: Sendable {
    var traceID: String
    var spanID: String
    var parentSpanID: String?
}

private enum TraceIDsKey: ServiceContextKey {
    typealias Value = TraceIDs
}

extension ServiceContext {
    /// The ids of the span this context belongs to.
    fileprivate(set) var traceIDs: TraceIDs? {
        get { self[TraceIDsKey.self] }
        set { self[TraceIDsKey.self] = newValue }
    }
}

/// A span of ``StderrTracer``: its state behind a lock, printed when it ends.
final class StderrSpan: Span, @unchecked Sendable {
    let context: ServiceContext
    private let ids: TraceIDs
    private let kind: SpanKind
    private let start: UInt64
    private let lock = NSLock()
    private var name: String
    private var state = State()

    private struct State {
        var attributes: SpanAttributes = [:]
        var events: [String] = []
        var status: SpanStatus?
        var ended = false
    }

    init(operationName: String, kind: SpanKind, context: ServiceContext, ids: TraceIDs, start: UInt64) {
        name = operationName
        self.kind = kind
        self.context = context
        self.ids = ids
        self.start = start
    }

    var operationName: String {
        get { lock.withLock { name } }
        set { lock.withLock { name = newValue } }
    }

    var attributes: SpanAttributes {
        get { lock.withLock { state.attributes } }
        set { lock.withLock { state.attributes = newValue } }
    }

    var isRecording: Bool { lock.withLock { !state.ended } }

    func setStatus(_ status: SpanStatus) { lock.withLock { state.status = status } }

    func addEvent(_ event: SpanEvent) { lock.withLock { state.events.append(event.name) } }

    func recordError<Instant: TracerInstant>(_ error: any Error, attributes: SpanAttributes, at instant: @autoclosure () -> Instant) {
        lock.withLock { state.events.append("error") }
    }

    func addLink(_ link: SpanLink) {}

    func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) {
        let end = instant().nanosecondsSinceEpoch
        let (name, state) = lock.withLock { () -> (String, State) in
            defer { self.state.ended = true }
            return (self.name, self.state)
        }
        guard !state.ended else { return }
        var fields: [String] = []
        state.attributes.forEach { key, value in fields.append("\(key)=\(value)") }
        let milliseconds = Double(end &- start) / 1e6
        let line = [
            "span", ids.traceID, ids.spanID, "parent=\(ids.parentSpanID ?? "-")", "\(kind)", "\"\(name)\"",
            String(format: "%.1fms", milliseconds), state.status.map { "status=\($0.code)" } ?? "",
            fields.sorted().joined(separator: " "), state.events.isEmpty ? "" : "events=\(state.events.joined(separator: ","))",
        ].filter { !$0.isEmpty }.joined(separator: " ")
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
