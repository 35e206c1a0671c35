import Foundation

/// The delegate queue of a session made by ``URLSessionEndpointTransport`` on Linux: it runs each
/// call on the thread that adds it, which is Foundation's own work queue, the thread that runs
/// libcurl. That is where Foundation itself delivers `URLSession.data(for:)`'s answer.
///
/// - **No hand-over.** An OperationQueue would wake a thread of its own for every call: a
///   completion handler that way costs 10 context switches and 16–22 heap allocations per request
///   more than `data(for:)` (BENCHMARKS.md). Run here, it costs what `data(for:)` does, and the
///   transport can keep the task's handle to enforce a deadline.
/// - **Back-pressure.** Foundation on Linux cannot pause a transfer. A delegate that writes each
///   chunk to a file (a download, ``URLSessionFileWritingExchange``) now writes it before libcurl
///   reads the next one: the transfer waits for the disk, and TCP slows the sender.
/// - **One at a time, in order.** Calls added from one thread run in the order added. A call added
///   from another thread while one runs waits for it. A call added from inside a running call
///   runs when that call returns, before `addOperation` returns to whoever added the outer one.
///
/// So a call on this queue must be short and must never wait for Foundation's work queue: it may
/// be running on it. `URLSessionTask.cancel()` and making a task both do (`DispatchQueue.sync`),
/// so a delegate that stops its task from here does it from another thread
/// (``URLSessionTaskCanceller``). Only block operations run here; an `Operation` object added
/// goes to the OperationQueue as usual.
final class URLSessionDelegateQueue: OperationQueue, @unchecked Sendable {
    private struct State {
        /// The thread running a call, while one runs.
        var runner: UInt?
        /// Calls added by the running call, to run after it.
        var nested: [@Sendable () -> Void] = []
    }

    /// Held while a call runs: makes calls from different threads take turns.
    private let turn = NSLock()
    private let state = Locked(State())

    /// A queue that runs each call on the thread that adds it, one at a time.
    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "EndpointKit.URLSessionDelegateQueue"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        let thread = Self.currentThread
        let isNested = state.withLock { state -> Bool in
            guard state.runner == thread else { return false }
            state.nested.append(block)
            return true
        }
        guard !isNested else { return }
        turn.lock()
        state.withLock { $0.runner = thread }
        var next: (@Sendable () -> Void)? = block
        while let call = next {
            call()
            next = state.withLock { state in
                guard !state.nested.isEmpty else {
                    state.runner = nil
                    return nil
                }
                return state.nested.removeFirst()
            }
        }
        turn.unlock()
    }

    /// The calling thread's identity.
    private static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
