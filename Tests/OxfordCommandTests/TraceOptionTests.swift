import Foundation
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
        let result = try await withConfiguredServer { environment in
            try await oxford.run(["define", "ace", "--trace"], environment: environment)
        }
        #expect(result.status == 0)
        #expect(spans(result.errors).contains { $0.count > 5 && $0[4] == "client" })
        #expect(!result.errors.contains("cli-key-s3cret"))
        #expect(!result.output.contains("cli-key-s3cret"))
    }
}
