import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How ``URLSessionEndpointTransport`` stops a URLSession task whose exchange no longer waits for
/// it (its caller cancelled, its deadline passed, its reader gave up, its file cannot be written).
///
/// The exchange fails at once; this decides what happens to the task. On Apple platforms it is
/// cancelled. On Linux, `URLSessionTask.cancel()` is only safe while the transfer is far from its
/// end, because swift-corelibs-foundation breaks when a cancel meets the transfer's completion:
///
/// - `cancel()` marks the task and queues its failure; if the transfer completes before that
///   failure runs, the task is gone from the session's registry and the process stops with
///   "Trying to access a behaviour for a task that in not in the registry"
///   (`URLSessionCancellationRaceTests` hit it within a few hundred trials);
/// - `URLSession.data(for:)`'s own cancellation handler waits for the work queue while the Swift
///   runtime holds the task's status lock, and deadlocks with the work queue resuming that task.
///
/// So on Linux a task with little left to transfer is first left to finish, its events ignored.
/// It is cancelled when what is left is large (``cancellableRemainder`` bytes or more, known from
/// its `Content-Length`), when that much arrives after the stop, or when it has not finished
/// ``grace`` after the stop: a stalled or slow transfer, whose end is then unlikely to meet the
/// cancel. Cancels run on a queue of this type's own: `cancel()` waits for Foundation's work
/// queue, where delegate calls run (``URLSessionDelegateQueue``).
final class URLSessionTaskCanceller: @unchecked Sendable {
    /// A stopped transfer with at least this many bytes to come is cancelled; one with fewer is
    /// left to finish.
    static let cancellableRemainder: Int64 = 8 << 20
    /// How long a stopped transfer with little left is given to finish before it is cancelled:
    /// at 8 MiB/s, long enough for ``cancellableRemainder``.
    static let grace: DispatchTimeInterval = .seconds(1)

    private struct State {
        var stopped = false
        var cancelled = false
        var completed = false
        var expected: Int64?
        var received: Int64 = 0
        var receivedSinceStop: Int64 = 0
        var graceOver = false
    }

    private static let queue = DispatchQueue(label: "EndpointKit.URLSessionTaskCanceller")

    private let task: URLSessionTask
    private let state = Locked(State())

    /// The stopping of `task`.
    init(_ task: URLSessionTask) {
        self.task = task
    }

    /// The exchange no longer waits for the task: cancels it now if that is safe, or later, once
    /// it is (see the type's notes).
    func stop() {
        var first = false
        let watched = cancelIfFarFromDone { state in
            first = !state.stopped
            state.stopped = true
        }
        // A task cancelled at once, or over already, needs no grace.
        guard first, watched else { return }
        Self.queue.asyncAfter(deadline: .now() + Self.grace) { [self] in
            cancelIfFarFromDone { $0.graceOver = true }
        }
    }

    /// The task ended: nothing is left to cancel.
    func didComplete() {
        state.withLock { $0.completed = true }
    }

    /// The answer's head arrived, declaring `expected` bytes of body when known.
    func didReceiveHead(expected: Int64?) {
        cancelIfFarFromDone { $0.expected = expected }
    }

    /// `count` bytes of the body arrived.
    func didReceive(count: Int) {
        cancelIfFarFromDone { state in
            state.received += Int64(count)
            if state.stopped { state.receivedSinceStop += Int64(count) }
        }
    }

    /// Applies `change`, then cancels the task once, when it is stopped and far from its end.
    /// Returns whether the task is still running uncancelled.
    @discardableResult
    private func cancelIfFarFromDone(after change: (inout State) -> Void) -> Bool {
        let (cancels, running) = state.withLock { state -> (Bool, Bool) in
            change(&state)
            guard !state.cancelled, !state.completed else { return (false, false) }
            guard state.stopped, Self.isFarFromDone(state) else { return (false, true) }
            state.cancelled = true
            return (true, false)
        }
        if cancels { Self.queue.async { [task] in task.cancel() } }
        return running
    }

    /// Whether the transfer is far enough from its end, in bytes or in time, that a cancel is
    /// unlikely to meet its completion.
    private static func isFarFromDone(_ state: State) -> Bool {
        #if canImport(FoundationNetworking)
        if state.graceOver { return true }
        if let expected = state.expected, expected - state.received >= cancellableRemainder { return true }
        return state.receivedSinceStop >= cancellableRemainder
        #else
        true
        #endif
    }
}
