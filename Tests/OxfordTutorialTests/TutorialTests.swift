import Foundation
import OxfordDictionaries
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The tutorial (seeds 000 and 001) as its readers wrote it: only the seed's names, compiled in
// Swift 5 language mode, checked against the URLs and messages the seed's own code produced.
// Where EndpointKit corrects the seed on purpose, the expectation says so.

private let v1 = "https://od-api.oxforddictionaries.com/api/v1"

/// The seed's `statusCodeMessage()` texts, copied from the tutorial word for word.
private let seedMessages: [OxfordHTTPStatusCode: String] = [
    .AuthenticationFailed: "The request failed due to invalid credentials.Please check that the app_id and app_key are correct, and that the URL you are trying to access is correct. These can be found in the API Credentials page",
    .BadGateway: "Oxford Dictionaries API is down or being upgraded.",
    .BadRequest: "The request was invalid or cannot be otherwise served. An accompanying error message will explain further.For example, when the filters provided are unknown, the source and target languages in the translation endpoint are the same, or a numeric parameter such as offset and limit in the wordlist endpoint cannot be evaluated as a number.",
    .GatewayTimeout: "The Oxford Dictionaries API servers are up, but the request couldn’t be serviced due to some failure within our stack. Please try again later.",
    .InternalServerError: "Something is broken. Please contact us so the Oxford Dictionaries API team can investigate.",
    .NotFound: "No information available or the requested URL was not found on the server.For example, when the headword could not be found, a region or domain identifier do not exist, or the headword does not contain any attribute that match the filters in the request. It may also be the case that the URL is misspelled or incomplete.",
    .ServiceUnavailable: "The Oxford Dictionaries API servers are up, but overloaded with requests. Please try again later.",
    .Success: "Success!",
    .OtherStatusCode: "Unknown http status code received",
]

@Suite("The tutorial, part 1: custom data types")
struct TutorialDataTypesTests {
    @Test("the six vocabulary enums: every seed case by its seed name, with the seed's raw value")
    func vocabulary() {
        // The seed's misspelt identifiers are kept as names but send what the API knows.
        let corrected = [
            "forestr": "forestry", "greek_histroy": "greek_history", "medieval_histor": "medieval_history",
            "potter": "pottery", "veterinar": "veterinary", "pseuodo_archaic": "pseudo_archaic",
        ]
        func check(_ pairs: [(String, String)], count: Int) {
            #expect(pairs.count == count)
            for (raw, seedRaw) in pairs {
                #expect(raw == (corrected[seedRaw] ?? seedRaw))
            }
        }
        check(SeedVocabulary.oxfordAPILanguage.map { ($0.0.rawValue, $0.1) }, count: 15)
        check(SeedVocabulary.oxfordRegion.map { ($0.0.rawValue, $0.1) }, count: 2)
        check(SeedVocabulary.oxfordDomain.map { ($0.0.rawValue, $0.1) }, count: 256)
        check(SeedVocabulary.oxfordLanguageRegister.map { ($0.0.rawValue, $0.1) }, count: 61)
        check(SeedVocabulary.oxfordLexicalCategory.map { ($0.0.rawValue, $0.1) }, count: 19)
        check(SeedVocabulary.oxfordGrammaticalFeature.map { ($0.0.rawValue, $0.1) }, count: 30)

        #expect(OxfordLanguageRegister.RAF_slang.rawValue == "R.A.F_slang")
        #expect(OxfordLanguageRegister.non_standard.rawValue == "non-standard")
        #expect(OxfordDomain.forestr == OxfordDomain.forestry)
        #expect(OxfordLexicalCategory.allPartsOfSpeech == SeedVocabulary.oxfordLexicalCategory.map { $0.0 })
        let language: OxfordAPILanguage = .English
        #expect(language.rawValue == "en")
    }

    @Test("OxfordHTTPStatusCode: raw values, OtherStatusCode and the seed's messages")
    func statusCodes() {
        #expect(OxfordHTTPStatusCode(rawValue: 403)!.statusCodeMessage() == seedMessages[.AuthenticationFailed])
        #expect(OxfordHTTPStatusCode.allCases.map(\.rawValue) == [200, 400, 403, 404, 500, 502, 503, 504, 505])
        for code in OxfordHTTPStatusCode.allCases {
            #expect(code.statusCodeMessage() == seedMessages[code])
        }
        // The seed's init(rawValue:) gave nil for any other code, and `!` crashed; here it is OtherStatusCode.
        #expect(OxfordHTTPStatusCode(rawValue: 418)! == .OtherStatusCode)
        #expect(OxfordHTTPStatusCode(rawValue: 429)!.statusCodeMessage() == "Unknown http status code received")

        // A reader's exhaustive switch over the seed's cases still compiles.
        func describe(_ code: OxfordHTTPStatusCode) -> String {
            switch code {
            case .Success: return "ok"
            case .BadRequest, .NotFound: return "client"
            case .AuthenticationFailed: return "credentials"
            case .InternalServerError, .BadGateway, .ServiceUnavailable, .GatewayTimeout: return "server"
            case .OtherStatusCode: return "other"
            }
        }
        #expect(describe(OxfordHTTPStatusCode(rawValue: 504)!) == "server")
    }

    @Test("OxfordAPIEndpoint: the seed's cases and raw values")
    func endpoints() {
        let endpoints: [(OxfordAPIEndpoint, String)] = [
            (.entries, "entries"), (.inflections, "inflections"), (.search, "search"), (.translations, "translations"),
            (.wordlist, "wordlist"), (.utility, ""), (.stats_word_frequency, "stats/frequency/word"),
            (.stats_words_frequency, "stats/frequency/words"), (.stats_ngrams_frequency, "stats/frequency/ngrams"),
        ]
        for (endpoint, raw) in endpoints {
            #expect(endpoint.rawValue == raw)
            #expect(OxfordAPIEndpoint(rawValue: raw) == endpoint)
        }
    }

    @Test("OxfordAPIFilter: getDebugName and getQueryParameterString as the seed wrote them")
    func filterStrings() {
        typealias Filter = OxfordAPIEndpoint.OxfordAPIFilter
        #expect(Filter.lexicalCategory(["noun", "verb"]).getQueryParameterString(isLastQueryParameter: true) == "lexicalCategory=noun,verb")
        #expect(Filter.lexicalCategory(["noun", "verb"]).getQueryParameterString(isLastQueryParameter: false) == "lexicalCategory=noun,verb;")
        #expect(Filter.grammaticalFeatures(["singular", "past"]).getQueryParameterString(isLastQueryParameter: false) == "grammaticalFeatures=singular,past;")
        #expect(Filter.pronunciations([]).getQueryParameterString(isLastQueryParameter: true) == "pronunciations")
        #expect(Filter.wordform("ace").getQueryParameterString(isLastQueryParameter: true) == "wordform=ace")
        #expect(Filter.limit(100).getQueryParameterString(isLastQueryParameter: false) == "limit=100;")
        #expect(Filter.punctuation(true).getQueryParameterString(isLastQueryParameter: true) == "punctuation=true")
        #expect(Filter.format(true).getQueryParameterString(isLastQueryParameter: true) == "format=google")
        #expect(Filter.format(false).getQueryParameterString(isLastQueryParameter: true) == "format=oup")
        #expect(Filter.collate([.lemma([]), .lexicalCategory([])]).getQueryParameterString(isLastQueryParameter: true) == "collate=lemma,lexicalCategory")
        #expect(Filter.sort([.wordform("")]).getQueryParameterString(isLastQueryParameter: true) == "sort=wordform")
        #expect(Filter.tokens(["of", "the"]).getQueryParameterString(isLastQueryParameter: true) == "tokens=of,the")
        // The seed wrote an empty string for these three; they are written like every other list.
        #expect(Filter.translations(["es"]).getQueryParameterString(isLastQueryParameter: true) == "translations=es")
        #expect(Filter.lemma(["run"]).getQueryParameterString(isLastQueryParameter: true) == "lemma=run")
        #expect(Filter.trueCase(["Ace"]).getQueryParameterString(isLastQueryParameter: true) == "trueCase=Ace")

        let names: [(Filter, String)] = [
            (.domains([]), "domains"), (.lexicalCategory([]), "lexicalCategory"), (.regions([]), "regions"),
            (.registers([]), "registers"), (.translations([]), "translations"), (.definitions([]), "definitions"),
            (.etymologies([]), "etymologies"), (.examples([]), "examples"), (.grammaticalFeatures([]), "grammaticalFeatures"),
            (.pronunciations([]), "pronunciations"), (.variantForms([]), "variantForms"), (.lemma([]), "lemma"),
            (.wordform(""), "wordform"), (.wordforms([]), "wordforms"), (.trueCase([]), "trueCase"), (.limit(0), "limit"),
            (.offset(0), "offset"), (.collate([]), "collate"), (.contains([]), "contains"), (.sort([]), "sort"),
            (.format(false), "format"), (.minFrequency(0), "minFrequency"), (.minNormalizedFrequency(0), "minNormalizedFrequency"),
            (.minDocumentFrequency(0), "minDocumentFrequency"), (.maxFrequency(0), "maxFrequency"),
            (.maxDocumentFrequency(0), "maxDocumentFrequency"), (.maxNormalizedFrequency(0), "maxNormalizedFrequency"),
            (.tokens([]), "tokens"), (.punctuation(false), "punctuation"),
        ]
        #expect(names.count == 29)
        for (filter, name) in names {
            #expect(filter.getDebugName() == name)
        }
    }

    @Test("OxfordAPIFilter: Hashable by kind, as the seed made it")
    func filterEquality() {
        typealias Filter = OxfordAPIEndpoint.OxfordAPIFilter
        #expect(Filter.lexicalCategory(["noun"]) == Filter.lexicalCategory(["verb"]))
        #expect(Filter.limit(5) == Filter.limit(1000))
        #expect(Filter.limit(5) != Filter.offset(5))
        let set: Set<Filter> = [.domains(["art"]), .domains(["golf"]), .registers(["rare"])]
        #expect(set.count == 2)
        #expect(set.contains(.domains([])))
    }

    @Test("getAvailableFilters: each endpoint's filters as the seed listed them")
    func availableFilters() {
        typealias Filter = OxfordAPIEndpoint.OxfordAPIFilter
        let resultLimitationFilters: Set<Filter> = [.offset(0), .limit(1000)]
        let expected: [(OxfordAPIEndpoint, Set<Filter>)] = [
            (.entries, [.definitions([]), .domains([]), .etymologies([]), .examples([]), .grammaticalFeatures([]), .lexicalCategory([]),
                        .pronunciations([]), .regions([]), .registers([]), .variantForms([])]),
            (.inflections, [.grammaticalFeatures([]), .lexicalCategory([])]),
            (.translations, []),
            (.wordlist, [.domains([]), .lexicalCategory([]), .regions([]), .registers([]), .translations([])]),
            (.stats_word_frequency, [.wordform(""), .trueCase([]), .lemma([]), .lexicalCategory([])]),
            (.stats_words_frequency, Set<Filter>([.collate([]), .sort([]), .minFrequency(0), .maxFrequency(10000), .minNormalizedFrequency(0),
                                                  .maxNormalizedFrequency(10000), .wordforms([]), .trueCase([]), .lemma([]), .lexicalCategory([]),
                                                  .grammaticalFeatures([])]).union(resultLimitationFilters)),
            (.stats_ngrams_frequency, Set<Filter>([.minDocumentFrequency(0), .maxDocumentFrequency(10000), .minFrequency(0), .maxFrequency(10000),
                                                   .contains([]), .tokens([])]).union(resultLimitationFilters)),
            (.search, []),
            (.utility, []),
        ]
        for (endpoint, filters) in expected {
            // Set equality compares by kind; the names make a failure readable.
            #expect(endpoint.getAvailableFilters() == filters)
            #expect(endpoint.getAvailableFilters().map { $0.getDebugName() }.sorted() == filters.map { $0.getDebugName() }.sorted())
        }
        #expect(OxfordAPIEndpoint.inflections.getAvailableFilters().count == 2)
        #expect(OxfordAPIEndpoint.entries.getAvailableFilters().count == 10)
    }
}

@Suite("The tutorial, part 2: the request struct")
struct TutorialRequestTests {
    typealias Filter = OxfordAPIEndpoint.OxfordAPIFilter

    @Test("each initializer gives the seed's URL")
    func initializers() {
        let sentences = OxfordAPIRequest(withWord: "vapid", hasRequestedExampleSentencesQuery: true)
        #expect(sentences.generateURLRequest().url?.absoluteString == "\(v1)/entries/en/vapid/sentences")

        let both = OxfordAPIRequest(withWord: "vapid", hasRequestedAntonymsQuery: true, hasRequestedSynonymsQuery: true)
        #expect(both.generateURLRequest().url?.absoluteString == "\(v1)/entries/en/vapid/synonyms;antonyms")
        let synonyms = OxfordAPIRequest(withWord: "vapid", hasRequestedAntonymsQuery: false, hasRequestedSynonymsQuery: true)
        #expect(synonyms.generateURLRequest().url?.absoluteString == "\(v1)/entries/en/vapid/synonyms")
        let antonyms = OxfordAPIRequest(withWord: "vapid", hasRequestedAntonymsQuery: true, hasRequestedSynonymsQuery: false)
        #expect(antonyms.generateURLRequest().url?.absoluteString == "\(v1)/entries/en/vapid/antonyms")

        let filtered = OxfordAPIRequest(withWord: "ace", withFilters: [OxfordAPIEndpoint.OxfordAPIFilter.lexicalCategory(["noun"])])
        #expect(filtered.generateURLRequest().url?.absoluteString == "\(v1)/entries/en/ace/lexicalCategory=noun")
        let filters: [Filter] = [.grammaticalFeatures(["singular", "past"]), .lexicalCategory(["noun"])]
        let captured = OxfordAPIRequest(withWord: "ace", withFilters: filters)
        #expect(captured.generateURLRequest().url?.absoluteString == "\(v1)/entries/en/ace/grammaticalFeatures=singular,past;lexicalCategory=noun")
        let unfiltered = OxfordAPIRequest(withWord: "ace", withFilters: nil)
        #expect(unfiltered.generateURLRequest().url?.absoluteString == "\(v1)/entries/en/ace")

        let inflections = OxfordAPIRequest(withHeadword: "swimming", withFilters: [Filter.grammaticalFeatures(["present_participle"])])
        #expect(inflections.generateURLRequest().url?.absoluteString == "\(v1)/inflections/en/swimming/grammaticalFeatures=present_participle")

        let any = OxfordAPIRequest(withEndpoint: .inflections, withQueryWord: "aces", withFilters: [Filter.lexicalCategory(["noun"])], withQueryLanguage: .English)
        #expect(any.generateURLRequest().url?.absoluteString == "\(v1)/inflections/en/aces/lexicalCategory=noun")

        #expect(OxfordAPIRequest().generateURLRequest().url?.absoluteString == "\(v1)/entries/en/love")

        let wordlist = OxfordAPIRequest(
            withDomainFilters: [Filter.domains(["art"])], withRegionFilters: [Filter.regions(["gb"])], withRegisterFilters: [Filter.registers(["rare"])],
            withTranslationsFilters: [], withLexicalCategoryFilters: [Filter.lexicalCategory(["noun"])])
        #expect(wordlist.generateURLRequest().url?.absoluteString == "\(v1)/wordlist/en/domains=art;regions=gb;registers=rare;lexicalCategory=noun")
    }

    @Test("the word is lowercased, spaces become underscores, and it is percent-encoded")
    func processedWord() {
        // The seed encoded before replacing spaces, so they became %20; it meant underscores.
        let request = OxfordAPIRequest(withWord: "Historical Cost Accounting", withFilters: nil)
        #expect(request.generateURLRequest().url?.absoluteString == "\(v1)/entries/en/historical_cost_accounting")
        let accented = OxfordAPIRequest(withWord: "Café", withFilters: nil)
        #expect(accented.generateURLRequest().url?.absoluteString == "\(v1)/entries/en/caf%C3%A9")
    }

    @Test("the request carries the seed's headers; the credentials are the caller's, never constants")
    func headers() throws {
        var request = OxfordAPIRequest(withWord: "ace", withFilters: nil)
        request.credentials = OxfordCredentials(appID: "tutorial-id", appKey: "tutorial-key")
        let urlRequest = try request.generateValidatedURLRequest()
        #expect(urlRequest.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(urlRequest.value(forHTTPHeaderField: "app_id") == "tutorial-id")
        #expect(urlRequest.value(forHTTPHeaderField: "app_key") == "tutorial-key")
    }

    @Test("hasValidFilters and generateValidatedURLRequest refuse filters the endpoint does not take")
    func validation() {
        var request = OxfordAPIRequest(withHeadword: "aces", withFilters: [Filter.domains(["golf"])])
        request.credentials = OxfordCredentials(appID: "tutorial-id", appKey: "tutorial-key")
        #expect(!request.hasValidFilters(filters: [Filter.domains(["golf"])], forEndpoint: .inflections))
        #expect(request.hasValidFilters(filters: [Filter.lexicalCategory(["noun"])], forEndpoint: .inflections))
        #expect(request.hasValidFilters(filters: nil, forEndpoint: .search))
        #expect(request.hasValidFilters(filters: [], forEndpoint: .search))
        #expect(!request.hasValidFilters(filters: [Filter.limit(5)], forEndpoint: .search))
        #expect(request.hasValidFilters(filters: [Filter.collate([.lemma([])]), .limit(5)], forEndpoint: .stats_words_frequency))
        #expect(!request.hasValidFilters(filters: [Filter.collate([.domains([])])], forEndpoint: .stats_words_frequency))
        #expect(!request.hasValidFilters(filters: [Filter.limit(5), .limit(10)], forEndpoint: .stats_words_frequency))
        do {
            _ = try request.generateValidatedURLRequest()
            Issue.record("the domains filter was accepted for inflections")
        } catch {
            #expect("\(error)" == "the filter domains is not allowed for the inflections endpoint; it allows grammaticalFeatures, lexicalCategory")
        }
    }
}
