import Foundation
import ProcessTesting

#if canImport(Glibc)
import Glibc
#endif

/// Peak resident memory of this process, measured around a piece of work (Linux `/proc`).
///
/// All test targets share one process, so a peak is the process's, not the work's. Tests that
/// measure it run exclusively (`TestScheduling.exclusively`), as do the memory-heavy ones; but an
/// ungated test can still load something large at the same moment (the sandbox lexicon's first
/// load is about 60 MB). ``leastGrowth(tries:below:_:)`` therefore measures again when a figure is
/// over its bound, from a trimmed heap each time: work that really holds its body in memory is
/// over the bound every time (a test that held 256 MiB read 263–269 MiB of growth on each of three
/// tries; without the trim, the second try reused freed memory and read 128 MiB).
enum PeakMemory {
    /// Whether this system can reset and read the peak (`/proc/self/clear_refs`, Linux 4.0+).
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: "/proc/self/clear_refs") }

    /// Peak resident memory of this process, in bytes (`VmHWM` of /proc/self/status).
    static func peakResidentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { throw CocoaError(.fileReadCorruptFile) }
        return kilobytes * 1024
    }

    /// glibc's `malloc_trim(0)` (not in Swift's Glibc module, so found at run time); nothing elsewhere.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    private static func trimHeap() { _ = mallocTrim?(0) }

    /// Resets the peak to the current resident size.
    static func resetPeak() throws {
        try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    /// How much the peak grew while `work` ran. Free heap memory is returned to the system
    /// first, so that memory a previous run freed is not there to be reused unseen.
    static func growth<T>(during work: () async throws -> T) async throws -> (growth: Int, result: T) {
        trimHeap()
        try resetPeak()
        let baseline = try peakResidentBytes()
        let result = try await work()
        return (try peakResidentBytes() - baseline, result)
    }

    /// Runs `work` until its peak growth is below `bound`, at most `tries` times; every growth
    /// measured, in order, and the last result. Under a sanitizer, whose shadow memory makes the
    /// figure meaningless, it runs once.
    static func leastGrowth<T>(tries: Int = Sanitizers.any ? 1 : 3, below bound: Int, _ work: () async throws -> T) async throws
        -> (growths: [Int], result: T)
    {
        var growths: [Int] = []
        while true {
            let (growth, result) = try await growth(during: work)
            growths.append(growth)
            if growth < bound || growths.count >= tries { return (growths, result) }
        }
    }
}
