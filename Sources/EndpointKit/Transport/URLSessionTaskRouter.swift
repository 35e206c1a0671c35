import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one URLSession task tells the exchange that started it.
protocol URLSessionTaskObserver: AnyObject, Sendable {
    /// The answer's head arrived (data tasks).
    func didReceive(_ response: URLResponse)
    /// A chunk of the answer's body arrived (data tasks).
    func didReceive(_ data: Data)
    /// Foundation wrote `total` bytes of the body to its file, of `expected` when known (download tasks).
    func didWrite(totalBytes total: Int64, expected: Int64?)
    /// Foundation's file is complete at `location`, which it removes when this returns.
    func didFinishDownloading(to location: URL)
    /// The task ended: with `error` when it failed.
    func didComplete(_ task: URLSessionTask, error: (any Error)?)
}

/// The delegate of a session made by ``URLSessionEndpointTransport``: hands each task's events to
/// the observer registered for it, and refuses every redirect, so that the task completes with
/// the `3xx` answer for the controller to follow (``RedirectPolicy``).
final class URLSessionTaskRouter: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, Sendable {
    private let observers = Locked<[Int: any URLSessionTaskObserver]>([:])

    /// Sends `task`'s events to `observer` until the task completes. Call it before `resume()`.
    func observe(_ task: URLSessionTask, with observer: any URLSessionTaskObserver) {
        observers.withLock { $0[task.taskIdentifier] = observer }
    }

    private func observer(of task: URLSessionTask) -> (any URLSessionTaskObserver)? {
        observers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        observer(of: dataTask)?.didReceive(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        observer(of: dataTask)?.didReceive(data)
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        observer(of: downloadTask)?.didWrite(
            totalBytes: totalBytesWritten, expected: totalBytesExpectedToWrite >= 0 ? totalBytesExpectedToWrite : nil)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        observer(of: downloadTask)?.didFinishDownloading(to: location)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let observer = observers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        observer?.didComplete(task, error: error)
    }
}
