import EndpointKit
import Foundation
import OxfordDictionaries
import OxfordSandbox
import Testing

/// `OxfordClient.send(_:as:)`: the tutorial's v1 requests through the client, over HTTP to the
/// sandbox's `/api/v1`, decoded by the same models as v2.
@Suite("OxfordClient v1 requests against the sandbox")
struct SandboxClientV1Tests {
    @Test("entries with path filters, synonyms and antonyms, sentences: decoded from v1's shapes")
    func entries() async throws {
        try await withSandbox { server in
            let oxford = client(server)
            let verbs = try await oxford.send(
                OxfordAPIRequest(withWord: "ace", withFilters: [OxfordAPIEndpoint.OxfordAPIFilter.lexicalCategory(["verb"])]),
                as: OxfordRetrieveEntry.self)
            let lexicalEntries = verbs.results.flatMap(\.lexicalEntries)
            #expect(lexicalEntries.map(\.lexicalCategory.text) == ["Verb"])
            #expect(lexicalEntries.first?.entries?.first?.senses?.first?.definitions == ["succeed at easily"])

            let thesaurus = try await oxford.send(
                OxfordAPIRequest(withWord: "good", hasRequestedAntonymsQuery: true, hasRequestedSynonymsQuery: true), as: OxfordThesaurus.self)
            let senses = thesaurus.results.flatMap(\.lexicalEntries).flatMap { $0.entries ?? [] }.flatMap { $0.senses ?? [] }
            #expect(senses.contains { ($0.antonyms ?? []).contains { $0.text == "bad" } })

            let sentences = try await oxford.send(OxfordAPIRequest(withWord: "run", hasRequestedExampleSentencesQuery: true), as: OxfordSentences.self)
            #expect(sentences.results.flatMap(\.lexicalEntries).flatMap(\.sentences).contains {
                $0.text == "the Yankees scored 3 runs in the bottom of the 9th"
            })
        }
    }

    @Test("the lemmatron, search, the wordlist page by page, and a utility list")
    func lists() async throws {
        try await withSandbox { server in
            let oxford = client(server)
            let lemmas = try await oxford.send(OxfordAPIRequest(withHeadword: "pixels", withFilters: nil), as: OxfordLemmatron.self)
            #expect(lemmas.headwords == ["pixel"])

            let search = try await oxford.send(
                OxfordAPIRequest(withEndpoint: .search, withQueryWord: "pixels", withFilters: nil), as: OxfordWordlist.self)
            #expect(search.results.contains { $0.id == "pixel" })

            var page = OxfordAPIRequest(withEndpoint: .wordlist, withQueryWord: "", withFilters: [OxfordFilter.domains(["golf"])])
            page.limit = 3
            page.offset = 0
            let first = try await oxford.send(page, as: OxfordWordlist.self)
            page.offset = 3
            let second = try await oxford.send(page, as: OxfordWordlist.self)
            #expect(first.results.count == 3 && second.results.count == 3)
            #expect(Set(first.results.map(\.id)).isDisjoint(with: second.results.map(\.id)))
            #expect(first.metadata?.total == second.metadata?.total)
            #expect((first.metadata?.total ?? 0) > 6)

            let domains = try await oxford.send(
                OxfordAPIRequest(withEndpoint: .utility, withQueryWord: "domains", withFilters: nil), as: Data.self)
            #expect(String(decoding: domains, as: UTF8.self).contains(#""Golf""#))
        }
    }

    @Test("v1's HTML 404 page: its message is the error's, over real HTTP")
    func notFound() async throws {
        try await withSandbox { server in
            do {
                _ = try await client(server).send(OxfordAPIRequest(withWord: "zzyzx", withFilters: nil), as: OxfordRetrieveEntry.self)
                Issue.record("zzyzx was found")
            } catch let error as EndpointError {
                #expect(OxfordClient.status(of: error) == .notFound)
                #expect(OxfordClient.message(of: error) == "No entry available for 'zzyzx' in 'en'")
                #expect(error.description.contains("No entry available for 'zzyzx' in 'en'"))
            }
        }
    }

    @Test("v2 entries in plain en answer with the en-gb data, as the service does")
    func entriesInEnglish() async throws {
        try await withSandbox { server in
            let entry = try await client(server).entries("ace", language: .English)
            #expect(entry.results.first?.language == "en-gb")
            #expect(!entry.results.flatMap(\.lexicalEntries).isEmpty)
        }
    }
}
