import DocumentationSnippets
import EndpointKit
import Foundation
import OxfordDictionaries
import OxfordSandbox
import Testing

// The sandbox examples of README.md and of the article "The Oxford sandbox", compiled and run
// against the real bundled sandbox. `documentationBlocksAreTested` checks that the documents hold
// them verbatim.

@Suite("Oxford sandbox: documentation examples")
struct SandboxDocumentationTests {
    @Test("README: the offline Oxford sandbox")
    func readme() async throws {
        var printed: [String] = []
        func print(_ text: [String]) { printed.append(contentsOf: text) }

        let sandbox = OxfordSandbox(lexicon: try SandboxLexicon.bundled())
        let server = try await OxfordSandboxServer.start(sandbox)
        let api = OxfordAPI(baseURL: server.baseURL, credentials: OxfordCredentials(appID: "dev", appKey: "dev"))
        let entry = try await OxfordClient(api: api).define("pixels")  // an inflection: resolved to "pixel"
        print(entry.results.first?.lexicalEntries.first?.entries?.first?.senses?.first?.definitions ?? [])
        await server.stop()

        #expect(printed == ["(computer science) the smallest discrete component of an image or picture on a CRT screen (usually a colored dot)"])
    }

    @Test("Article: start it")
    func article() async throws {
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }

        let sandbox = OxfordSandbox(lexicon: try SandboxLexicon.bundled(), credentials: .exactly(appID: "dev-id", appKey: "dev-key"))
        let server = try await OxfordSandboxServer.start(sandbox)
        let wrongKey = OxfordClient(api: OxfordAPI(baseURL: server.baseURL, credentials: OxfordCredentials(appID: "dev-id", appKey: "nope")))
        do {
            _ = try await wrongKey.entries("ace")
        } catch let error as EndpointError {
            print(OxfordClient.message(of: error))  // Authentication failed (403, plain text, as from the service)
        }
        await server.stop()

        #expect(printed == ["Authentication failed"])
    }

    @Test("every sandbox example is compiled and run here", arguments: ["README.md", "Sources/OxfordSandbox/Documentation.docc/TheOxfordSandbox.md"])
    func documentationBlocksAreTested(document: String) throws {
        let root = DocumentationSnippets.packageRoot(fromTestFile: #filePath)
        let markdown = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let blocks = DocumentationSnippets.swiftBlocks(in: markdown).filter { $0.contains("OxfordSandbox") }
        #expect(!blocks.isEmpty, "\(document) has no sandbox examples")
        for block in DocumentationSnippets.untested(blocks, in: [try String(contentsOfFile: #filePath, encoding: .utf8)]) {
            Issue.record("this example of \(document) is not in SandboxDocumentationTests.swift:\n\(block)")
        }
    }
}
