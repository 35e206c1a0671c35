import Foundation
import Logging
import OxfordSandbox
import ProcessTesting

/// Runs `body` with a sandbox that only takes one credential pair, as a configured server, and an
/// environment that points `oxford` at it with that pair (`cli-id`, `cli-key-s3cret`).
func withConfiguredServer<T>(_ body: ([String: String]) async throws -> T) async throws -> T {
    var logger = Logger(label: "OxfordCommandTests")
    logger.logLevel = .warning
    let server = try await OxfordSandboxServer.start(
        OxfordSandbox(lexicon: try SandboxLexicon.bundled(), credentials: .exactly(appID: "cli-id", appKey: "cli-key-s3cret")), logger: logger)
    let environment = ProcessRunner.environment([
        "OXFORD_APP_ID": "cli-id", "OXFORD_APP_KEY": "cli-key-s3cret", "OXFORD_BASE_URL": server.baseURL.absoluteString,
    ])
    do {
        let result = try await body(environment)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
