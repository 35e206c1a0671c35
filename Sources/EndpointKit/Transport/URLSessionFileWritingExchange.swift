import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One download as a data task whose body is written straight into the caller's file as it
/// arrives: how ``URLSessionEndpointTransport`` downloads on Linux.
///
/// Foundation on Linux writes a download task's body to a file of its own in the temporary
/// directory and, when the task fails or is cancelled, leaves that file behind, and no API names
/// it. Written here, the only file is the caller's, which this exchange removes when the download
/// fails.
///
/// The session's delegate queue calls its methods one at a time, on Foundation's work queue: each
/// chunk is written before libcurl reads the next, so a disk slower than the network slows the
/// transfer instead of filling memory.
final class URLSessionFileWritingExchange: URLSessionTaskObserver, @unchecked Sendable {
    private struct State {
        var waiter: CheckedContinuation<URLResponse, any Error>?
        var handle: FileHandle?
        var written: Int64 = 0
        var expected: Int64?
        var failure: (any Error)?
        /// The exchange has its outcome: the waiter was resumed or will be at once, and the file
        /// is no longer touched.
        var ended = false
        /// What the download failed with when it ended early.
        var endFailure: (any Error)?
    }

    private let state = Locked(State())
    private let file: URL
    private let progress: @Sendable (Int64, Int64?) -> Void
    private let canceller: URLSessionTaskCanceller

    /// An exchange that writes into `file` (made or emptied when the answer's head arrives),
    /// reports what it wrote through `progress` (which must return quickly: it holds up every
    /// transfer of the session), and stops its task through `canceller`.
    init(file: URL, progress: @escaping @Sendable (Int64, Int64?) -> Void, canceller: URLSessionTaskCanceller) {
        self.file = file
        self.progress = progress
        self.canceller = canceller
    }

    /// Waits for the whole answer; `start` resumes the task once the waiter is in place, unless
    /// the exchange has ended before.
    func response(start: () -> Void) async throws -> URLResponse {
        try await withCheckedThrowingContinuation { continuation in
            let failure = state.withLock { state -> (any Error)? in
                guard !state.ended else { return state.endFailure ?? CancellationError() }
                state.waiter = continuation
                return nil
            }
            if let failure { return continuation.resume(throwing: failure) }
            start()
        }
    }

    func didReceive(_ response: URLResponse) {
        let expected = response.handedOverBodyLength
        canceller.didReceiveHead(expected: expected)
        state.withLock { $0.expected = expected }
        openFile()
    }

    func didReceive(_ data: Data) {
        canceller.didReceive(count: data.count)
        let report = state.withLock { state -> (Int64, Int64?)? in
            Self.openIfNeeded(file, in: &state)
            guard !state.ended, state.failure == nil, let handle = state.handle else { return nil }
            do {
                try handle.write(contentsOf: data)
            } catch {
                state.failure = error
                return nil
            }
            state.written += Int64(data.count)
            return (state.written, state.expected)
        }
        guard let (written, expected) = report else { return endIfFailed() }
        progress(written, expected)
    }

    func didWrite(totalBytes total: Int64, expected: Int64?) {}

    func didFinishDownloading(to location: URL) {}

    func didComplete(_ task: URLSessionTask, error: (any Error)?) {
        canceller.didComplete()
        // An answer without a body leaves an empty file.
        if error == nil { openFile() }
        guard let (waiter, writeFailure) = state.withLock({ Self.end(&$0) }) else { return }
        if let failure = writeFailure.map({ DownloadFileWriteFailure(file: file, underlying: $0) }) ?? error
            ?? (task.response == nil ? URLError(.badServerResponse) : nil)
        {
            try? FileManager.default.removeItem(at: file)
            waiter?.resume(throwing: failure)
        } else {
            waiter?.resume(returning: task.response!)
        }
    }

    /// Makes `file` empty and opens it for writing, once.
    private func openFile() {
        state.withLock { Self.openIfNeeded(file, in: &$0) }
        endIfFailed()
    }

    /// Makes `file` empty and opens it into `state`, unless it is open, has failed already or
    /// the exchange has ended.
    private static func openIfNeeded(_ file: URL, in state: inout State) {
        guard !state.ended, state.handle == nil, state.failure == nil else { return }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            state.failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            return
        }
        state.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Ends the download when the file could not be made or written.
    private func endIfFailed() {
        let failure = state.withLock { state in state.ended ? nil : state.failure }
        if let failure { stop(DownloadFileWriteFailure(file: file, underlying: failure)) }
    }

    /// Ends the download now with `failure`, once (the caller cancelled, or the file cannot be
    /// written): the file is closed and removed, the waiter resumed, and the task stopped
    /// (``URLSessionTaskCanceller``). What the task does after is ignored, so a later download
    /// into the same file is never touched.
    func stop(_ failure: any Error) {
        let ending = state.withLock { state in
            Self.end(&state).map { ended in
                state.endFailure = failure
                return ended.waiter
            }
        }
        guard let waiter = ending else { return }
        try? FileManager.default.removeItem(at: file)
        waiter?.resume(throwing: failure)
        canceller.stop()
    }

    /// Ends the exchange, once: closes the file and takes the waiter. Returns the waiter and the
    /// failure to write, or `nil` when the exchange had ended already.
    private static func end(_ state: inout State)
        -> (waiter: CheckedContinuation<URLResponse, any Error>?, writeFailure: (any Error)?)?
    {
        guard !state.ended else { return nil }
        state.ended = true
        close(&state)
        defer { state.waiter = nil }
        return (state.waiter, state.failure)
    }

    /// Closes the file, noting a failure to close as the download's.
    private static func close(_ state: inout State) {
        guard let handle = state.handle else { return }
        do { try handle.close() } catch { state.failure = state.failure ?? error }
        state.handle = nil
    }
}
