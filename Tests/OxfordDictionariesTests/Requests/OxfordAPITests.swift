import EndpointKit
import Foundation
@testable import OxfordDictionaries
import Testing

/// Golden v2 URLs of every endpoint with every parameter.
@Suite("OxfordAPI (v2)")
struct OxfordAPITests {
    private let api = OxfordAPI(credentials: OxfordCredentials(appID: "id-1", appKey: "key-1"))
    private let base = "https://od-api.oxforddictionaries.com/api/v2"

    private func url<R: Request>(_ request: R) throws -> String { try request.prepare().url.absoluteString }

    @Test("every endpoint, every parameter")
    func goldens() throws {
        let selection = OxfordSelection(
            grammaticalFeatures: [.singular, .past], lexicalCategories: [.noun, .verb], domains: [.art], registers: [.informal])
        let cases: [(String, String)] = [
            (try url(api.entries("ace")), "\(base)/entries/en-gb/ace"),
            (try url(api.entries("ace", language: .americanEnglish, fields: [.definitions, .examples], selection: selection, strictMatch: true)),
             "\(base)/entries/en-us/ace?domains=art&fields=definitions,examples&grammaticalFeatures=singular,past&lexicalCategory=noun,verb&registers=informal&strictMatch=true"),
            (try url(api.entries("ace", fields: [])), "\(base)/entries/en-gb/ace?fields="),
            (try url(api.entries("ace in the hole")), "\(base)/entries/en-gb/ace_in_the_hole"),
            (try url(api.words("Running", fields: [.definitions], selection: OxfordSelection(lexicalCategories: [.verb]))),
             "\(base)/words/en-gb?fields=definitions&lexicalCategory=verb&q=Running"),
            (try url(api.lemmas("pixels")), "\(base)/lemmas/en/pixels"),
            (try url(api.lemmas("changed", grammaticalFeatures: [.past], lexicalCategories: [.verb])),
             "\(base)/lemmas/en/changed?grammaticalFeatures=past&lexicalCategory=verb"),
            (try url(api.inflections("run", strictMatch: false)), "\(base)/inflections/en-gb/run?strictMatch=false"),
            (try url(api.translations("abode", to: .Spanish, fields: [.translations], selection: OxfordSelection(domains: [.art]), strictMatch: true)),
             "\(base)/translations/en/es/abode?domains=art&fields=translations&strictMatch=true"),
            (try url(api.thesaurus("vapid")), "\(base)/thesaurus/en/vapid?fields=synonyms,antonyms"),
            (try url(api.thesaurus("vapid", fields: [.antonyms], strictMatch: true)), "\(base)/thesaurus/en/vapid?fields=antonyms&strictMatch=true"),
            (try url(api.sentences("vapid", language: .Spanish, strictMatch: false)), "\(base)/sentences/es/vapid?strictMatch=false"),
            (try url(api.search("condition", prefix: true, limit: 10, offset: 20)), "\(base)/search/en-gb?limit=10&offset=20&prefix=true&q=condition"),
            (try url(api.searchThesaurus("happy")), "\(base)/search/thesaurus/en?q=happy"),
            (try url(api.searchTranslations("casa", from: .Spanish, to: .English, limit: 5)), "\(base)/search/translations/es/en?limit=5&q=casa"),
            (try url(api.languages()), "\(base)/languages"),
            (try url(api.languages(source: .English, target: .Spanish)), "\(base)/languages?sourceLanguage=en&targetLanguage=es"),
            (try url(api.filters()), "\(base)/filters"),
            (try url(api.filters(endpoint: "entries")), "\(base)/filters/entries"),
            (try url(api.fields(endpoint: "thesaurus")), "\(base)/fields/thesaurus"),
            (try url(api.domains(.britishEnglish)), "\(base)/domains/en-gb"),
            (try url(api.domains(.English, target: .Spanish)), "\(base)/domains/en/es"),
            (try url(api.registers(.Spanish)), "\(base)/registers/es"),
            (try url(api.lexicalCategories(.britishEnglish)), "\(base)/lexicalCategories/en-gb"),
            (try url(api.grammaticalFeatures(.English, target: .German)), "\(base)/grammaticalFeatures/en/de"),
            (try url(api.wordFrequency(lemma: "spring")), "\(base)/stats/frequency/word/en?corpus=nmc&lemma=spring"),
            (try url(api.wordFrequency(wordform: "Spring", trueCase: "spring", lexicalCategory: .noun)),
             "\(base)/stats/frequency/word/en?corpus=nmc&lexicalCategory=noun&trueCase=spring&wordform=Spring"),
            (try url(api.wordFrequencies(lemmas: ["test", "exam"], sort: [.descending(.frequency)], collate: [.lemma], minFrequency: 5, offset: 0, limit: 100)),
             "\(base)/stats/frequency/words/en?collate=lemma&corpus=nmc&lemmas=test,exam&limit=100&minFrequency=5&offset=0&sort=-frequency"),
            (try url(api.ngrams(size: 2, tokens: ["the cat"], punctuation: false, singleStrings: true, limit: 10)),
             "\(base)/stats/frequency/ngrams/en/nmc/2?format=google&limit=10&punctuation=false&tokens=the%20cat"),
            (try url(api.wordFrequencies(
                language: .English, corpus: "nmc", wordforms: ["Ran"], trueCases: ["ran"], lemmas: ["run"], lexicalCategories: [.verb],
                sort: [.ascending(.wordform)], collate: [.trueCase], minFrequency: 1, maxFrequency: 9, offset: 5, limit: 50)),
             "\(base)/stats/frequency/words/en?collate=trueCase&corpus=nmc&lemmas=run&lexicalCategories=verb&limit=50&maxFrequency=9&minFrequency=1&offset=5&sort=wordform&trueCases=ran&wordforms=Ran"),
            (try url(api.ngrams(
                language: .English, corpus: "nmc", size: 3, tokens: ["a b c"], contains: ["b"], punctuation: true, singleStrings: false,
                minFrequency: 2, maxFrequency: 8, offset: 10, limit: 20)),
             "\(base)/stats/frequency/ngrams/en/nmc/3?contains=b&format=oup&limit=20&maxFrequency=8&minFrequency=2&offset=10&punctuation=true&tokens=a%20b%20c"),
            (try url(api.translations("run", from: .English, to: .German, fields: [.definitions], selection: selection, strictMatch: false)),
             "\(base)/translations/en/de/run?domains=art&fields=definitions&grammaticalFeatures=singular,past&lexicalCategory=noun,verb&registers=informal&strictMatch=false"),
            (try url(api.words("ran", language: .Spanish, fields: [], selection: selection)),
             "\(base)/words/es?domains=art&fields=&grammaticalFeatures=singular,past&lexicalCategory=noun,verb&q=ran&registers=informal"),
        ]
        for (actual, expected) in cases {
            #expect(actual == expected)
        }
    }

    @Test("credentials travel as app_id and app_key headers, with Accept")
    func headers() throws {
        let prepared = try api.entries("ace").prepare()
        #expect(prepared.request.headerFields[HTTPField.Name("app_id")!] == "id-1")
        #expect(prepared.request.headerFields[HTTPField.Name("app_key")!] == "key-1")
        #expect(prepared.request.headerFields[.accept] == "application/json")
        let anonymous = try OxfordAPI(credentials: nil).entries("ace").prepare()
        #expect(anonymous.request.headerFields[HTTPField.Name("app_key")!] == nil)
        // Credentials set or cleared later are what the next request carries.
        var changing = OxfordAPI(credentials: nil)
        changing.credentials = OxfordCredentials(appID: "id-2", appKey: "key-2")
        let later = try changing.entries("ace").prepare()
        #expect(later.request.headerFields[HTTPField.Name("app_id")!] == "id-2")
        #expect(later.request.headerFields[HTTPField.Name("app_key")!] == "key-2")
        #expect(later.request.headerFields[.accept] == "application/json")
        changing.credentials = nil
        let cleared = try changing.entries("ace").prepare()
        #expect(cleared.request.headerFields[HTTPField.Name("app_id")!] == nil)
        #expect(cleared.request.headerFields[.accept] == "application/json")
    }

    @Test("base URLs: production, sandbox, the environment")
    func baseURLs() throws {
        #expect(OxfordAPI.sandbox.absoluteString == "https://od-api-sandbox.oxforddictionaries.com/api/v2")
        let custom = OxfordAPI.fromEnvironment(["OXFORD_BASE_URL": "http://127.0.0.1:8080/api/v2", "OXFORD_APP_ID": "a", "OXFORD_APP_KEY": "b"])
        #expect(try custom.entries("ace").prepare().url.absoluteString == "http://127.0.0.1:8080/api/v2/entries/en-gb/ace")
        #expect(custom.credentials == OxfordCredentials(appID: "a", appKey: "b"))
        #expect(OxfordAPI.fromEnvironment([:]).baseURL == OxfordAPI.production)
        #expect(OxfordAPI.fromEnvironment([:]).credentials == nil)
    }

    @Test("arguments an endpoint does not take are refused, naming what it takes")
    func refusals() {
        #expect(throws: OxfordArgumentError.unsupportedLanguage("en-au", endpoint: "entries", allowed: OxfordLanguage.entries.map(\.rawValue))) {
            try api.entries("ace", language: "en-au")
        }
        #expect(throws: OxfordArgumentError.unsupportedLanguage("en-gb", endpoint: "lemmas", allowed: OxfordLanguage.lemmas.map(\.rawValue))) {
            try api.lemmas("ace", language: .britishEnglish)
        }
        #expect(throws: OxfordArgumentError.unsupportedField("synonyms", endpoint: "entries", allowed: OxfordField.entryFields.map(\.rawValue))) {
            try api.entries("ace", fields: [.synonyms])
        }
        #expect(throws: OxfordArgumentError.invalidParameter(name: "fields", reason: "it is empty; the thesaurus takes synonyms, antonyms or both")) {
            try api.thesaurus("ace", fields: [])
        }
        #expect(throws: OxfordArgumentError.invalidParameter(name: "target language", reason: "it is the source language en; they must differ")) {
            try api.translations("ace", from: .English, to: .English)
        }
        #expect(throws: OxfordArgumentError.invalidParameter(name: "limit", reason: "6000 is not between 1 and 5000")) {
            try api.search("ace", limit: 6000)
        }
        #expect(throws: OxfordArgumentError.invalidParameter(name: "offset", reason: "offset and limit add up to more than 10000")) {
            try api.search("ace", limit: 5000, offset: 5001)
        }
        #expect(throws: OxfordArgumentError.invalidParameter(name: "word", reason: "it has 129 characters; the API takes at most 128")) {
            try api.entries(String(repeating: "a", count: 129))
        }
        #expect(throws: OxfordArgumentError.invalidParameter(name: "word", reason: "it is empty")) { try api.entries(" ") }
        #expect(throws: OxfordArgumentError.invalidParameter(name: "ngram size", reason: "5 is not 1, 2, 3 or 4")) { try api.ngrams(size: 5) }
        #expect(throws: OxfordArgumentError.invalidParameter(name: "word", reason: "none given; give a wordform, trueCase, lemma or lexicalCategory")) {
            try api.wordFrequency()
        }
        #expect(throws: OxfordArgumentError.invalidParameter(name: "endpoint", reason: "sentences has no filter list; entries and lemmas do")) {
            try api.filters(endpoint: "sentences")
        }
        #expect(
            OxfordArgumentError.unsupportedLanguage("xx", endpoint: "thesaurus", allowed: ["en"]).description
                == "the thesaurus endpoint has no dataset for the language xx; it has en")
    }

    @Test("a word id cannot change the path")
    func hostileWords() throws {
        for word in ["../admin", "%2e%2e", "a/b", "a?b", "a#b"] {
            let path = try api.entries(word).prepare().request.path ?? ""
            #expect(path.hasPrefix("/api/v2/entries/en-gb/"))
            #expect(path.split(separator: "/").count == 5)
            #expect(!path.contains("?") && !path.contains("#"))
        }
    }

    @Test("A word is blank exactly when trimming CharacterSet.whitespaces leaves nothing; spaces become underscores as replacingOccurrences made them")
    func blankWordsAndSpaces() throws {
        let pieces = ["", " ", "\t", "\u{A0}", "\u{2003}", "\u{3000}", "\n", "\r", "a", "é", "e\u{301}", " \u{301}", "\u{200B}", "_", "漢"]
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let text = first + second + third
                    #expect(OxfordAPI.isBlank(text) == text.trimmingCharacters(in: .whitespaces).isEmpty, "\(text.debugDescription)")
                }
            }
        }
        let api = OxfordAPI(credentials: nil)
        for word in ["ice cream", "  two  spaces ", "a \u{301}b", "no_space"] {
            let path = try api.entries(word).prepare().request.path ?? ""
            let expected = word.replacingOccurrences(of: " ", with: "_")
            #expect(path.split(separator: "/").last.map { String($0).removingPercentEncoding } == expected, "\(word.debugDescription)")
        }
    }
}
