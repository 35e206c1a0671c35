import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One download task: Foundation writes the body to a file of its own, which is moved to the
/// path the caller asked for as soon as it is complete. How ``URLSessionEndpointTransport``
/// downloads on Apple platforms; on Linux it writes the file itself
/// (``URLSessionFileWritingExchange``).
final class URLSessionDownloadExchange: URLSessionTaskObserver, @unchecked Sendable {
    private struct State {
        var waiter: CheckedContinuation<URLResponse, any Error>?
        var moveFailure: (any Error)?
        var moved = false
    }

    private let state = Locked(State())
    private let file: URL
    private let progress: @Sendable (Int64, Int64?) -> Void

    init(file: URL, progress: @escaping @Sendable (Int64, Int64?) -> Void) {
        self.file = file
        self.progress = progress
    }

    /// Waits for the whole answer; `start` resumes the task once the waiter is in place.
    func response(start: () -> Void) async throws -> URLResponse {
        try await withCheckedThrowingContinuation { continuation in
            state.withLock { $0.waiter = continuation }
            start()
        }
    }

    func didReceive(_ response: URLResponse) {}

    func didReceive(_ data: Data) {}

    func didWrite(totalBytes total: Int64, expected: Int64?) {
        progress(total, expected)
    }

    func didFinishDownloading(to location: URL) {
        do {
            try FileManager.default.moveItem(at: location, to: file)
            state.withLock { $0.moved = true }
        } catch {
            state.withLock { $0.moveFailure = DownloadFileWriteFailure(file: file, underlying: error) }
        }
    }

    func didComplete(_ task: URLSessionTask, error: (any Error)?) {
        let (waiter, moveFailure, moved) = state.withLock { state in
            defer { state.waiter = nil }
            return (state.waiter, state.moveFailure, state.moved)
        }
        let failure = error ?? moveFailure ?? (task.response == nil ? URLError(.badServerResponse) : nil)
        if let failure {
            try? FileManager.default.removeItem(at: file)
            waiter?.resume(throwing: failure)
            return
        }
        // An answer without a body (a refused redirect, a 204) leaves no file of Foundation's.
        if !moved, !FileManager.default.createFile(atPath: file.path, contents: nil) {
            waiter?.resume(throwing: CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path]))
            return
        }
        waiter?.resume(returning: task.response!)
    }
}
