import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One task whose whole answer Foundation collects and hands to a completion handler: how
/// ``URLSessionEndpointTransport`` delivers ``URLSessionEndpointTransport/ResponseDelivery/buffered``
/// answers on Linux.
///
/// Not `URLSession.data(for:)`, which deadlocks on Linux when it is cancelled as its answer
/// arrives: its cancellation handler cancels the URLSession task in place, which waits for
/// Foundation's work queue while the Swift runtime holds the awaiting task's status lock, and the
/// work queue, resuming that same task with the answer, waits for the lock. Here the session's
/// delegate queue runs the completion handler on the work queue, as `data(for:)` runs its own
/// (``URLSessionDelegateQueue``), so it costs what `data(for:)` costs; the deadline or the
/// caller's cancellation fails the exchange at once, and ``URLSessionTaskCanceller`` decides when
/// the task itself may be cancelled.
final class URLSessionCollectingExchange: @unchecked Sendable {
    private struct State {
        var waiter: CheckedContinuation<(Data, URLResponse), any Error>?
        var canceller: URLSessionTaskCanceller?
    }

    private let state = Locked(State())
    private let deadline: ExchangeDeadline
    private let onComplete: @Sendable () -> Void

    /// An exchange within `deadline`; `onComplete` runs when its task ends.
    init(deadline: ExchangeDeadline, onComplete: @escaping @Sendable () -> Void) {
        self.deadline = deadline
        self.onComplete = onComplete
    }

    /// The answer of the task `makeTask` makes with the completion handler it is given.
    nonisolated(nonsending) func answer(
        of makeTask: (@escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionTask
    ) async throws -> (Data, URLResponse) {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = makeTask { [self] data, response, error in complete(data, response, error) }
                let stopping = URLSessionTaskCanceller(task)
                state.withLock { $0 = State(waiter: continuation, canceller: stopping) }
                deadline.onStop { [self] in
                    resume(.failure(deadline.failure(URLError(.cancelled))))
                    stopping.stop()
                }
                task.resume()
            }
        } onCancel: {
            deadline.cancel()
        }
    }

    /// The task's completion handler.
    private func complete(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
        state.withLock { $0.canceller }?.didComplete()
        deadline.end()
        onComplete()
        if let error {
            resume(.failure(deadline.failure(error)))
        } else if let response {
            resume(.success((data ?? Data(), response)))
        } else {
            resume(.failure(URLError(.badServerResponse)))
        }
    }

    /// Resumes the sender once; later outcomes are dropped.
    private func resume(_ outcome: Result<(Data, URLResponse), any Error>) {
        state.withLock { $0.waiter.take() }?.resume(with: outcome)
    }
}
