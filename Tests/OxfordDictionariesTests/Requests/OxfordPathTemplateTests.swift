import EndpointKit
import Foundation
import OxfordDictionaries
import Testing

/// The path templates spans are named after: the API reference's names in braces, from the
/// server's root, never a word, a language or a credential.
@Suite("Oxford path templates")
struct OxfordPathTemplateTests {
    private let api = OxfordAPI(credentials: OxfordCredentials(appID: "id-1", appKey: "key-1"))

    @Test("v2 requests: the reference's path with its parameters in braces")
    func v2() throws {
        let cases: [(String, String)] = [
            (try api.entries("ace", language: .americanEnglish, fields: [.definitions]).pathTemplate, "/api/v2/entries/{source_lang}/{word_id}"),
            (try api.words("running").pathTemplate, "/api/v2/words/{source_lang}"),
            (try api.translations("abode", to: .Spanish).pathTemplate,
             "/api/v2/translations/{source_lang_translate}/{target_lang_translate}/{word_id}"),
            (try api.searchTranslations("ab", to: .Spanish).pathTemplate, "/api/v2/search/translations/{source_lang_search}/{target_lang_search}"),
            (try api.domains(.English, target: .Spanish).pathTemplate, "/api/v2/domains/{source_lang}/{target_lang}"),
            (try api.filters(endpoint: "entries").pathTemplate, "/api/v2/filters/{endpoint}"),
            (api.languages().pathTemplate, "/api/v2/languages"),
            (try api.ngrams(size: 2, tokens: ["a b"]).pathTemplate, "/api/v2/stats/frequency/ngrams/{source_lang}/{corpus}/{ngram-size}"),
        ]
        for (template, expected) in cases { #expect(template == expected) }
        let sandbox = OxfordAPI(baseURL: URL(string: "http://127.0.0.1:8080/api/v2/")!, credentials: nil)
        #expect(try sandbox.lemmas("pixels").pathTemplate == "/api/v2/lemmas/{source_lang}/{word_id}")
    }

    @Test("v1 requests: the tutorial's layout, word and filters in braces")
    func v1() throws {
        let cases: [(OxfordAPIRequest, String)] = [
            (OxfordAPIRequest(withWord: "ace", withFilters: [.lexicalCategory([.noun])]), "/api/v1/entries/{source_lang}/{word_id}/{filters}"),
            (OxfordAPIRequest(withWord: "good", hasRequestedAntonymsQuery: true, hasRequestedSynonymsQuery: true),
             "/api/v1/entries/{source_lang}/{word_id}/synonyms;antonyms"),
            (OxfordAPIRequest(withHeadword: "pixels", withFilters: nil), "/api/v1/inflections/{source_lang}/{word_id}"),
        ]
        for (request, expected) in cases {
            let template = try api.request(request, as: Data.self).pathTemplate
            #expect(template == expected)
            #expect(!template.contains(request.word))
        }
    }
}
