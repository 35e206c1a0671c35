@testable import EndpointKit
import Foundation
import Testing

/// ``URLSessionDelegateQueue``: the back-pressure of ``URLSessionEndpointTransport`` on Linux,
/// with real threads.
@Suite("URLSessionDelegateQueue")
struct URLSessionDelegateQueueTests {
    /// How many operations have been added and not finished, and the most there ever were.
    final class Backlog: @unchecked Sendable {
        private let lock = NSLock()
        private var current = 0
        private(set) var most = 0
        private var order: [Int] = []

        func added() {
            lock.withLock {
                current += 1
                most = max(most, current)
            }
        }

        func ran(_ index: Int) {
            lock.withLock {
                current -= 1
                order.append(index)
            }
        }

        var ranInOrder: [Int] { lock.withLock { order } }
    }

    @Test("A producer faster than the queue waits once `limit` operations are pending; all run, in order")
    func producerWaits() async throws {
        let queue = URLSessionDelegateQueue(limit: 8)
        let backlog = Backlog()
        // A producer thread, as Foundation's work queue is, adding 200 slow operations.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                for index in 0..<200 {
                    queue.addOperation {
                        usleep(200)
                        backlog.ran(index)
                    }
                    backlog.added()
                }
                queue.waitUntilAllOperationsAreFinished()
                continuation.resume()
            }
        }
        #expect(backlog.ranInOrder == Array(0..<200))
        // `added()` follows `addOperation`, so one more than the limit can be counted in between.
        #expect(backlog.most <= queue.limit + 1, "the backlog reached \(backlog.most)")
        #expect(backlog.most >= queue.limit / 2, "the producer never got ahead (\(backlog.most)): the test shows nothing")
    }

    @Test("An operation that adds operations to its own queue beyond the limit does not wait")
    func addingFromTheQueueItselfNeverWaits() async throws {
        let queue = URLSessionDelegateQueue(limit: 2)
        let ran = Locked(0)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.addOperation {
                for _ in 0..<10 { queue.addOperation { ran.withLock { $0 += 1 } } }
                queue.addOperation { continuation.resume() }
            }
        }
        #expect(ran.withLock { $0 } == 10)
    }
}
