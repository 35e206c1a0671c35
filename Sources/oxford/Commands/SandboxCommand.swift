import ArgumentParser
import EndpointKit
import Foundation
import Logging
import OxfordSandbox

/// `oxford sandbox`: serve the offline sandbox on a port.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Serve the offline Oxford sandbox (v2 under /api/v2, v1 under /api/v1) until interrupted.",
        discussion: "Any non-empty app_id/app_key pair is accepted unless --app-id/--app-key name one, or --open takes none.")

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

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port: use 0 to 65535") }
        guard (appID == nil) == (appKey == nil) else { throw ValidationError("--app-id and --app-key go together: give both or neither") }
        if open, appID != nil { throw ValidationError("--open accepts any request; it cannot be combined with --app-id and --app-key") }
    }

    func run() async throws {
        let credentials: SandboxCredentials = open ? .open : appID.flatMap { id in appKey.map { .exactly(appID: id, appKey: $0) } } ?? .anyNonEmpty
        let sandbox = OxfordSandbox(lexicon: try SandboxLexicon.bundled(), credentials: credentials)
        var logger = Logger(label: "oxford.sandbox")
        logger.logLevel = .warning
        let host = self.host
        try await OxfordSandboxServer.serve(sandbox, host: host, port: port, logger: logger) { port in
            Terminal.note("sandbox serving http://\(host):\(port)/api/v2 (v1: /api/v1); Ctrl-C stops it")
        }
    }
}
