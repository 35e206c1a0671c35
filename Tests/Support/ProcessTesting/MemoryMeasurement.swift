/// The test process's memory is shared by every test running at the same time, so a test that
/// measures its peak resident memory is only right when no other memory-heavy test runs. Tests that
/// measure memory, and tests that use a lot of it, run their work through ``exclusively(_:)``: one
/// at a time, in the order they asked.
public enum MemoryMeasurement {
    private actor Gate {
        private var busy = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func enter() async {
            guard busy else {
                busy = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func leave() {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
    }

    private static let gate = Gate()

    /// Runs `body` while no other memory-measuring or memory-heavy test runs its own.
    public static func exclusively<T>(_ body: () async throws -> T) async rethrows -> T {
        await gate.enter()
        do {
            let result = try await body()
            await gate.leave()
            return result
        } catch {
            await gate.leave()
            throw error
        }
    }
}
