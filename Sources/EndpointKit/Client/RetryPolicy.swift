import Foundation
import HTTPTypes

/// When the controller sends a request again, and how long it waits first.
///
/// The default follows HTTP: only idempotent methods (GET, HEAD, PUT, DELETE, OPTIONS, TRACE) are
/// retried, after a transport failure (unreachable, timed out, connection lost; never after
/// cancellation) or a `408`, `429`, `502`, `503` or `504`. It waits as the server's `Retry-After`
/// asks (seconds or an HTTP date), otherwise an exponential backoff with full jitter: a random
/// delay between zero and `baseDelay × 2^(retry − 1)`, capped by `maxDelay`. It stops at
/// `maxAttempts` sends or when the next wait would pass `totalBudget` since the first send.
///
/// A request that carries an idempotency key (see ``IdempotencyKeyPolicy``) is retried whatever
/// its method, POST and PATCH included: the server recognises the repeated key.
///
/// ```swift
/// var policy = RetryPolicy.default
/// policy.maxAttempts = 5
/// policy.retryableMethods.insert(.post)  // only if your POSTs are idempotent
/// ```
public struct RetryPolicy: Sendable {
    /// The most sends of one request, the first included. 1 disables retries.
    public var maxAttempts: Int
    /// The methods that may be sent again.
    public var retryableMethods: Set<HTTPRequest.Method>
    /// The statuses that lead to another attempt.
    public var retryableStatusCodes: Set<Int>
    /// Whether transport failures (not cancellation) lead to another attempt.
    public var retriesTransportFailures: Bool
    /// The backoff unit.
    public var baseDelay: Duration
    /// The longest wait between attempts, `Retry-After` included.
    public var maxDelay: Duration
    /// The time from the first send after which no further attempt starts.
    public var totalBudget: Duration
    /// Whether a `Retry-After` header sets the wait.
    public var honoursRetryAfter: Bool

    /// A policy; every argument has the documented default.
    public init(
        maxAttempts: Int = 3,
        retryableMethods: Set<HTTPRequest.Method> = [.get, .head, .put, .delete, .options, .trace],
        retryableStatusCodes: Set<Int> = [408, 429, 502, 503, 504],
        retriesTransportFailures: Bool = true,
        baseDelay: Duration = .milliseconds(250),
        maxDelay: Duration = .seconds(30),
        totalBudget: Duration = .seconds(60),
        honoursRetryAfter: Bool = true
    ) {
        self.maxAttempts = maxAttempts
        self.retryableMethods = retryableMethods
        self.retryableStatusCodes = retryableStatusCodes
        self.retriesTransportFailures = retriesTransportFailures
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.totalBudget = totalBudget
        self.honoursRetryAfter = honoursRetryAfter
    }

    /// The default policy.
    public static let `default` = RetryPolicy()
    /// No retries at all.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The wait before attempt `attempt + 1`, or `nil` to stop.
    ///
    /// - Parameters:
    ///   - attempt: The number of sends so far (1 after the first).
    ///   - elapsed: The time since the first send.
    ///   - retryAfter: The wait the server asked for, if any.
    ///   - carriesIdempotencyKey: Whether the request carries an idempotency key, which makes it
    ///     retryable whatever its method.
    func delay(
        afterAttempt attempt: Int, method: HTTPRequest.Method, elapsed: Duration, retryAfter: Duration?,
        carriesIdempotencyKey: Bool = false
    ) -> Duration? {
        guard attempt < maxAttempts, carriesIdempotencyKey || retryableMethods.contains(method) else { return nil }
        let wait: Duration
        if honoursRetryAfter, let retryAfter {
            guard retryAfter <= maxDelay else { return nil }
            wait = max(retryAfter, .zero)
        } else {
            let exponent = min(attempt - 1, 30)
            let ceiling = min(maxDelay, baseDelay * (1 << exponent))
            let ceilingSeconds = Double(ceiling.components.seconds) + Double(ceiling.components.attoseconds) / 1e18
            wait = .seconds(Double.random(in: 0...max(ceilingSeconds, 0)))
        }
        guard elapsed + wait < totalBudget else { return nil }
        return wait
    }

    /// The wait a `Retry-After` value asks for: delay-seconds or an HTTP date, relative to `now`.
    static func retryAfter(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value), seconds >= 0 { return .seconds(seconds) }
        guard let date = HTTPDate.parse(value) else { return nil }
        return .seconds(max(0, date.timeIntervalSince(now)))
    }
}

/// HTTP dates (RFC 9110 section 5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms.
enum HTTPDate {
    private static let formatters: Locked<[DateFormatter]> = Locked(
        ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"].map { format in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            return formatter
        })

    static func parse(_ value: String) -> Date? {
        formatters.withLock { formatters in
            formatters.lazy.compactMap { $0.date(from: value) }.first
        }
    }

    static func format(_ date: Date) -> String {
        formatters.withLock { $0[0].string(from: date) }
    }
}
