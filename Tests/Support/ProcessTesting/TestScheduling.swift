/// Tests share one process and two cores. A test that measures peak memory, or hammers the
/// machine (thousands of requests, hundreds of downloads), would inflate another's memory figure or
/// starve another's timers: a 300 ms timeout once fired after 5.3 s beside a 10,000-request
/// hostile-input run. Such tests run their work ``exclusively(_:)``; tests with time bounds run
/// theirs ``timed(_:)``: together with each other, never beside an exclusive one. Waiters are
/// admitted in the order they asked.
public enum TestScheduling {
    private actor Gate {
        private var exclusiveHeld = false
        private var sharedCount = 0
        private var waiting: [(exclusive: Bool, continuation: CheckedContinuation<Void, Never>)] = []

        func enter(exclusive: Bool) async {
            if waiting.isEmpty && canEnter(exclusive) {
                admit(exclusive)
                return
            }
            await withCheckedContinuation { waiting.append((exclusive, $0)) }
        }

        func leave(exclusive: Bool) {
            if exclusive { exclusiveHeld = false } else { sharedCount -= 1 }
            while let first = waiting.first, canEnter(first.exclusive) {
                waiting.removeFirst()
                admit(first.exclusive)
                first.continuation.resume()
            }
        }

        private func canEnter(_ exclusive: Bool) -> Bool {
            exclusive ? !exclusiveHeld && sharedCount == 0 : !exclusiveHeld
        }

        private func admit(_ exclusive: Bool) {
            if exclusive { exclusiveHeld = true } else { sharedCount += 1 }
        }
    }

    private static let gate = Gate()

    /// Runs `body` while no other test runs through this gate.
    public static func exclusively<T>(_ body: () async throws -> T) async rethrows -> T {
        try await run(exclusive: true, body)
    }

    /// Runs `body` beside other timed tests, but never beside an exclusive one.
    public static func timed<T>(_ body: () async throws -> T) async rethrows -> T {
        try await run(exclusive: false, body)
    }

    private static func run<T>(exclusive: Bool, _ body: () async throws -> T) async rethrows -> T {
        await gate.enter(exclusive: exclusive)
        do {
            let result = try await body()
            await gate.leave(exclusive: exclusive)
            return result
        } catch {
            await gate.leave(exclusive: exclusive)
            throw error
        }
    }
}
