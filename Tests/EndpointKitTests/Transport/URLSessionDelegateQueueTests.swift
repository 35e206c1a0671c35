@testable import EndpointKit
import Foundation
import Testing

/// ``URLSessionDelegateQueue``: the delegate queue of ``URLSessionEndpointTransport`` on Linux,
/// which runs each call on the thread that adds it, with real threads.
@Suite("URLSessionDelegateQueue")
struct URLSessionDelegateQueueTests {
    /// What the calls saw: the threads they ran on, their order, and how many ever ran at once.
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var mostAtOnce = 0
        private var events: [String] = []
        private var threads: Set<UInt> = []

        func begin(_ event: String) {
            lock.withLock {
                running += 1
                mostAtOnce = max(mostAtOnce, running)
                events.append(event)
                threads.insert(currentThread())
            }
        }

        func end(_ event: String? = nil) {
            lock.withLock {
                running -= 1
                if let event { events.append(event) }
            }
        }

        var log: [String] { lock.withLock { events } }
        var threadsSeen: Set<UInt> { lock.withLock { threads } }
    }

    /// Runs `body` on a thread of its own, as Foundation's work queue is, and returns that thread.
    private func onAThread(_ body: @escaping @Sendable () -> Void) async -> UInt {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                body()
                continuation.resume(returning: currentThread())
            }
        }
    }

    @Test("Calls run on the thread that adds them, in order, and are done when addOperation returns")
    func callsRunInline() async {
        let queue = URLSessionDelegateQueue()
        let record = Record()
        let doneOnReturn = Locked(true)
        let adder = await onAThread {
            for index in 0..<100 {
                queue.addOperation {
                    record.begin("\(index)")
                    record.end()
                }
                if record.log.count != index + 1 { doneOnReturn.withLock { $0 = false } }
            }
        }
        #expect(record.log == (0..<100).map(String.init))
        #expect(record.threadsSeen == [adder])
        #expect(doneOnReturn.withLock { $0 })
    }

    @Test("Calls added from several threads at once never run at the same time", .timeLimit(.minutes(1)))
    func callsTakeTurns() async {
        let queue = URLSessionDelegateQueue()
        let record = Record()
        await withTaskGroup(of: UInt.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    await onAThread {
                        for index in 0..<200 {
                            queue.addOperation {
                                record.begin("\(thread).\(index)")
                                usleep(20)
                                record.end()
                            }
                        }
                    }
                }
            }
            await group.waitForAll()
        }
        #expect(record.log.count == 800)
        #expect(record.mostAtOnce == 1, "\(record.mostAtOnce) calls ran at once")
        #expect(record.threadsSeen.count > 1, "one thread did all the work: the test shows nothing")
    }

    @Test("A call that adds calls runs them after itself, in order, before its adder goes on", .timeLimit(.minutes(1)))
    func nestedCallsRunAfterTheirParent() async {
        let queue = URLSessionDelegateQueue()
        let record = Record()
        _ = await onAThread {
            queue.addOperation {
                record.begin("outer")
                queue.addOperation {
                    record.begin("first")
                    queue.addOperation {
                        record.begin("third")
                        record.end()
                    }
                    record.end("first ends")
                }
                queue.addOperation {
                    record.begin("second")
                    record.end()
                }
                record.end("outer ends")
            }
            record.begin("adder goes on")
            record.end()
        }
        #expect(record.log == ["outer", "outer ends", "first", "first ends", "second", "third", "adder goes on"])
        #expect(record.mostAtOnce == 1)
    }
}

/// The calling thread's identity.
private func currentThread() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}
