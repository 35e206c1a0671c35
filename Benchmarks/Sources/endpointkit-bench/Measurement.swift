import Foundation

/// Interleaved timing: every round runs every contender once, for about `slice` seconds each, in
/// an order that rotates from round to round, so a noisy neighbour hits all of them alike.
enum Measurement {
    struct Rounds {
        var name: String
        /// Operations per second, one value per round.
        var rates: [Double]

        var median: Double { rates.sorted()[rates.count / 2] }
        var range: ClosedRange<Double> { rates.min()!...rates.max()! }
    }

    @inline(never)
    static func blackHole(_ value: Int) {
        if value == .min { print("unreachable") }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Runs `operations` interleaved for `rounds` rounds.
    static func interleave(_ operations: [(name: String, run: () -> Int)], rounds: Int, slice: Double) -> [Rounds] {
        var results = operations.map { Rounds(name: $0.name, rates: []) }
        let clock = ContinuousClock()
        for round in 0..<rounds {
            for offset in 0..<operations.count {
                let index = (offset + round) % operations.count
                let run = operations[index].run
                // Warm up, then batches of growing size until the slice is used.
                for _ in 0..<100 { blackHole(run()) }
                var count = 0
                var batch = 64
                let start = clock.now
                var elapsed = 0.0
                while elapsed < slice {
                    for _ in 0..<batch { blackHole(run()) }
                    count += batch
                    batch = min(batch * 2, 1 << 16)
                    elapsed = seconds(clock.now - start)
                }
                results[index].rates.append(Double(count) / elapsed)
            }
        }
        return results
    }

    /// The CPU time stolen by the hypervisor since boot, and all CPU time, in clock ticks.
    static func stealTicks() -> (steal: Double, total: Double) {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
        else { return (0, 0) }
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 8 else { return (0, 0) }
        return (fields[7], fields.reduce(0, +))
    }
}
