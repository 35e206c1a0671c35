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

    /// What an answer held here costs in memory: its buffer's whole capacity (a buffer grows in
    /// powers of two, so up to twice its bytes), its key, and the bookkeeping of the dictionary
    /// entry, the key's and the buffer's heap blocks. Counting the body's bytes alone let a 64 MiB
    /// cache hold about 110 MB.
    static func cost(of response: SandboxResponse, target: String) -> Int {
        response.body.capacity + target.utf8.count + entryOverhead
    }

    /// The dictionary slot, the String and ByteBuffer storage headers and malloc's rounding.
    static let entryOverhead = 160

    subscript(target: String) -> SandboxResponse? {
        get {
            guard capacityBytes > 0 else { return nil }
            return lock.withLock { responses[target] }
        }
        set {
            guard capacityBytes > 0, let newValue else { return }
            let size = Self.cost(of: newValue, target: target)
            guard size <= capacityBytes / 16 else { return }
            lock.withLock {
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
