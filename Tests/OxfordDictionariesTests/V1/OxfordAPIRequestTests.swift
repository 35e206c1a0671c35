import Foundation
import OxfordDictionaries
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private let credentials = OxfordCredentials(appID: "test-id", appKey: "test-key")

private func configured(_ request: OxfordAPIRequest) -> OxfordAPIRequest {
    var request = request
    request.credentials = credentials
    return request
}

/// Golden URLs of every initializer of seed 001.
@Suite("OxfordAPIRequest (the v1 layout of seed 001)")
struct OxfordAPIRequestTests {
    private let base = "https://od-api.oxforddictionaries.com/api/v1"

    @Test("example sentences")
    func sentences() throws {
        let request = configured(OxfordAPIRequest(withWord: "vapid", hasRequestedExampleSentencesQuery: true))
        #expect(try request.generateValidatedURLRequest().url?.absoluteString == "\(base)/entries/en/vapid/sentences")
        let spanish = configured(OxfordAPIRequest(withWord: "fuego", hasRequestedExampleSentencesQuery: true, forLanguage: .Spanish))
        #expect(try spanish.generateValidatedURLRequest().url?.absoluteString == "\(base)/entries/es/fuego/sentences")
    }

    @Test("synonyms, antonyms and both", arguments: [
        (true, true, "synonyms;antonyms"), (false, true, "synonyms"), (true, false, "antonyms"),
    ])
    func thesaurus(antonyms: Bool, synonyms: Bool, suffix: String) throws {
        let request = configured(OxfordAPIRequest(withWord: "Vapid", hasRequestedAntonymsQuery: antonyms, hasRequestedSynonymsQuery: synonyms))
        #expect(try request.generateValidatedURLRequest().url?.absoluteString == "\(base)/entries/en/vapid/\(suffix)")
    }

    @Test("filtered entries: selection and projection filters in one path segment")
    func filteredEntries() throws {
        let request = configured(OxfordAPIRequest(
            withWord: "ace", withFilters: [.grammaticalFeatures([.singular, .past]), .lexicalCategory([.noun])]))
        #expect(
            try request.generateValidatedURLRequest().url?.absoluteString
                == "\(base)/entries/en/ace/grammaticalFeatures=singular,past;lexicalCategory=noun")
        let projections = configured(OxfordAPIRequest(withWord: "ace", withFilters: [.definitions([]), .pronunciations([])]))
        #expect(try projections.generateValidatedURLRequest().url?.absoluteString == "\(base)/entries/en/ace/definitions;pronunciations")
        let regional = configured(OxfordAPIRequest(withWord: "ace", withFilters: [.regions([.us])]))
        #expect(try regional.generateValidatedURLRequest().url?.absoluteString == "\(base)/entries/en/ace/regions=us")
        let translation = configured(OxfordAPIRequest(withWord: "truth", withFilters: [.translations([.Spanish])]))
        #expect(try translation.generateValidatedURLRequest().url?.absoluteString == "\(base)/entries/en/truth/translations=es")
        let plain = configured(OxfordAPIRequest(withWord: "ace", withFilters: nil))
        #expect(try plain.generateValidatedURLRequest().url?.absoluteString == "\(base)/entries/en/ace")
    }

    @Test("inflections of a headword")
    func inflections() throws {
        let request = configured(OxfordAPIRequest(withHeadword: "changed", withFilters: [.lexicalCategory([.verb])]))
        #expect(try request.generateValidatedURLRequest().url?.absoluteString == "\(base)/inflections/en/changed/lexicalCategory=verb")
        let bare = configured(OxfordAPIRequest(withHeadword: "changed", withFilters: nil, withQueryLanguage: .German))
        #expect(try bare.generateValidatedURLRequest().url?.absoluteString == "\(base)/inflections/de/changed")
    }

    @Test("any endpoint")
    func anyEndpoint() throws {
        let search = configured(OxfordAPIRequest(withEndpoint: .search, withQueryWord: "condition", withFilters: nil))
        #expect(try search.generateValidatedURLRequest().url?.absoluteString == "\(base)/search/en?q=condition")
        let utility = configured(OxfordAPIRequest(withEndpoint: .utility, withQueryWord: "domains", withFilters: nil))
        #expect(try utility.generateValidatedURLRequest().url?.absoluteString == "\(base)/domains/en")
        let stats = configured(OxfordAPIRequest(
            withEndpoint: .statsWordFrequency, withQueryWord: "", withFilters: [.lemma(["test"]), .lexicalCategory([.noun])]))
        #expect(try stats.generateValidatedURLRequest().url?.absoluteString == "\(base)/stats/frequency/word/en/lemma=test;lexicalCategory=noun")
        let ngrams = configured(OxfordAPIRequest(
            withEndpoint: .statsNgramsFrequency, withQueryWord: "", withFilters: [.tokens(["the cat"]), .limit(10), .offset(20)]))
        #expect(try ngrams.generateValidatedURLRequest().url?.absoluteString == "\(base)/stats/frequency/ngrams/en/tokens=the%20cat;limit=10;offset=20")
    }

    @Test("the seed's default request")
    func defaultRequest() throws {
        #expect(try configured(OxfordAPIRequest()).generateValidatedURLRequest().url?.absoluteString == "\(base)/entries/en/love")
    }

    @Test("wordlist with filter groups; without filters")
    func wordlist() throws {
        let request = configured(OxfordAPIRequest(
            withDomainFilters: [.domains([.art])], withRegionFilters: [.regions([.gb])], withRegisterFilters: [.registers([.rare])],
            withTranslationsFilters: [], withLexicalCategoryFilters: [.lexicalCategory([.noun])]))
        #expect(
            try request.generateValidatedURLRequest().url?.absoluteString
                == "\(base)/wordlist/en/domains=art;regions=gb;registers=rare;lexicalCategory=noun")
        let empty = configured(OxfordAPIRequest(
            withDomainFilters: [], withRegionFilters: [], withRegisterFilters: [], withTranslationsFilters: [], withLexicalCategoryFilters: []))
        #expect(try empty.generateValidatedURLRequest().url?.absoluteString == "\(base)/wordlist/en")
    }

    @Test("word normalisation: lowercase, spaces to underscores, then percent-encoding as one segment")
    func normalisation() throws {
        let request = configured(OxfordAPIRequest(withWord: "Historical Cost Accounting", withFilters: nil))
        #expect(request.processedWord == "historical_cost_accounting")
        #expect(configured(OxfordAPIRequest(withWord: "Swimmer's ear", withFilters: nil)).processedWord == "swimmer%27s_ear")
        #expect(configured(OxfordAPIRequest(withWord: "améliorer", withFilters: nil)).processedWord == "am%C3%A9liorer")
        #expect(configured(OxfordAPIRequest(withWord: "../admin?x#y", withFilters: nil)).processedWord == "..%2Fadmin%3Fx%23y")
    }

    @Test("headers: Accept, app_id and app_key from the credentials")
    func headers() throws {
        let request = try configured(OxfordAPIRequest(withWord: "ace", withFilters: nil)).generateValidatedURLRequest()
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "app_id") == "test-id")
        #expect(request.value(forHTTPHeaderField: "app_key") == "test-key")
    }

    @Test("validation: a filter the endpoint does not allow is named with the endpoint and what it allows")
    func validation() throws {
        let request = configured(OxfordAPIRequest(withHeadword: "ace", withFilters: [.domains([.art])]))
        #expect(throws: OxfordRequestError.filter(.notAllowed(filter: "domains", endpoint: "inflections", allowed: ["grammaticalFeatures", "lexicalCategory"]))) {
            try request.generateValidatedURLRequest()
        }
        // The unvalidated form still builds it, as the seed's did.
        #expect(request.generateURLRequest().url?.absoluteString == "\(base)/inflections/en/ace/domains=art")
        let described = OxfordRequestError.filter(.notAllowed(filter: "domains", endpoint: "inflections", allowed: ["grammaticalFeatures", "lexicalCategory"])).description
        #expect(described == "the filter domains is not allowed for the inflections endpoint; it allows grammaticalFeatures, lexicalCategory")
    }

    @Test("missing credentials are an error for the validated form, and absent headers for the other")
    func missingCredentials() throws {
        var request = OxfordAPIRequest(withWord: "ace", withFilters: nil)
        request.credentials = nil
        #expect(throws: OxfordRequestError.missingCredentials) { try request.generateValidatedURLRequest() }
        #expect(request.generateURLRequest().value(forHTTPHeaderField: "app_key") == nil)
        #expect(OxfordCredentials.fromEnvironment(["OXFORD_APP_ID": "a", "OXFORD_APP_KEY": "b"]) == OxfordCredentials(appID: "a", appKey: "b"))
        #expect(OxfordCredentials.fromEnvironment(["OXFORD_APP_ID": "a", "OXFORD_APP_KEY": ""]) == nil)
        #expect(!"\(credentials)".contains("test-key"))
    }
}
