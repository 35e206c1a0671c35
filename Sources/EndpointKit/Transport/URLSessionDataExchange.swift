import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One data (or upload) task: hands its answer's head to the sender and its body to a
/// ``ResponseBodyBuffer``.
///
/// The head of a small answer whose length is known waits for the body, which follows at once:
/// the sender then resumes once, with the whole body buffered, instead of once for the head and
/// again for the bytes.
final class URLSessionDataExchange: URLSessionTaskObserver, @unchecked Sendable {
    /// Answers of at most this many declared bytes are handed over complete.
    static let completeAnswerLimit: Int64 = 256 << 10

    private struct State {
        var waiter: CheckedContinuation<URLResponse, any Error>?
        var heldResponse: URLResponse?
        /// The head's outcome when it came before anyone waited for it.
        var outcome: Result<URLResponse, any Error>?
        var delivered = false
    }

    private let state = Locked(State())
    /// The answer's body, as it arrives.
    let body: ResponseBodyBuffer
    private let canceller: URLSessionTaskCanceller
    private let mapFailure: @Sendable (any Error) -> any Error
    private let onComplete: @Sendable () -> Void

    /// An exchange whose task `canceller` stops; the task's failure is reported as `mapFailure`
    /// names it (a deadline's, when the deadline stopped it); `onComplete` runs when the task ends.
    init(
        canceller: URLSessionTaskCanceller, mapFailure: @escaping @Sendable (any Error) -> any Error,
        onComplete: @escaping @Sendable () -> Void
    ) {
        body = ResponseBodyBuffer(onCancel: { canceller.stop() })
        self.canceller = canceller
        self.mapFailure = mapFailure
        self.onComplete = onComplete
    }

    /// Waits for the head; `start` resumes the task once the waiter is in place, unless the
    /// exchange was stopped before.
    nonisolated(nonsending) func head(start: () -> Void) async throws -> URLResponse {
        try await withCheckedThrowingContinuation { continuation in
            let outcome = state.withLock { state -> Result<URLResponse, any Error>? in
                guard let outcome = state.outcome else {
                    state.waiter = continuation
                    return nil
                }
                state.outcome = nil
                return outcome
            }
            if let outcome { return continuation.resume(with: outcome) }
            start()
        }
    }

    /// Fails the exchange now, head and body, and stops its task (``URLSessionTaskCanceller``):
    /// the caller cancelled or the deadline passed.
    func stop() {
        let failure = mapFailure(URLError(.cancelled))
        body.finish(throwing: failure)
        deliver(.failure(failure))
        canceller.stop()
    }

    func didReceive(_ response: URLResponse) {
        let length = response.expectedContentLength
        canceller.didReceiveHead(expected: response.handedOverBodyLength)
        if length >= 0, length <= Self.completeAnswerLimit {
            state.withLock { $0.heldResponse = response }
        } else {
            deliver(.success(response))
        }
    }

    func didReceive(_ data: Data) {
        canceller.didReceive(count: data.count)
        body.append(data)
    }

    func didWrite(totalBytes total: Int64, expected: Int64?) {}

    func didFinishDownloading(to location: URL) {}

    func didComplete(_ task: URLSessionTask, error: (any Error)?) {
        canceller.didComplete()
        defer { onComplete() }
        // After a stop, the body is finished and the head delivered already: these do nothing.
        let error = error.map(mapFailure)
        body.finish(throwing: error)
        if let error {
            deliver(.failure(error))
        } else if let response = state.withLock({ $0.heldResponse }) ?? task.response {
            deliver(.success(response))
        } else {
            deliver(.failure(URLError(.badServerResponse)))
        }
    }

    /// Resumes the sender once, or keeps the outcome for it when it is not waiting yet; later
    /// calls do nothing.
    private func deliver(_ result: Result<URLResponse, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<URLResponse, any Error>? in
            guard !state.delivered else { return nil }
            state.delivered = true
            guard let waiter = state.waiter else {
                state.outcome = result
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(with: result)
    }
}
