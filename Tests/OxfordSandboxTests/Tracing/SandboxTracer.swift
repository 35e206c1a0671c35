import InMemoryTracing
import Tracing

/// The tracer bootstrapped for this test process, so the sandbox's Hummingbird middleware (which
/// reads the global system) records server spans: it records only the spans of requests traced by
/// a test (those whose `traceparent` crossed the wire) into one `InMemoryTracer`, and drops the
/// rest, so the other tests of the process neither pay for nor accumulate spans.
struct SandboxTracer: Tracer {
    /// The one tracer of the process; bootstrapped on first use.
    static let shared: InMemoryTracer = {
        let recorder = InMemoryTracer(recordInjections: false, recordExtractions: false)
        InstrumentationSystem.bootstrap(SandboxTracer(recorder: recorder))
        return recorder
    }()

    let recorder: InMemoryTracer

    func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> InMemorySpan {
        let parent = context()
        guard parent.inMemorySpanContext != nil else {
            // Not part of a test's trace: a span that goes nowhere.
            return InMemorySpan(
                operationName: operationName, context: parent,
                spanContext: InMemorySpanContext(traceID: "", spanID: "", parentSpanID: nil), kind: kind,
                startInstant: instant(), onEnd: { _ in })
        }
        return recorder.startSpan(operationName, context: parent, ofKind: kind, at: instant(), function: function, file: fileID, line: line)
    }

    func forceFlush() {}

    func extract<Carrier, Extract: Extractor>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract)
    where Extract.Carrier == Carrier {
        recorder.extract(carrier, into: &context, using: extractor)
    }

    func inject<Carrier, Inject: Injector>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject)
    where Inject.Carrier == Carrier {
        guard context.inMemorySpanContext?.traceID.isEmpty == false else { return }
        recorder.inject(context, into: &carrier, using: injector)
    }
}
