import EndpointKit
import Foundation
import OxfordDictionaries
import OxfordSandbox
import Testing

/// The OxfordDictionaries client against the live sandbox over HTTP: every v2 endpoint, decoded by
/// the same models that read the real service.
@Suite("OxfordClient against the sandbox")
struct SandboxClientTests {
    @Test("entries: a headword with definitions, examples, pronunciations, inflections and thesaurus links")
    func entries() async throws {
        try await withSandbox { server in
            let entry = try await client(server).entries("ace")
            #expect(entry.id == "ace")
            #expect(entry.metadata?.schema == "RetrieveEntry")
            let headword = try #require(entry.results.first)
            #expect(headword.language == "en-gb")
            #expect(Set(headword.lexicalEntries.map(\.lexicalCategory.id)) == ["adjective", "noun", "verb"])
            let verb = try #require(headword.lexicalEntries.first { $0.lexicalCategory.id == "verb" }?.entries?.first)
            #expect(verb.inflections?.map(\.inflectedForm).sorted() == ["aced", "aces", "acing"])
            #expect(verb.senses?.first?.definitions == ["succeed at easily"])
            #expect(verb.pronunciations?.contains { $0.dialects == ["American English"] && $0.phoneticSpelling == "ˈeɪs" } == true)
            let golf = try #require(verb.senses?.first { $0.domains?.map(\.id) == ["golf"] })
            #expect(golf.definitions == ["play (a hole) in one stroke"])
            let linked = try #require(verb.senses?.first?.thesaurusLinks?.first)
            #expect(linked.entryID == "ace" && linked.senseID == verb.senses?.first?.id)

            let american = try await client(server).entries("ace", language: .americanEnglish)
            #expect(american.results.first?.language == "en-us")
        }
    }

    @Test("entries: fields project, filters select (AND across filters, OR within one)")
    func entriesProjectionAndFilters() async throws {
        try await withSandbox { server in
            let oxford = client(server)
            let minimal = try await oxford.entries("ace", fields: [.definitions])
            let senses = minimal.results.flatMap { $0.lexicalEntries.flatMap { $0.entries?.flatMap { $0.senses ?? [] } ?? [] } }
            #expect(!senses.isEmpty)
            #expect(senses.allSatisfy { $0.definitions != nil && $0.examples == nil && $0.synonyms == nil && $0.domains == nil })
            #expect(minimal.results.first?.lexicalEntries.first?.entries?.first?.pronunciations == nil)

            let empty = try await oxford.entries("ace", fields: [])
            #expect(empty.results.flatMap(\.lexicalEntries).flatMap { $0.entries ?? [] }.flatMap { $0.senses ?? [] }.allSatisfy {
                $0.id != nil && $0.definitions == nil
            })

            let verbs = try await oxford.entries("ace", selection: OxfordSelection(lexicalCategories: [.verb]))
            #expect(verbs.results.flatMap(\.lexicalEntries).map(\.lexicalCategory.id) == ["verb"])
            let nounsOrVerbs = try await oxford.entries("ace", selection: OxfordSelection(lexicalCategories: [.noun, .verb]))
            #expect(nounsOrVerbs.results.flatMap(\.lexicalEntries).map(\.lexicalCategory.id) == ["noun", "verb"])
            let golfVerbs = try await oxford.entries("ace", selection: OxfordSelection(lexicalCategories: [.verb], domains: ["golf"]))
            let golfSenses = golfVerbs.results.flatMap(\.lexicalEntries).flatMap { $0.entries ?? [] }.flatMap { $0.senses ?? [] }
            #expect(golfSenses.map { $0.definitions ?? [] } == [["play (a hole) in one stroke"]])
        }
    }

    @Test("entries: an inflected form and filters that match nothing answer 404 with the service's message")
    func entriesNotFound() async throws {
        try await withSandbox { server in
            let oxford = client(server)
            for request in [
                { try await oxford.entries("pixels") },
                { try await oxford.entries("ace", selection: OxfordSelection(domains: ["golf"], registers: ["slang"])) },
            ] as [() async throws -> OxfordRetrieveEntry] {
                let error = try #require(await endpointError(request))
                #expect(error.status == .notFound)
                #expect(OxfordClient.message(of: error) == "No entry found matching supplied source_lang, word and provided filters")
                #expect(OxfordClient.status(of: error) == .notFound)
            }
        }
    }

    @Test("define leads an inflected form to its headword: pixels → pixel")
    func define() async throws {
        try await withSandbox { server in
            let entry = try await client(server).define("pixels")
            #expect(entry.results.first?.id == "pixel")
            #expect(entry.results.first?.lexicalEntries.first?.entries?.first?.senses?.first?.domains?.first?.id == "computer_science")
        }
    }

    @Test("words: headwords and inflected forms, not case-sensitive, with the query echoed")
    func words() async throws {
        try await withSandbox { server in
            let entry = try await client(server).words("Pixels")
            #expect(entry.query == "Pixels")
            #expect(entry.results.map(\.id) == ["pixel"])
            let ran = try await client(server).words("ran", fields: [.definitions])
            #expect(ran.results.map(\.id) == ["run"])
        }
    }

    @Test("lemmas: inflected forms to headwords with grammatical features; filters that match nothing give 200 and no results")
    func lemmas() async throws {
        try await withSandbox { server in
            let oxford = client(server)
            let pixels = try await oxford.lemmas("pixels")
            #expect(pixels.headwords == ["pixel"])
            let features = pixels.results.first?.lexicalEntries.first?.grammaticalFeatures
            #expect(features?.map(\.id) == ["plural"])
            #expect(features?.map(\.type) == ["Number"])
            let ran = try await oxford.lemmas("ran")
            #expect(ran.headwords == ["run"])
            let ace = try await oxford.lemmas("ace")
            #expect(ace.headwords == ["ace"])

            let none = try await oxford.lemmas("pixels", lexicalCategories: [.verb])
            #expect(none.results.isEmpty)
            let plural = try await oxford.lemmas("pixels", grammaticalFeatures: [.plural])
            #expect(plural.headwords == ["pixel"])

            let error = try #require(await endpointError { try await oxford.lemmas("sportstar") })
            #expect(error.status == .notFound)
            #expect(OxfordClient.message(of: error) == "No lemma was found in dictionary 'en' for the inflected form 'sportstar'")
        }
    }

    @Test("entries: every field the richer lexicon adds is read by the OxfordDictionaries models")
    func richerFieldsDecode() async throws {
        try await withSandbox { server in
            let oxford = client(server)
            func lexicalEntries(_ word: String) async throws -> [OxfordLexicalEntry] {
                try await oxford.entries(word).results.flatMap(\.lexicalEntries)
            }
            let vapid = try await lexicalEntries("vapid")
            #expect(vapid.flatMap { $0.entries ?? [] }.contains { $0.etymologies == ["from Latin vapidus"] })
            #expect(vapid.contains { ($0.derivatives ?? []).contains { $0.id == "vapidity" && $0.text == "vapidity" } })
            let house = try await lexicalEntries("house")
            let senses = house.flatMap { $0.entries ?? [] }.flatMap { $0.senses ?? [] }
            #expect(senses.contains { ($0.semanticClasses ?? []).contains { !$0.id.isEmpty && !$0.text.isEmpty } })
            let run = try await lexicalEntries("run")
            #expect(run.contains { ($0.phrasalVerbs ?? []).contains { $0.text == "run out" && $0.id == "run_out" } })
            let swimming = try await lexicalEntries("swimming")
            #expect(swimming.contains { ($0.phrases ?? []).contains { $0.id == "swimming_pool" && $0.text == "swimming pool" } })
            let derived = try await lexicalEntries("vapidity")
            #expect(derived.contains { ($0.derivativeOf ?? []).contains { $0.id == "vapid" } })
            let colour = try await lexicalEntries("colour")
            #expect(colour.flatMap { $0.entries ?? [] }.contains { ($0.variantForms ?? []).contains { $0.text == "color" && $0.regions?.first?.text == "American" } })
            let golf = try await lexicalEntries("birdie")
            #expect(golf.flatMap { $0.entries ?? [] }.flatMap { $0.senses ?? [] }.contains { ($0.domainClasses ?? []).contains { $0.id == "golf" } })
        }
    }

    @Test("inflections: the forms of a headword with their features")
    func inflections() async throws {
        try await withSandbox { server in
            let ace = try await client(server).inflections("ace")
            let verb = try #require(ace.results.first?.lexicalEntries.first { $0.lexicalCategory.id == "verb" })
            let forms = (verb.inflections ?? []).map { [$0.inflectedForm] + ($0.grammaticalFeatures?.map(\.id) ?? []) }
            // The headword's own form first, then one form per tag (aced is past and past participle).
            #expect(forms == [["ace"], ["aced", "past"], ["acing", "present_participle"], ["aced", "past_participle"], ["aces", "third", "singular", "present"]])
        }
    }

    @Test("thesaurus: synonyms and antonyms by sense; fields narrow them")
    func thesaurus() async throws {
        try await withSandbox { server in
            let oxford = client(server)
            let good = try await oxford.thesaurus("good")
            let senses = good.results.flatMap(\.lexicalEntries).flatMap { $0.entries ?? [] }.flatMap { $0.senses ?? [] }
            #expect(senses.contains { $0.antonyms?.contains { $0.text == "bad" } == true })
            #expect(senses.contains { $0.synonyms?.isEmpty == false })
            let synonymsOnly = try await oxford.thesaurus("good", fields: [.synonyms])
            let narrowed = synonymsOnly.results.flatMap(\.lexicalEntries).flatMap { $0.entries ?? [] }.flatMap { $0.senses ?? [] }
            #expect(!narrowed.isEmpty && narrowed.allSatisfy { $0.antonyms == nil && $0.synonyms != nil })
        }
    }

    @Test("sentences: example sentences that contain the word, linked to their senses")
    func sentences() async throws {
        try await withSandbox { server in
            let run = try await client(server).sentences("run")
            let sentences = run.results.flatMap(\.lexicalEntries).flatMap(\.sentences)
            #expect(sentences.count >= 5)
            #expect(sentences.allSatisfy { $0.senseIds?.first?.hasPrefix("wn30-") == true })
            #expect(sentences.contains { $0.text == "the Yankees scored 3 runs in the bottom of the 9th" })
        }
    }

    @Test("translations: English to Indonesian from WikDict, the gloss as the definition")
    func translations() async throws {
        try await withSandbox { server in
            let the = try await client(server).translations("the", to: "id")
            let sense = try #require(the.results.first?.lexicalEntries.first?.entries?.first?.senses?.first)
            #expect(sense.definitions == ["article"])
            #expect(sense.translations?.map(\.text) == ["itu", "sang", "si"])
            #expect(sense.translations?.allSatisfy { $0.language == "id" } == true)
        }
    }

    @Test("search: matches, prefix, paging; v2 metadata numbers are strings and still decode")
    func search() async throws {
        try await withSandbox { server in
            let oxford = client(server)
            let exact = try await oxford.search("pixels")
            #expect(exact.results.first?.id == "pixel")
            #expect(exact.results.first?.matchType == "inflection")

            let prefix = try await oxford.search("pix", prefix: true)
            #expect(prefix.results.allSatisfy { $0.id.hasPrefix("pix") })
            let all = try await oxford.search("ab", prefix: true)
            let total = try #require(all.metadata?.total)
            #expect(total > 10)
            let page1 = try await oxford.search("ab", prefix: true, limit: 5, offset: 0)
            let page2 = try await oxford.search("ab", prefix: true, limit: 5, offset: 5)
            #expect(page1.metadata?.limit == 5 && page2.metadata?.offset == 5 && page1.metadata?.total == total)
            #expect(page1.results.map(\.id) + page2.results.map(\.id) == Array(all.results.map(\.id).prefix(10)))

            let (data, _) = try await oxford.controller.loadWithResponse(Endpoint<Data>(
                serverURL: server.baseURL, pathPrefix: "search/en-gb", queryParameters: ["q": "ab", "prefix": true, "limit": 5],
                headerFields: testCredentials.headerFields))
            let metadata = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])["metadata"] as? [String: Any]
            #expect(metadata?["limit"] as? String == "5")
            #expect(metadata?["total"] as? String == String(total))
        }
    }

    @Test("search of the thesaurus and of translations")
    func searchThesaurusAndTranslations() async throws {
        try await withSandbox { server in
            let oxford = client(server)
            let thesaurus = try await oxford.controller.load(oxford.api.searchThesaurus("goo", prefix: true))
            #expect(thesaurus.results.contains { $0.id == "good" })
            let translations = try await oxford.controller.load(oxford.api.searchTranslations("the", to: "id"))
            #expect(translations.results.first?.id == "the")
            #expect(translations.metadata?.targetLanguage == "id")
        }
    }

    @Test("utility lists: languages, filters, fields, domains, registers, lexical categories and two-level grammatical features")
    func utility() async throws {
        try await withSandbox { server in
            let oxford = client(server)
            let languages = try await oxford.languages()
            #expect(languages.results.contains { $0.sourceLanguage?.id == "en-gb" && $0.type == "monolingual" })
            #expect(languages.results.contains { $0.targetLanguage?.id == "id" && $0.type == "bilingual" })
            let toIndonesian = try await oxford.languages(source: .English, target: "id")
            #expect(toIndonesian.results.count == 1)

            let answer1 = try await oxford.filters()
            #expect(answer1.results["lemmas"] == ["grammaticalFeatures", "lexicalCategory"])
            let answer2 = try await oxford.filters(endpoint: "entries")
            #expect(answer2.results.keys.sorted() == ["entries"])
            let answer3 = try await oxford.fields(endpoint: "thesaurus")
            #expect(answer3.results == ["thesaurus": ["antonyms", "synonyms"]])
            let answer4 = try await oxford.fields()
            #expect(answer4.results["entries"]?.contains("definitions") == true)

            let domains = try await oxford.domains(.britishEnglish).results.englishLabels
            #expect(domains.contains { $0.id == "golf" && $0.label == "Golf" })
            let registers = try await oxford.registers(.americanEnglish).results.englishLabels
            #expect(registers.contains { $0.id == "slang" })
            let categories = try await oxford.lexicalCategories(.britishEnglish).results.englishLabels
            #expect(categories.contains { $0.id == "noun" && $0.label == "Noun" })
            let features = try await oxford.grammaticalFeatures(.britishEnglish)
            guard case .group(let types) = features.results, case .group(let number)? = types["Number"] else {
                Issue.record("grammatical features are not two levels deep: \(features.results)")
                return
            }
            #expect(number["plural"] == .labels(["en": "Plural"]))
            let bilingual = try await oxford.domains(.English, target: "id")
            #expect(!bilingual.results.englishLabels.isEmpty)
        }
    }

    @Test("LexiStats: word frequencies from wordfreq; ngrams are not served and say why")
    func stats() async throws {
        try await withSandbox { server in
            let oxford = client(server)
            let the = try await oxford.frequency(corpus: "wordfreq", lemma: "the")
            let run = try await oxford.frequency(corpus: "wordfreq", wordform: "run")
            #expect(the.metadata?.options?["corpus"] == "wordfreq")
            #expect(the.result.frequency == nil)
            #expect((the.result.normalizedFrequency ?? 0) > (run.result.normalizedFrequency ?? .infinity))
            let top = try await oxford.frequencies(corpus: "wordfreq", sort: [.descending(.normalizedFrequency)], limit: 3)
            #expect(top.results.map(\.wordform) == ["the", "to", "and"])

            let nmc = try #require(await endpointError { try await oxford.frequency(lemma: "the") })
            #expect(nmc.status == .badRequest)
            #expect(OxfordClient.message(of: nmc).contains("'nmc'"))
            let ngrams = try #require(await endpointError { try await oxford.ngrams(corpus: "wordfreq", size: 2, tokens: ["of the"]) })
            #expect(ngrams.status == .notFound)
            #expect(OxfordClient.message(of: ngrams).contains("no ngram counts"))
        }
    }
}
