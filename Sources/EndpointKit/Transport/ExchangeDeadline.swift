import Foundation

/// The deadline of one exchange inside a transport, and what stops the exchange: for transports
/// that adopt ``DeadlineEnforcingTransport``.
///
/// The exchange names its stop action once it has something to stop (a URLSession task, an
/// AsyncHTTPClient task); the deadline passing runs it, as does ``cancel()`` (the caller's task
/// cancelled). A stop action named after the deadline passed runs at once; nothing runs after
/// ``end()``. Each deadline is one entry of a scheduler that all share, with one timer set for
/// the earliest: no task, no timer and no wake-up of an event loop of its own, which is what
/// makes it cheap enough for every request (BENCHMARKS.md, *Deadlines the transports enforce*).
///
/// A transport makes one per exchange, names with ``onStop(_:)`` what cancels its work, calls
/// ``cancel()`` from the caller's cancellation handler and ``end()`` when the last byte has
/// arrived, and passes every failure through ``failure(_:)``, which turns the one the deadline
/// caused into ``TransportDeadlineExceeded``.
public final class ExchangeDeadline: Sendable {
    private struct State {
        var expired = false
        var cancelled = false
        var ended = false
        var stop: (@Sendable () -> Void)?
        var token: DeadlineScheduler.Token?
    }

    /// The exchange's time limit; `nil` for none.
    public let timeout: Duration?
    private let state = Locked(State())

    /// A deadline `timeout` from now, or none when `timeout` is `nil`. The scheduler holds it
    /// until ``end()`` or the deadline, whichever comes first.
    public init(timeout: Duration?) {
        self.timeout = timeout
        guard let timeout else { return }
        let token = DeadlineScheduler.shared.schedule(after: timeout) { self.expire() }
        state.withLock { $0.token = token }
    }

    /// Whether the deadline passed before the exchange ended.
    public var hasExpired: Bool { state.withLock { $0.expired } }

    /// Names what stops the exchange; runs it at once when the deadline has passed or the caller
    /// cancelled already.
    public func onStop(_ stop: @escaping @Sendable () -> Void) {
        let stopNow = state.withLock { state -> Bool in
            guard !state.ended else { return false }
            state.stop = stop
            return state.expired || state.cancelled
        }
        if stopNow { stop() }
    }

    /// Stops the exchange because the caller's task was cancelled.
    public func cancel() {
        stop(because: \.cancelled)
    }

    /// The exchange is over: the deadline no longer applies.
    public func end() {
        let token = state.withLock { state -> DeadlineScheduler.Token? in
            state.ended = true
            state.stop = nil
            return state.token
        }
        if let token { DeadlineScheduler.shared.cancel(token) }
    }

    /// `error`, or ``TransportDeadlineExceeded`` when the deadline caused it.
    public func failure(_ error: any Error) -> any Error {
        guard let timeout, hasExpired else { return error }
        return TransportDeadlineExceeded(timeout: timeout)
    }

    private func expire() {
        stop(because: \.expired)
    }

    /// Runs the stop action once, the first time the exchange is cancelled or expires before it
    /// ends, noting which (`reason`).
    private func stop(because reason: WritableKeyPath<State, Bool>) {
        let stop = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.ended, !state.cancelled, !state.expired else { return nil }
            state[keyPath: reason] = true
            return state.stop
        }
        stop?()
    }
}
