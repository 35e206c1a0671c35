import Foundation
import OxfordDictionaries
import Testing

@testable import OxfordSandbox

@Suite("Sandbox server")
struct SandboxServerTests {
    @Test("start picks a free loopback port; stop closes it")
    func startAndStop() async throws {
        let sandbox = OxfordSandbox(lexicon: try bundledLexicon.get(), credentials: .open)
        let server = try await OxfordSandboxServer.start(sandbox, logger: quietLogger)
        #expect(server.port > 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)/api/v2")
        let answer1 = try await raw(server, "/api/v2/entries/en-gb/ace")
        #expect(answer1.status == 200)
        await server.stop()
        await #expect(throws: (any Error).self) { _ = try await raw(server, "/api/v2/entries/en-gb/ace") }
    }

    @Test("A port in use is an error from start, not a hang")
    func portInUse() async throws {
        let sandbox = OxfordSandbox(lexicon: try bundledLexicon.get(), credentials: .open)
        let first = try await OxfordSandboxServer.start(sandbox, logger: quietLogger)
        await #expect(throws: (any Error).self) { _ = try await OxfordSandboxServer.start(sandbox, port: first.port, logger: quietLogger) }
        await first.stop()
    }

    @Test("Concurrent look-ups of different words all answer, each with its own entry")
    func concurrency() async throws {
        try await withSandbox { server in
            let words = ["ace", "pixel", "run", "good", "the", "of", "because", "house", "water", "time"]
            let oxford = client(server)
            let ids = try await withThrowingTaskGroup(of: String?.self) { group in
                for index in 0..<100 {
                    let word = words[index % words.count]
                    group.addTask { try await oxford.entries(word).results.first?.id }
                }
                var ids: [String] = []
                for try await id in group { ids.append(id ?? "") }
                return ids
            }
            #expect(ids.count == 100)
            #expect(Set(ids) == Set(words))
        }
    }
}
