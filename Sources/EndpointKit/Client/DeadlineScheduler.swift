import Dispatch
import Foundation

/// Runs an action when a deadline passes, unless it is cancelled first: the controller's
/// per-attempt timeouts.
///
/// One dispatch timer serves every pending deadline, set for the earliest. Scheduling and
/// cancelling take a lock and a heap operation, with no task or timer of their own, which is what
/// makes a timeout cheap enough to put on every request: a sleeping child task per attempt cost
/// 45 µs more CPU per request over an in-memory transport, and about 60 µs more over
/// AsyncHTTPClient on loopback, on the reference machine (BENCHMARKS.md). The timer fires on its
/// own queue, so a deadline passes on time even while every task thread is busy.
final class DeadlineScheduler: @unchecked Sendable {
    /// The scheduler every controller shares.
    static let shared = DeadlineScheduler()

    /// A scheduled action, to cancel it.
    struct Token: Sendable {
        fileprivate let id: UInt64
    }

    private struct Entry {
        var deadline: DispatchTime
        var id: UInt64
    }

    private let lock = NSLock()
    private let queue = DispatchQueue(label: "EndpointKit.DeadlineScheduler")
    private let timer: any DispatchSourceTimer
    /// Deadlines in heap order, earliest first; cancelled ones stay until they surface or a compaction.
    private var heap: [Entry] = []
    /// The actions still pending, by id.
    private var actions: [UInt64: @Sendable () -> Void] = [:]
    private var nextID: UInt64 = 0
    /// The deadline the timer is set for, if any.
    private var armedFor: DispatchTime?

    init() {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.fire() }
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    deinit {
        // A scheduler other than the shared one (the tests') may go while a deadline is armed.
        timer.cancel()
    }

    /// The number of actions still pending (for tests).
    var pendingCount: Int { lock.withLock { actions.count } }

    /// The number of deadlines held, cancelled ones included (for tests).
    var heapCount: Int { lock.withLock { heap.count } }

    /// Runs `action` on the scheduler's queue once `delay` has passed, unless cancelled before.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Token {
        let deadline = DispatchTime.now() + Self.interval(delay)
        return lock.withLock {
            nextID += 1
            let id = nextID
            actions[id] = action
            push(Entry(deadline: deadline, id: id))
            // Cancelled entries are dropped when they surface; rebuild when they are most of the heap.
            if heap.count > 1024 && heap.count > 4 * actions.count { compact() }
            if armedFor.map({ deadline < $0 }) ?? true {
                armedFor = deadline
                timer.schedule(deadline: deadline, leeway: .milliseconds(1))
            }
            return Token(id: id)
        }
    }

    /// Cancels the action of `token`; whether it was still pending (false: it ran or is running).
    @discardableResult
    func cancel(_ token: Token) -> Bool {
        lock.withLock { actions.removeValue(forKey: token.id) != nil }
    }

    private func fire() {
        var due: [@Sendable () -> Void] = []
        lock.withLock {
            let now = DispatchTime.now()
            while let first = heap.first, first.deadline <= now {
                popFirst()
                if let action = actions.removeValue(forKey: first.id) { due.append(action) }
            }
            while let first = heap.first, actions[first.id] == nil { popFirst() }
            armedFor = heap.first?.deadline
            timer.schedule(deadline: armedFor ?? .distantFuture, leeway: .milliseconds(1))
        }
        for action in due { action() }
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        guard duration > .zero else { return .nanoseconds(0) }
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow, nanoseconds.partialValue <= Int64(Int.max) - 1_000_000_000 else { return .never }
        return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
    }

    // MARK: Heap

    private func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func popFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(from: 0)
    }

    private func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count && heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count && heap[right].deadline < heap[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }

    private func compact() {
        heap.removeAll { actions[$0.id] == nil }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
    }
}
