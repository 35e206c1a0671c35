import Foundation
import NIOCore
import HTTPTypes

/// The answers already rendered, by request target, within a memory budget: look-ups of the same
/// word cost one dictionary read instead of rendering the entry again.
final class SandboxResponseCache: @unchecked Sendable {
    private let lock = NSLock()
    private var responses: [String: SandboxResponse] = [:]
    private var bytes = 0
    private let capacityBytes: Int

    init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    subscript(target: String) -> SandboxResponse? {
        get {
            guard capacityBytes > 0 else { return nil }
            return lock.withLock { responses[target] }
        }
        set {
            guard capacityBytes > 0, let newValue, newValue.body.readableBytes + target.utf8.count <= capacityBytes / 16 else { return }
            lock.withLock {
                let size = newValue.body.readableBytes + target.utf8.count
                // Over budget: start again rather than track recency on every read.
                if bytes + size > capacityBytes {
                    responses.removeAll(keepingCapacity: true)
                    bytes = 0
                }
                if responses.updateValue(newValue, forKey: target) == nil { bytes += size }
            }
        }
    }
}
