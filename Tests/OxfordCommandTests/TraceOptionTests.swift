import Foundation
import Logging
import OxfordSandbox
import ProcessTesting
import Testing

@Suite("oxford --trace")
struct TraceOptionTests {
    private let oxford = ProcessRunner(product: "oxford")

    /// The `span …` lines of standard error, split into their fields.
    private func spans(_ errors: String) -> [[String]] {
        errors.split(separator: "\n").filter { $0.hasPrefix("span ") }.map { $0.split(separator: " ").map(String.init) }
    }

    @Test("--trace prints the client span and the offline sandbox's server span, its child in the same trace")
    func requestTree() async throws {
        let result = try await oxford.run(["define", "ace", "--trace"], environment: ProcessRunner.environment())
        #expect(result.status == 0)
        let spans = spans(result.errors)
        let client = try #require(spans.first { $0.count > 5 && $0[4] == "client" })
        let server = try #require(spans.first { $0.count > 5 && $0[4] == "server" })
        #expect(client[3] == "parent=-")
        #expect(server[1] == client[1])
        #expect(server[3] == "parent=\(client[2])")
        #expect(client.contains("http.response.status_code=int64(200)"))
        #expect(spans.filter { $0.count > 5 && $0[4] == "client" }.count == 1)
    }

    @Test("--trace against a configured server prints no credential")
    func noCredentials() async throws {
        var logger = Logger(label: "TraceOptionTests")
        logger.logLevel = .warning
        let server = try await OxfordSandboxServer.start(
            OxfordSandbox(lexicon: try SandboxLexicon.bundled(), credentials: .exactly(appID: "cli-id", appKey: "cli-key-s3cret")), logger: logger)
        let environment = ProcessRunner.environment([
            "OXFORD_APP_ID": "cli-id", "OXFORD_APP_KEY": "cli-key-s3cret", "OXFORD_BASE_URL": server.baseURL.absoluteString,
        ])
        let result = try await oxford.run(["define", "ace", "--trace"], environment: environment)
        await server.stop()
        #expect(result.status == 0)
        #expect(spans(result.errors).contains { $0.count > 5 && $0[4] == "client" })
        #expect(!result.errors.contains("cli-key-s3cret"))
        #expect(!result.output.contains("cli-key-s3cret"))
    }
}
