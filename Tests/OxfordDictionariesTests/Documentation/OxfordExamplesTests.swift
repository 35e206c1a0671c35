import DocumentationSnippets
import EndpointKit
import EndpointKitTesting
import Foundation
import OxfordDictionaries
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The examples of README.md's "Oxford Dictionaries" section and of the article "Using the Oxford
// Dictionaries API", compiled and run against a stub transport that answers like the service.
// `documentationBlocksAreTested` checks that the documents hold them verbatim.

private func serviceLikeTransport() -> StubTransport {
    let transport = StubTransport()
    transport.stub(.get, "/api/v2/entries/en-gb/running", with: .json(#"{"error":"No entry found matching supplied source_lang, word and provided filters"}"#, status: .notFound))
    transport.stub(.get, "/api/v2/lemmas/en/running", with: .json(#"""
        {"results":[{"id":"running","language":"en","word":"running","lexicalEntries":[{"inflectionOf":[{"id":"run","text":"run"}],
         "language":"en","lexicalCategory":{"id":"verb","text":"Verb"},"text":"running"}]}]}
        """#))
    transport.stub(.get, "/api/v2/entries/en-gb/run", with: .json(#"""
        {"id":"run","word":"run","results":[{"id":"run","language":"en-gb","word":"run","lexicalEntries":[{"language":"en-gb",
         "lexicalCategory":{"id":"verb","text":"Verb"},"text":"run","entries":[{"senses":[
         {"definitions":["move at a speed faster than a walk"]},{"definitions":["pass or cause to pass quickly"]}]}]}]}]}
        """#))
    transport.stub(.get, "/api/v2/thesaurus/en/vapid", with: StubTransport.Response(
        status: .forbidden, headerFields: [.contentType: "text/plain"], body: Data("Authentication failed".utf8)))
    transport.stub(.get, "/api/v2/search/en-gb", with: .json(#"{"metadata":{"total":"2"},"results":[{"id":"ace","word":"ace"},{"id":"aces","word":"aces"}]}"#))
    return transport
}

@Suite("Oxford Dictionaries: documentation examples")
struct OxfordExamplesTests {
    @Test("README: Oxford Dictionaries")
    func readme() async throws {
        let transport = serviceLikeTransport()
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }

        let client = OxfordClient(api: .fromEnvironment(), transport: transport, rateLimit: .perMinute(60))
        let entry = try await client.define("running")  // "running" is an inflection: resolved to "run"
        for lexicalEntry in entry.results.flatMap(\.lexicalEntries) {
            let senses = (lexicalEntry.entries ?? []).flatMap { $0.senses ?? [] }
            for (number, sense) in senses.enumerated() {
                print("\(number + 1). \(sense.definitions?.first ?? "")")
            }
        }

        #expect(entry.id == "run")
        #expect(printed == ["1. move at a speed faster than a walk", "2. pass or cause to pass quickly"])
    }

    @Test("Article: requests and errors")
    func requestsAndErrors() async throws {
        let transport = serviceLikeTransport()
        let client = OxfordClient(api: OxfordAPI(credentials: nil), transport: transport)
        var messages: [String] = []

        let api = OxfordAPI(credentials: OxfordCredentials(appID: "my-id", appKey: "my-key"))
        let request = try api.entries("ace", language: .americanEnglish, fields: [.definitions, .pronunciations])
        // GET https://od-api.oxforddictionaries.com/api/v2/entries/en-us/ace?fields=definitions,pronunciations

        do {
            _ = try await client.thesaurus("vapid")
        } catch let error as EndpointError {
            messages.append("\(OxfordClient.status(of: error)?.code ?? 0): \(OxfordClient.message(of: error))")  // 403: Authentication failed
        }

        let results = try await client.search("ace", limit: 10)
        messages.append("\(results.metadata?.total ?? 0) matches")  // "total":"2" arrives as a string

        #expect(try request.prepare().url.absoluteString == "https://od-api.oxforddictionaries.com/api/v2/entries/en-us/ace?fields=definitions,pronunciations")
        #expect(messages == ["403: Authentication failed", "2 matches"])
    }

    @Test("Article: the original v1 layout")
    func v1() throws {
        var request = OxfordAPIRequest(withWord: "ace", withFilters: [.grammaticalFeatures([.singular]), .lexicalCategory([.noun])])
        request.credentials = OxfordCredentials(appID: "my-id", appKey: "my-key")
        let urlRequest = try request.generateValidatedURLRequest()
        // GET https://od-api.oxforddictionaries.com/api/v1/entries/en/ace/grammaticalFeatures=singular;lexicalCategory=noun

        let inflections = OxfordAPIRequest(withHeadword: "ace", withFilters: [.domains([.art])])
        do {
            _ = try inflections.generateValidatedURLRequest()
        } catch {
            print(error)  // the filter domains is not allowed for the inflections endpoint; it allows grammaticalFeatures, lexicalCategory
        }

        #expect(urlRequest.url?.absoluteString == "https://od-api.oxforddictionaries.com/api/v1/entries/en/ace/grammaticalFeatures=singular;lexicalCategory=noun")
        #expect(throws: OxfordRequestError.filter(.notAllowed(filter: "domains", endpoint: "inflections", allowed: ["grammaticalFeatures", "lexicalCategory"]))) {
            try inflections.generateValidatedURLRequest()
        }
    }

    @Test("Article: coming from the tutorial")
    func comingFromTheTutorial() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/api/v1/entries/en/ace/lexicalCategory=noun", with: .json(#"""
            {"metadata":{"provider":"Oxford University Press"},"results":[{"id":"ace","language":"en","word":"ace",
             "lexicalEntries":[{"language":"en","lexicalCategory":"Noun","text":"ace","entries":[{"senses":[
             {"definitions":["a playing card with a single spot on it"]}]}]}]}]}
            """#))
        let client = OxfordClient(api: OxfordAPI(credentials: nil), transport: transport)
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }
        func print(_ names: [String]) { printed.append("\(names)") }

        let filter = OxfordAPIEndpoint.OxfordAPIFilter.lexicalCategory(["noun"])
        let tutorialRequest = OxfordAPIRequest(withWord: "ace", withFilters: [filter])
        print(tutorialRequest.generateURLRequest().url?.absoluteString ?? "")  // https://od-api.oxforddictionaries.com/api/v1/entries/en/ace/lexicalCategory=noun
        print(OxfordAPIEndpoint.inflections.getAvailableFilters().map { $0.getDebugName() }.sorted())  // ["grammaticalFeatures", "lexicalCategory"]
        print(OxfordHTTPStatusCode(rawValue: 503)!.statusCodeMessage())  // The Oxford Dictionaries API servers are up, but overloaded …

        let entry = try await client.send(tutorialRequest, as: OxfordRetrieveEntry.self)
        print(entry.results.first?.lexicalEntries.first?.lexicalCategory.text ?? "")  // Noun

        #expect(printed == [
            "https://od-api.oxforddictionaries.com/api/v1/entries/en/ace/lexicalCategory=noun",
            #"["grammaticalFeatures", "lexicalCategory"]"#,
            "The Oxford Dictionaries API servers are up, but overloaded with requests. Please try again later.",
            "Noun",
        ])
        #expect(transport.requests.map(\.path) == ["/api/v1/entries/en/ace/lexicalCategory=noun"])
    }

    static let documents = ["README.md", "Sources/OxfordDictionaries/Documentation.docc/UsingTheOxfordAPI.md"]

    @Test("every Oxford documentation block is compiled and run here", arguments: documents)
    func documentationBlocksAreTested(document: String) throws {
        let root = DocumentationSnippets.packageRoot(fromTestFile: #filePath)
        let markdown = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        // Only the Oxford blocks of the README (those that use the client or the API) are ours; the
        // sandbox's are OxfordSandboxTests'.
        let blocks = DocumentationSnippets.swiftBlocks(in: markdown).filter {
            document != "README.md" || ($0.contains("Oxford") && !$0.contains("OxfordSandbox"))
        }
        #expect(!blocks.isEmpty, "\(document) has no Oxford examples")
        for block in DocumentationSnippets.untested(blocks, in: [try String(contentsOfFile: #filePath, encoding: .utf8)]) {
            Issue.record("this example of \(document) is not in OxfordExamplesTests.swift:\n\(block)")
        }
    }
}
