import Foundation
import ProcessTesting
import Testing

@testable import EndpointKit

@Suite("DeadlineScheduler")
struct DeadlineSchedulerTests {
    @Test("an action runs once its delay has passed, and not before")
    func fires() async throws {
        try await TestScheduling.timed {
            let scheduler = DeadlineScheduler()
            let fired = Locked<ContinuousClock.Instant?>(nil)
            let start = ContinuousClock.now
            _ = scheduler.schedule(after: .milliseconds(100)) { fired.withLock { $0 = .now } }
            let deadline = start + .seconds(10).underSanitizers
            while fired.withLock({ $0 }) == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            let at = try #require(fired.withLock { $0 })
            #expect(at - start >= .milliseconds(100))
            #expect(scheduler.pendingCount == 0)
        }
    }

    @Test("a cancelled action never runs; cancelling says whether it was still pending")
    func cancels() async throws {
        let scheduler = DeadlineScheduler()
        let ran = Locked(0)
        let token = scheduler.schedule(after: .milliseconds(50)) { ran.withLock { $0 += 1 } }
        #expect(scheduler.cancel(token))
        #expect(!scheduler.cancel(token))
        let later = scheduler.schedule(after: .milliseconds(60)) { ran.withLock { $0 += 10 } }
        try await Self.drain(scheduler)
        #expect(ran.withLock { $0 } == 10)
        #expect(!scheduler.cancel(later))
    }

    @Test("deadlines fire in order whatever order they were scheduled in; an earlier one re-arms the timer")
    func order() async throws {
        let scheduler = DeadlineScheduler()
        let fired = Locked<[Int]>([])
        // Scheduled latest first, so every new one is the earliest and must re-arm the timer.
        for index in (0..<20).reversed() {
            _ = scheduler.schedule(after: .milliseconds(20 + 15 * index)) { fired.withLock { $0.append(index) } }
        }
        try await Self.drain(scheduler)
        let order = fired.withLock { $0 }
        #expect(order.count == 20)
        // Deadlines 15 ms apart may share a timer wake-up on a loaded machine, but never run reversed.
        #expect(order == order.sorted())
    }

    @Test("10,000 cancelled long deadlines are compacted away, and the short ones among them still fire")
    func compaction() async throws {
        let scheduler = DeadlineScheduler()
        let fired = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for index in 0..<2_500 {
                        let token = scheduler.schedule(after: .seconds(600)) { fired.withLock { $0 += 1000 } }
                        scheduler.cancel(token)
                        if index % 500 == 0 { _ = scheduler.schedule(after: .milliseconds(10 + worker)) { fired.withLock { $0 += 1 } } }
                    }
                }
            }
        }
        try await Self.drain(scheduler)
        #expect(fired.withLock { $0 } == 20)
        #expect(scheduler.heapCount <= 1024)
    }

    /// Waits until every pending action of `scheduler` has run; fails instead of hanging when one never does.
    private static func drain(_ scheduler: DeadlineScheduler) async throws {
        let deadline = ContinuousClock.now + .seconds(10).underSanitizers
        while scheduler.pendingCount > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        try #require(scheduler.pendingCount == 0, "actions still pending after 10 s")
    }
}
