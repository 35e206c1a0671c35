import Foundation

/// Runs a built executable of this package as a user does, without blocking a thread of Swift's
/// cooperative pool (tests in the same process may be serving HTTP on it): arguments and
/// environment in; exit status, standard output and standard error out, through files so that large
/// outputs cannot stall the child.
public struct ProcessRunner: Sendable {
    /// The executable.
    public let executable: URL

    /// The executable named `name` among the package's build products (beside the test bundle).
    public init(product name: String) {
        var directory = Bundle.main.bundleURL
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path), directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        executable = directory.appendingPathComponent(name)
    }

    /// What a run gave.
    public struct Result: Sendable {
        /// The exit status (or signal number when `timedOut`).
        public var status: Int32
        /// Standard output.
        public var output: String
        /// Standard error.
        public var errors: String
        /// Whether it was stopped at the deadline.
        public var timedOut: Bool
    }

    /// The environment without any `OXFORD_` configuration or `NO_COLOR`, plus `extra`.
    public static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("OXFORD_") && $0.key != "NO_COLOR" }.merging(extra) { _, new in new }
    }

    /// Runs the executable to completion, stopping it after `timeout` seconds (scaled under
    /// sanitizers).
    public func run(_ arguments: [String], environment: [String: String] = environment(), timeout: Double = 120) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("process-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputURL = directory.appendingPathComponent("out"), errorsURL = directory.appendingPathComponent("err")
        try Data().write(to: outputURL)
        try Data().write(to: errorsURL)
        let output = try FileHandle(forWritingTo: outputURL), errors = try FileHandle(forWritingTo: errorsURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let timedOut = Flag()
        let launchFailure = Flag()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                launchFailure.set()
                continuation.resume()
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout * Sanitizers.slowdown) { [process] in
                if process.isRunning {
                    timedOut.set()
                    process.terminate()
                }
            }
        }
        try output.close()
        try errors.close()
        guard !launchFailure.value else { throw CocoaError(.executableNotLoadable, userInfo: [NSFilePathErrorKey: executable.path]) }
        return Result(
            status: process.terminationStatus, output: try String(contentsOf: outputURL, encoding: .utf8),
            errors: try String(contentsOf: errorsURL, encoding: .utf8), timedOut: timedOut.value)
    }

    /// Starts the executable as a server and returns once its standard error matches `ready` (at
    /// most `timeout` seconds), with the match's capture (such as the port). Stop it with
    /// ``Server/stop()``.
    public func start(
        _ arguments: [String], environment: [String: String] = environment(), readyWhen ready: Regex<(Substring, Substring)>,
        timeout: Double = 60
    ) async throws -> Server {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let collected = Collected()
        errors.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout * Sanitizers.slowdown)
        while true {
            // Checked once more after the deadline, so an announcement that came during the last
            // sleep still counts.
            let expired = Date() >= deadline || !process.isRunning
            if let match = collected.text.firstMatch(of: ready) { return Server(process: process, errors: errors, announced: String(match.1)) }
            if expired { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.terminate()
        errors.fileHandleForReading.readabilityHandler = nil
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(executable.lastPathComponent) did not start: \(collected.text)"])
    }

    /// A started server process.
    public final class Server: @unchecked Sendable {
        private let process: Process
        private let errors: Pipe
        /// What the ready pattern's capture matched (such as the port).
        public let announced: String

        init(process: Process, errors: Pipe, announced: String) {
            self.process = process
            self.errors = errors
            self.announced = announced
        }

        /// Sends SIGTERM, waits for the exit and gives the exit status.
        @discardableResult
        public func stop() async -> Int32 {
            errors.fileHandleForReading.readabilityHandler = nil
            if process.isRunning { process.terminate() }
            while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
            return process.terminationStatus
        }
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) { lock.withLock { data.append(more) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }

    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var flag = false
        func set() { lock.withLock { flag = true } }
        var value: Bool { lock.withLock { flag } }
    }
}
