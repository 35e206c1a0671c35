@testable import EndpointKit
import Foundation

/// What `work` returns, or `nil` when it has not returned within `limit`; then `work` is left to
/// run, unawaited, so that a hang is reported instead of joined.
func atMost<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async -> T) async -> T? {
    let running = Task { await work() }
    let first = Locked<CheckedContinuation<T?, Never>?>(nil)
    return await withCheckedContinuation { continuation in
        first.withLock { $0 = continuation }
        let watchdog = Task {
            // Cancelled once the work has returned.
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            first.withLock { $0.take() }?.resume(returning: nil)
        }
        Task {
            let result = await running.value
            first.withLock { $0.take() }?.resume(returning: result)
            watchdog.cancel()
        }
    }
}
