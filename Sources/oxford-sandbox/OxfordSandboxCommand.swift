import ArgumentParser
import Foundation
import Logging
import NIOCore
import OxfordSandbox

/// `oxford-sandbox`: serves the offline Oxford Dictionaries API until interrupted.
@main
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct OxfordSandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oxford-sandbox",
        abstract: "Serve the offline Oxford Dictionaries API (v2 under /api/v2, v1 under /api/v1) with the bundled lexicon.",
        discussion: """
            By default any non-empty app_id and app_key headers are accepted; --app-id and --app-key require \
            exactly that pair; --open accepts requests without credentials. Wrong or missing credentials \
            get 403 "Authentication failed", as from the real service.
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8080

    @Option(name: .customLong("app-id"), help: "Accept only this app_id (with --app-key).")
    var appID: String?

    @Option(name: .customLong("app-key"), help: "Accept only this app_key (with --app-id).")
    var appKey: String?

    @Flag(help: "Accept requests without credentials.")
    var open = false

    @Option(help: "A lexicon file to serve instead of the bundled one.")
    var lexicon: String?

    @Option(name: .customLong("cache-mb"), help: "Memory for answers already rendered, in MiB (0 turns the cache off).")
    var cacheMB = 64

    // Handlers run on Swift's concurrency pool; the event loops only move bytes. On the 2-core
    // reference machine one event loop served 22–23k look-ups/s at 62 µs CPU each, two 20–21k at
    // 74–79 µs (BENCHMARKS.md).
    @Option(help: "Event-loop threads for connections (default 1: requests are answered on Swift's concurrency pool).")
    var threads = 1

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port: use 0 to 65535") }
        guard (appID == nil) == (appKey == nil) else { throw ValidationError("--app-id and --app-key go together: give both or neither") }
        if open, appID != nil { throw ValidationError("--open accepts any request; it cannot be combined with --app-id and --app-key") }
        if appID?.isEmpty == true || appKey?.isEmpty == true { throw ValidationError("--app-id and --app-key cannot be empty") }
        if !(1...256).contains(threads) { throw ValidationError("--threads \(threads) is out of range: use 1 to 256") }
        guard (0...4096).contains(cacheMB) else { throw ValidationError("--cache-mb \(cacheMB) is out of range: use 0 to 4096") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level \(logLevel) is not a level: use trace, debug, info, notice, warning, error or critical")
        }
    }

    func run() async throws {
        // Before the first use of NIO's shared event-loop group, which Hummingbird serves on.
        NIOSingletons.groupLoopCountSuggestion = threads
        var logger = Logger(label: "oxford-sandbox")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let clock = ContinuousClock()
        let started = clock.now
        let data = try lexicon.map { try SandboxLexicon.load(from: URL(fileURLWithPath: $0)) } ?? SandboxLexicon.bundled()
        let loaded = clock.now - started
        let credentials: SandboxCredentials =
            open ? .open : appID.flatMap { id in appKey.map { .exactly(appID: id, appKey: $0) } } ?? .anyNonEmpty
        let sandbox = OxfordSandbox(lexicon: data, credentials: credentials, cacheBytes: cacheMB << 20)
        let accepted = switch credentials {
        case .open: "no credentials needed"
        case .exactly: "only the given app_id/app_key"
        case .anyNonEmpty: "any non-empty app_id/app_key headers"
        }
        let host = self.host
        do {
            try await serve(sandbox, data: data, loaded: loaded, accepted: accepted, logger: logger)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ValidationError("cannot listen on \(host):\(port): the address is in use; choose another --port (0 picks a free one)")
        }
    }

    private func serve(_ sandbox: OxfordSandbox, data: SandboxLexicon, loaded: Duration, accepted: String, logger: Logger) async throws {
        let host = self.host
        try await OxfordSandboxServer.serve(sandbox, host: host, port: port, logger: logger) { port in
            let address = host.contains(":") ? "[\(host)]" : host
            let message = """
                Oxford sandbox: http://\(address):\(port)/api/v2 (v1: /api/v1), \(data.headwordCount) headwords, \
                \(data.inflectedFormCount) inflected forms, loaded in \(loaded.formatted(.units(allowed: [.milliseconds]))); \(accepted). \
                Ctrl-C stops it.

                """
            FileHandle.standardError.write(Data(message.utf8))
        }
    }
}
