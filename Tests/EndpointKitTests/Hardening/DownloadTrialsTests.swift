import Foundation
import ProcessTesting
import SeededRandom
import Testing

@testable import EndpointKit

/// Issue 7 (downloads under failure): many downloads, each broken or cancelled at a random point
/// drawn from a seeded generator. After every trial the destination is either the complete file,
/// byte for byte, or absent (or, when a file was there before, that file untouched), and no
/// temporary file remains beside it.
///
/// `ENDPOINTKIT_DOWNLOAD_TRIALS` sets the number of trials per transport (200 by default).
@Suite("Hardening: downloads under failure")
struct DownloadTrialsTests {
    static let trialCount = ProcessInfo.processInfo.environment["ENDPOINTKIT_DOWNLOAD_TRIALS"].flatMap(Int.init) ?? 200
    static let size = 200_000
    static let chunk = 8_192

    /// How a trial's download goes wrong.
    enum Break: String, CaseIterable {
        /// The whole file, in one go.
        case none
        /// The connection is reset (RST) after a random number of bytes.
        case reset
        /// The connection closes (FIN) after a random number of bytes: a short body.
        case close
        /// The first attempt is reset after a random number of bytes, the second succeeds.
        case resetThenComplete
        /// The body drips, slower than the transfer timeout.
        case stall
        /// The client cancels after a random delay while the body arrives in paced chunks.
        case cancel
        /// A 503 with an error body, then (the retry) the file.
        case unavailableThenComplete
        /// A 404 with an error body.
        case notFound
    }

    /// The file as the server sends it: chunk `i` filled with the byte `i`.
    static let expected: Data = {
        var data = Data(capacity: size)
        var sent = 0
        while sent < size {
            let count = min(chunk, size - sent)
            data.append(contentsOf: repeatElement(UInt8(truncatingIfNeeded: sent / chunk), count: count))
            sent += count
        }
        return data
    }()

    struct Trial: Sendable {
        var index: Int
        var breaks: Break
        var at: Int
        var cancelAfter: Duration
        var hadOldFile: Bool
    }

    /// The server's answer to attempt `attempt` of `trial`.
    static func reply(_ trial: Trial, attempt: Int) -> TestHTTPServer.Reply {
        let file = TestHTTPServer.Reply(
            status: 200, headers: [("Content-Type", "application/octet-stream")],
            body: .generated(count: size, chunk: chunk, delayPerChunk: trial.breaks == .cancel ? .milliseconds(2) : nil))
        switch trial.breaks {
        case .none, .cancel: return file
        case .reset: return .init(status: 200, headers: [], body: .fault(.resetAfter(bytes: trial.at), declaredLength: size))
        case .close: return .init(status: 200, headers: [], body: .fault(.closeAfter(bytes: trial.at), declaredLength: size))
        case .resetThenComplete:
            return attempt == 1 ? .init(status: 200, headers: [], body: .fault(.resetAfter(bytes: trial.at), declaredLength: size)) : file
        case .stall: return .init(status: 200, headers: [], body: .fault(.drip(interval: .milliseconds(100)), declaredLength: size))
        case .unavailableThenComplete: return attempt == 1 ? .text("try later", status: 503, headers: [("Retry-After", "0")]) : file
        case .notFound: return .text("no such file", status: 404)
        }
    }

    @Test("Broken and cancelled downloads leave the complete file or nothing, and never a temporary file", arguments: TransportKind.allCases)
    func trials(kind: TransportKind) async throws {
        try await TestScheduling.exclusively {
            var generator = SplitMix64(seed: kind == .urlSession ? 7 : 11)
            let trials = (0..<Self.trialCount).map { index in
                Trial(
                    index: index, breaks: Break.allCases.randomElement(using: &generator)!, at: Int.random(in: 0..<Self.size, using: &generator),
                    cancelAfter: .milliseconds(Int.random(in: 0...60, using: &generator)), hadOldFile: Bool.random(using: &generator))
            }
            let trialsByPath = Dictionary(uniqueKeysWithValues: trials.map { ("/files/\($0.index)", $0) })
            let attempts = Locked<[String: Int]>([:])
            try await withServer(storedBodyLimit: 0, { request in
                let attempt = attempts.withLock { counts -> Int in
                    counts[request.path, default: 0] += 1
                    return counts[request.path]!
                }
                return Self.reply(trialsByPath[request.path]!, attempt: attempt)
            }) { server in
                // Stalls meet a 300 ms transfer timeout; everything else has 20 s, so that a loaded
                // machine cannot turn a complete download into a timed-out one.
                func controller(transferTimeout: Duration) -> EndpointController<EndpointDefaultServerError> {
                    EndpointController(
                        transport: kind.make(),
                        configuration: .init(
                            retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1)), transferTimeout: transferTimeout,
                            notificationCenter: nil))
                }
                let (impatient, patient) = (controller(transferTimeout: .milliseconds(300)), controller(transferTimeout: .seconds(20)))
                let root = try TemporaryDirectory()
                let foundationFilesBefore = Self.foundationDownloadFiles()
                var outcomes: [Break: [String: Int]] = [:]
                // Sixteen trials at a time.
                for batch in stride(from: 0, to: trials.count, by: 16) {
                    let results = try await withThrowingTaskGroup(of: (Trial, String, [String]).self) { group in
                        for trial in trials[batch..<min(batch + 16, trials.count)] {
                            let controller = trial.breaks == .stall ? impatient : patient
                            group.addTask { try await Self.run(trial, controller: controller, server: server, root: root.url) }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    for (trial, outcome, violations) in results {
                        outcomes[trial.breaks, default: [:]][outcome, default: 0] += 1
                        for violation in violations {
                            Issue.record("\(kind) trial \(trial.index) (\(trial.breaks) at \(trial.at), cancel after \(trial.cancelAfter)): \(violation)")
                        }
                    }
                }
                let summary = Break.allCases.map { breaks in
                    "\(breaks): " + (outcomes[breaks] ?? [:]).sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                }
                print("download trials (\(kind), \(trials.count)): " + summary.joined(separator: "; "))
                // Every way of breaking was tried, and each ended as it must.
                #expect(Set(trials.map(\.breaks)).count == Break.allCases.count || trials.count < 40)
                for breaks in [Break.none, .resetThenComplete, .unavailableThenComplete] {
                    #expect((outcomes[breaks] ?? [:]).keys.allSatisfy { $0 == "complete" }, "\(kind) \(breaks): \(outcomes[breaks] ?? [:])")
                }
                for breaks in [Break.reset, .close, .stall, .notFound] {
                    #expect(!(outcomes[breaks] ?? [:]).keys.contains("complete"), "\(kind) \(breaks): \(outcomes[breaks] ?? [:])")
                }
                // Nor anywhere else: Foundation on Linux leaves a failed download task's file in
                // the temporary directory.
                let foundationFilesLeft = Self.foundationDownloadFiles().subtracting(foundationFilesBefore)
                #expect(foundationFilesLeft.isEmpty, "\(kind) left \(foundationFilesLeft.count) of Foundation's download files in \(NSTemporaryDirectory())")
            }
        }
    }

    /// The files Foundation's download tasks write on Linux: `<UUID>.tmp` in the temporary directory.
    static func foundationDownloadFiles() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []
        return Set(names.filter { $0.hasSuffix(".tmp") && UUID(uuidString: String($0.dropLast(4))) != nil })
    }

    /// Runs one trial in its own directory; returns how it ended and what was wrong after it.
    static func run(_ trial: Trial, controller: EndpointController<EndpointDefaultServerError>, server: TestHTTPServer, root: URL)
        async throws -> (Trial, String, [String])
    {
        let directory = root.appendingPathComponent("trial-\(trial.index)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let destination = directory.appendingPathComponent("file.bin")
        let old = Data("the previous version of the file".utf8)
        if trial.hadOldFile { try old.write(to: destination) }
        let transfer = controller.download(
            FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "files/\(trial.index)"))
        if trial.breaks == .cancel {
            try await Task.sleep(for: trial.cancelAfter)
            transfer.cancel()
        }
        var outcome: String
        do {
            _ = try await transfer.value
            outcome = "complete"
        } catch {
            switch error.kind {
            case .transport(.cancelled): outcome = "cancelled"
            case .transport(.timedOut): outcome = "timed out"
            case .transport(.connectionLost): outcome = "connection lost"
            case .transport(.unreachable): outcome = "unreachable"
            case .transport(.other): outcome = "transport error"
            case .unacceptableStatus(let status, _, _): outcome = "status \(status.code)"
            case .download: outcome = "download"
            default: outcome = "\(error.kind)"
            }
        }

        var violations: [String] = []
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let contents = try? Data(contentsOf: destination)
        if outcome == "complete" {
            if contents != expected { violations.append("succeeded, but the file has \(contents?.count ?? -1) bytes that differ from the \(size) sent") }
        } else if trial.hadOldFile {
            if contents != old { violations.append("failed (\(outcome)), and the file that was there changed (\(contents?.count ?? -1) bytes)") }
        } else if contents != nil {
            violations.append("failed (\(outcome)), but a file of \(contents!.count) bytes is at the destination")
        }
        let expectedLeft = (outcome == "complete" || trial.hadOldFile) ? ["file.bin"] : []
        if left != expectedLeft { violations.append("the directory holds \(left), expected \(expectedLeft)") }
        return (trial, outcome, violations)
    }
}
