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
        var delivered = false
    }

    private let state = Locked(State())
    /// The answer's body, as it arrives.
    let body: ResponseBodyBuffer
    private let mapFailure: @Sendable (any Error) -> any Error
    private let onComplete: @Sendable () -> Void

    /// An exchange whose body reader cancels with `cancel`; the task's failure is reported as
    /// `mapFailure` names it (a deadline's, when the deadline stopped it); `onComplete` runs when
    /// the task ends.
    init(
        cancel: @escaping @Sendable () -> Void, mapFailure: @escaping @Sendable (any Error) -> any Error,
        onComplete: @escaping @Sendable () -> Void
    ) {
        body = ResponseBodyBuffer(onCancel: cancel)
        self.mapFailure = mapFailure
        self.onComplete = onComplete
    }

    /// Waits for the head; `start` resumes the task once the waiter is in place.
    nonisolated(nonsending) func head(start: () -> Void) async throws -> URLResponse {
        try await withCheckedThrowingContinuation { continuation in
            state.withLock { $0.waiter = continuation }
            start()
        }
    }

    func didReceive(_ response: URLResponse) {
        let length = response.expectedContentLength
        if length >= 0, length <= Self.completeAnswerLimit {
            state.withLock { $0.heldResponse = response }
        } else {
            deliver(.success(response))
        }
    }

    func didReceive(_ data: Data) {
        body.append(data)
    }

    func didWrite(totalBytes total: Int64, expected: Int64?) {}

    func didFinishDownloading(to location: URL) {}

    func didComplete(_ task: URLSessionTask, error: (any Error)?) {
        let error = error.map(mapFailure)
        body.finish(throwing: error)
        if let error {
            deliver(.failure(error))
        } else if let response = state.withLock({ $0.heldResponse }) ?? task.response {
            deliver(.success(response))
        } else {
            deliver(.failure(URLError(.badServerResponse)))
        }
        onComplete()
    }

    /// Resumes the sender once; later calls do nothing.
    private func deliver(_ result: Result<URLResponse, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<URLResponse, any Error>? in
            guard !state.delivered, let waiter = state.waiter else { return nil }
            state.delivered = true
            state.waiter = nil
            return waiter
        }
        waiter?.resume(with: result)
    }
}
