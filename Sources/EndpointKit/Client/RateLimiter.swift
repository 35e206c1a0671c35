import HTTPTypes

/// Holds requests back so that at most `limit` start within any `window`: a client-side rate
/// limit that waits rather than fails (for APIs that answer 429 above a rate, such as 60 a minute).
///
/// Add it to the controller's interceptors; every attempt, retries included, takes a slot.
/// Waiting honours cancellation.
///
/// ```swift
/// let limiter = RateLimiter(limit: 60, per: .seconds(60))
/// let controller = EndpointController<EndpointDefaultServerError>(configuration: .init(interceptors: [limiter]))
/// ```
public actor RateLimiter: EndpointInterceptor {
    /// The most requests that may start within ``window``.
    public nonisolated let limit: Int
    /// The sliding window.
    public nonisolated let window: Duration
    private var starts: [ContinuousClock.Instant] = []

    /// At most `limit` requests per `window` (a `limit` below 1 is taken as 1).
    public init(limit: Int, per window: Duration) {
        self.limit = max(1, limit)
        self.window = window
    }

    /// 60 requests a minute.
    public static func perMinute(_ limit: Int = 60) -> RateLimiter {
        RateLimiter(limit: limit, per: .seconds(60))
    }

    /// Waits for a slot, then lets the request go unchanged.
    public func adapt(_ request: HTTPRequest) async throws -> HTTPRequest {
        try await acquire()
        return request
    }

    private func acquire() async throws {
        let clock = ContinuousClock()
        while true {
            let now = clock.now
            starts.removeAll { $0 <= now - window }
            if starts.count < limit {
                starts.append(now)
                return
            }
            try await Task.sleep(until: starts[0] + window, clock: clock)
        }
    }
}
