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
/// The session's delegate queue calls its methods one at a time.
final class URLSessionFileWritingExchange: URLSessionTaskObserver, @unchecked Sendable {
    private struct State {
        var waiter: CheckedContinuation<URLResponse, any Error>?
        var handle: FileHandle?
        var written: Int64 = 0
        var expected: Int64?
        var failure: (any Error)?
        var stopping = false
    }

    /// Where tasks are cancelled from: a serial queue, so on a thread of its own (see ``stopIfFailed()``).
    private static let cancelling = DispatchQueue(label: "EndpointKit.URLSessionFileWritingExchange.cancel")

    private let state = Locked(State())
    private let file: URL
    private let progress: @Sendable (Int64, Int64?) -> Void
    private let cancelTask: @Sendable () -> Void

    /// An exchange that writes into `file` (made or emptied when the answer's head arrives),
    /// reports what it wrote through `progress`, and stops the task with `cancelTask` when the
    /// file cannot be written.
    init(file: URL, progress: @escaping @Sendable (Int64, Int64?) -> Void, cancelTask: @escaping @Sendable () -> Void) {
        self.file = file
        self.progress = progress
        self.cancelTask = cancelTask
    }

    /// Waits for the whole answer; `start` resumes the task once the waiter is in place.
    func response(start: () -> Void) async throws -> URLResponse {
        try await withCheckedThrowingContinuation { continuation in
            state.withLock { $0.waiter = continuation }
            start()
        }
    }

    func didReceive(_ response: URLResponse) {
        // Foundation hands over a decoded body, whose length the encoded one's does not give.
        let encoded = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding") != nil
        let expected = response.expectedContentLength >= 0 && !encoded ? response.expectedContentLength : nil
        state.withLock { $0.expected = expected }
        openFile()
    }

    func didReceive(_ data: Data) {
        let report = state.withLock { state -> (Int64, Int64?)? in
            Self.openIfNeeded(file, in: &state)
            guard state.failure == nil, let handle = state.handle else { return nil }
            do {
                try handle.write(contentsOf: data)
            } catch {
                state.failure = error
                return nil
            }
            state.written += Int64(data.count)
            return (state.written, state.expected)
        }
        guard let (written, expected) = report else { return stopIfFailed() }
        progress(written, expected)
    }

    func didWrite(totalBytes total: Int64, expected: Int64?) {}

    func didFinishDownloading(to location: URL) {}

    func didComplete(_ task: URLSessionTask, error: (any Error)?) {
        // An answer without a body leaves an empty file.
        if error == nil { openFile() }
        let (waiter, failure) = state.withLock { state in
            defer { state.waiter = nil }
            if let handle = state.handle {
                do { try handle.close() } catch { state.failure = state.failure ?? error }
                state.handle = nil
            }
            return (state.waiter, state.failure)
        }
        let writeFailure = failure.map { DownloadFileWriteFailure(file: file, underlying: $0) }
        if let failure = writeFailure ?? error ?? (task.response == nil ? URLError(.badServerResponse) : nil) {
            try? FileManager.default.removeItem(at: file)
            waiter?.resume(throwing: failure)
        } else {
            waiter?.resume(returning: task.response!)
        }
    }

    /// Makes `file` empty and opens it for writing, once.
    private func openFile() {
        state.withLock { Self.openIfNeeded(file, in: &$0) }
        stopIfFailed()
    }

    /// Makes `file` empty and opens it into `state`, unless it is open or has failed already.
    private static func openIfNeeded(_ file: URL, in state: inout State) {
        guard state.handle == nil, state.failure == nil else { return }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            state.failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            return
        }
        state.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Cancels the task, once, when the file could not be made or written, and from a thread of
    /// its own: this runs on the session's delegate queue, and `URLSessionTask.cancel()` waits for
    /// Foundation's work queue, which may itself be waiting for the delegate queue
    /// (``URLSessionDelegateQueue``).
    private func stopIfFailed() {
        let stops = state.withLock { state in
            guard state.failure != nil, !state.stopping else { return false }
            state.stopping = true
            return true
        }
        if stops { Self.cancelling.async(execute: cancelTask) }
    }
}
