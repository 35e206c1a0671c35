import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

/// How an ``EndpointController`` sends, reads, retries, logs and reports: its
/// ``EndpointController/Configuration``. A type of its own, not nested in the generic controller,
/// so that the code that sends requests does not depend on the controller's `ServerError`.
public struct EndpointControllerConfiguration: Sendable {
    /// How JSON answers are decoded when the request has no options of its own.
    public var decoding: JSONDecodingOptions
    /// The statuses that count as success when the request names none. Default 200..<300.
    public var acceptableStatusCodes: Range<Int>
    /// When requests are sent again.
    public var retryPolicy: RetryPolicy
    /// Idempotency keys for requests whose method is not idempotent (POST and PATCH), which
    /// makes them retryable; `nil` (the default) sends none, unless a request carries its own.
    public var idempotencyKeys: IdempotencyKeyPolicy?
    /// Which redirects are followed; credentials never follow one to another origin.
    public var redirectPolicy: RedirectPolicy
    /// Steps around every send, in order.
    public var interceptors: [any EndpointInterceptor]
    /// The longest one attempt may take, from sending to the last byte of the answer.
    public var timeout: Duration
    /// The longest one attempt of a download or an upload may take. Default one hour.
    public var transferTimeout: Duration
    /// Whether attempts are held to ``timeout`` and ``transferTimeout``. Default `true`.
    ///
    /// A ``DeadlineEnforcingTransport`` (``URLSessionEndpointTransport``, the default, and
    /// `AsyncHTTPClientEndpointTransport`) is handed each attempt's deadline and enforces it
    /// itself, so attempts run in the caller's task. Over any other transport, and for
    /// downloads into a file, the controller runs each attempt as a task of its own, which the
    /// deadline cancels; handing the answer back from that task to the caller's costs a thread
    /// hand-over per request (38 to 47 µs of CPU on the reference Linux machine, see
    /// BENCHMARKS.md). Set it to `false` only over a transport that enforces deadlines of its
    /// own (AsyncHTTPClientTransport's `timeout`, or URLSession's `timeoutIntervalForRequest`):
    /// each attempt then runs in the caller's task with no deadline of the controller's, and
    /// cancelling the caller still cancels it.
    public var enforcesTimeouts: Bool
    /// The largest answer read into memory. Default 64 MiB.
    public var maxResponseBytes: Int
    /// The longest request target (path and query, percent-encoded) sent. Default 16 KiB,
    /// which common servers accept; longer requests fail before they are sent.
    public var maxRequestTargetBytes: Int
    /// The most bytes of request header fields sent (names, values and 4 bytes per field for
    /// `": "` and CRLF). Default 64 KiB.
    public var maxRequestHeaderBytes: Int
    /// Where the controller logs: one debug line per request, headers at trace.
    public var logger: Logger
    /// Which headers and query names are secrets in logs, errors and cURL renderings.
    public var redaction: Redaction
    /// Where the network conditions are posted; `nil` posts nothing.
    public var notificationCenter: NotificationCenter?
    /// How many undelivered events a slow subscriber of ``EndpointController/events()`` keeps
    /// (the newest are kept).
    public var eventBufferSize: Int
    /// A cache of GET answers; `nil` (the default) caches nothing.
    public var cache: ResponseCache?
    /// Sorts a transport's error into a ``EndpointError/TransportFailure``.
    public var classifyTransportError: @Sendable (any Error) -> EndpointError.TransportFailure
    /// Where requests are reported as spans and metrics: by default the tracer and metrics
    /// backend the application bootstrapped, if any.
    public var telemetry = EndpointTelemetry()

    /// A configuration; every argument has the documented default.
    public init(
        decoding: JSONDecodingOptions = JSONDecodingOptions(),
        acceptableStatusCodes: Range<Int> = 200..<300,
        retryPolicy: RetryPolicy = .default,
        idempotencyKeys: IdempotencyKeyPolicy? = nil,
        redirectPolicy: RedirectPolicy = .default,
        interceptors: [any EndpointInterceptor] = [],
        timeout: Duration = .seconds(60),
        transferTimeout: Duration = .seconds(3600),
        enforcesTimeouts: Bool = true,
        maxResponseBytes: Int = 64 << 20,
        maxRequestTargetBytes: Int = 16 << 10,
        maxRequestHeaderBytes: Int = 64 << 10,
        logger: Logger = Logger(label: "EndpointKit"),
        redaction: Redaction = .default,
        notificationCenter: NotificationCenter? = .default,
        eventBufferSize: Int = 256,
        cache: ResponseCache? = nil,
        classifyTransportError: @escaping @Sendable (any Error) -> EndpointError.TransportFailure =
            TransportErrorClassifier.classify
    ) {
        self.decoding = decoding
        self.acceptableStatusCodes = acceptableStatusCodes
        self.retryPolicy = retryPolicy
        self.idempotencyKeys = idempotencyKeys
        self.redirectPolicy = redirectPolicy
        self.interceptors = interceptors
        self.timeout = timeout
        self.transferTimeout = transferTimeout
        self.enforcesTimeouts = enforcesTimeouts
        self.maxResponseBytes = maxResponseBytes
        self.maxRequestTargetBytes = maxRequestTargetBytes
        self.maxRequestHeaderBytes = maxRequestHeaderBytes
        self.logger = logger
        self.redaction = redaction
        self.notificationCenter = notificationCenter
        self.eventBufferSize = eventBufferSize
        self.cache = cache
        self.classifyTransportError = classifyTransportError
    }
}
