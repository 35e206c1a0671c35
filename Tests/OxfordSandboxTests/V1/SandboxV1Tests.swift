import EndpointKit
import Foundation
import OxfordDictionaries
import OxfordSandbox
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The v1 layout the original design used, through `OxfordAPIRequest`, against the sandbox's `/api/v1`.
@Suite("Sandbox v1 paths")
struct SandboxV1Tests {
    private func send(_ request: OxfordAPIRequest, to server: OxfordSandboxServer) async throws -> (Int, String) {
        var request = request
        request.baseURL = server.v1BaseURL
        request.credentials = testCredentials
        let (data, response) = try await URLSession.shared.data(for: try request.generateValidatedURLRequest())
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test("entries with path filters: v1 shapes (string categories and labels, 000 homographs, provider-only metadata)")
    func entries() async throws {
        try await withSandbox { server in
            let (status, body) = try await send(OxfordAPIRequest(withWord: "ace", withFilters: [.lexicalCategory([.verb]), .domains(["golf"])]), to: server)
            #expect(status == 200)
            let json = try jsonObject(body)
            #expect(json["metadata"] as? [String: String] == ["provider": "Oxford University Press"])
            let lexicalEntry = try #require(((json["results"] as? [[String: Any]])?.first?["lexicalEntries"] as? [[String: Any]])?.first)
            #expect(lexicalEntry["lexicalCategory"] as? String == "Verb")
            let entry = try #require((lexicalEntry["entries"] as? [[String: Any]])?.first)
            #expect(entry["homographNumber"] as? String == "000")
            let senses = try #require(entry["senses"] as? [[String: Any]])
            #expect(senses.count == 1 && senses[0]["domains"] as? [String] == ["Golf"])
        }
    }

    @Test("synonyms, antonyms, sentences and translations as entries filters")
    func entriesVariants() async throws {
        try await withSandbox { server in
            let (_, thesaurus) = try await send(OxfordAPIRequest(withWord: "good", hasRequestedAntonymsQuery: true, hasRequestedSynonymsQuery: true), to: server)
            #expect(thesaurus.contains(#""antonyms":[{"id":"bad","language":"en","text":"bad"}"#))
            let (_, sentences) = try await send(OxfordAPIRequest(withWord: "run", hasRequestedExampleSentencesQuery: true), to: server)
            #expect(sentences.contains("the Yankees scored 3 runs in the bottom of the 9th"))
            let (status, translations) = try await send(OxfordAPIRequest(withWord: "the", withFilters: [.translations(["id"])]), to: server)
            #expect(status == 200 && translations.contains(#"{"language":"id","text":"itu"}"#))
        }
    }

    @Test("the lemmatron (v1 inflections), search with integer metadata, the wordlist and utility lists")
    func otherEndpoints() async throws {
        try await withSandbox { server in
            let (_, lemmatron) = try await send(OxfordAPIRequest(withHeadword: "pixels", withFilters: [.lexicalCategory([.noun])]), to: server)
            #expect(lemmatron.contains(#""inflectionOf":[{"id":"pixel","text":"pixel"}]"#))
            #expect(lemmatron.contains(#""grammaticalFeatures":[{"text":"Plural","type":"Number"}]"#))
            let (_, search) = try await send(OxfordAPIRequest(withEndpoint: .search, withQueryWord: "pixels", withFilters: nil), to: server)
            let metadata = try #require(try jsonObject(search)["metadata"] as? [String: Any])
            #expect(metadata["total"] as? Int == 1)
            #expect(search.contains(#""inflection_id":"pixels""#))
            let (_, wordlist) = try await send(
                OxfordAPIRequest(withDomainFilters: [.domains(["golf"])], withRegionFilters: [], withRegisterFilters: [], withTranslationsFilters: [],
                                 withLexicalCategoryFilters: [.lexicalCategory([.verb])]), to: server)
            let words = try #require(try jsonObject(wordlist)["results"] as? [[String: String]]).map { $0["id"] ?? "" }
            #expect(words.contains("ace") && words == words.sorted())
            let (_, domains) = try await send(OxfordAPIRequest(withEndpoint: .utility, withQueryWord: "domains", withFilters: nil), to: server)
            #expect(domains.contains(#""golf":{"en":"Golf"}"#))
        }
    }

    @Test("not found is the v1 service's HTML page")
    func notFound() async throws {
        try await withSandbox { server in
            let (status, body) = try await send(OxfordAPIRequest(withWord: "zzyzx", withFilters: nil), to: server)
            #expect(status == 404)
            #expect(body.contains("<title>404 Not Found</title>") && body.contains("No entry available for 'zzyzx' in 'en'"))
        }
    }
}
