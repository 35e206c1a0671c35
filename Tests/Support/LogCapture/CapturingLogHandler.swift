import Foundation
import Logging

/// A log handler that keeps every line it is given, for tests that check what was logged (and
/// that no secret was). Each line holds everything a log backend could print: the level, the
/// message, the logger's and the event's metadata, the source and the file.
///
/// ```swift
/// let lines = CapturingLogHandler.Lines()
/// let logger = Logger(label: "test") { _ in CapturingLogHandler(store: lines) }
/// ```
public struct CapturingLogHandler: LogHandler {
    /// The lines logged so far, shared by every handler made with it.
    public final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []

        public init() {}

        func append(_ line: String) { lock.withLock { lines.append(line) } }

        /// Every line, in order.
        public var all: [String] { lock.withLock { lines } }
    }

    public let store: Lines
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    public init(store: Lines) {
        self.store = store
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        store.append("\(event.level) \(event.message) \(metadata) \(event.metadata ?? [:]) \(event.source) \(event.file)")
    }
}
