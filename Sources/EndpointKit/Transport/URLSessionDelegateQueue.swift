import Foundation

/// The delegate queue of a session made by ``URLSessionEndpointTransport`` on Linux: serial, as a
/// session's must be, and the one place where a transfer that outruns its reader can be held back.
///
/// Foundation on Linux cannot pause a transfer: each chunk of a body is handed to the delegate as
/// an operation on this queue, however many are still waiting. When the delegate writes each chunk
/// to a file (a download, ``URLSessionFileWritingExchange``) and the network is faster than the
/// disk, the waiting chunks pile up in memory. So this queue makes whoever adds an operation wait
/// while `limit` of them are pending. That is Foundation's own work queue, which runs libcurl: the
/// transfer stops reading from its socket until the delegate has caught up, and TCP slows the
/// sender. An operation added from this queue itself never waits, so the queue cannot block itself.
///
/// So no operation on this queue may wait for Foundation's work queue, which may be waiting for
/// this one: `URLSessionTask.cancel()` does (`DispatchQueue.sync`), so a delegate that stops its
/// task from here does it from another thread. Other callers only wait until the queue drains.
final class URLSessionDelegateQueue: OperationQueue, @unchecked Sendable {
    /// The most operations that may wait before adding another waits too.
    let limit: Int
    private let condition = NSCondition()
    /// Operations added and not yet finished; guarded by `condition`.
    private var pending = 0
    /// Where the operations run; held here because `OperationQueue.underlyingQueue` does not keep
    /// its queue alive.
    private let dispatchQueue = DispatchQueue(label: "EndpointKit.URLSessionDelegateQueue")

    /// A serial queue that holds back whoever adds an operation while `limit` are pending.
    init(limit: Int) {
        self.limit = limit
        super.init()
        maxConcurrentOperationCount = 1
        name = "EndpointKit.URLSessionDelegateQueue"
        // A serial queue of its own runs on libdispatch's overcommitting threads, which are made
        // as needed. An OperationQueue's default runs on the shared pool, which has as many
        // threads as cores: a few callers blocked waiting for the work queue would starve the
        // operations that the work queue waits for.
        underlyingQueue = dispatchQueue
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        condition.lock()
        if pending >= limit, OperationQueue.current !== self {
            repeat { condition.wait() } while pending >= limit
        }
        pending += 1
        condition.unlock()
        super.addOperation { [self] in
            block()
            condition.lock()
            pending -= 1
            condition.signal()
            condition.unlock()
        }
    }
}
