import DocumentationSnippets
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import OxfordSandbox

/// The bundled dictionary as a user meets it: the words people look up, the richer entries, the
/// translations into the service's languages, and the answers the service gives for the rest.
@Suite("The sandbox as a dictionary")
struct SandboxDictionaryTests {
    private func answer(_ target: String) throws -> (status: Int, json: [String: Any]) {
        let sandbox = OxfordSandbox(lexicon: try bundledLexicon.get(), credentials: .open, cacheBytes: 0)
        let response = sandbox.respond(method: .get, target: target, headers: [:])
        let json = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any] ?? [:]
        return (response.status.code, json)
    }

    @Test("WordNet lemmas of every part of speech, sampled at random from its index, answer entries and words", arguments: ["noun", "verb", "adj", "adv"])
    func wordNetCoverage(part: String) throws {
        let sample = DocumentationSnippets.packageRoot(fromTestFile: #filePath)
            .appendingPathComponent("Tests/OxfordSandboxTests/Fixtures/wordnet-sample.tsv")
        let lemmas = try String(contentsOf: sample, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t").map(String.init) }.filter { $0.count == 2 && $0[0] == part }.map { $0[1] }
        #expect(lemmas.count == 150)
        var missing: [String] = []
        for lemma in lemmas {
            let id = lemma.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? lemma
            if try answer("/api/v2/entries/en-gb/\(id)").status != 200 { missing.append("entries \(lemma)") }
            if try answer("/api/v2/words/en-gb?q=\(id)").status != 200 { missing.append("words \(lemma)") }
        }
        #expect(missing.isEmpty, "\(missing.count) missing, such as \(missing.prefix(10))")
    }

    @Test("The words people look up: rare, multi-word, with apostrophes")
    func rareWords() throws {
        for word in ["serendipity", "vapid", "ubiquitous", "ephemeral", "quixotic", "photosynthesis", "swimming_pool", "o%27clock"] {
            #expect(try answer("/api/v2/entries/en-gb/\(word)").status == 200, "\(word)")
        }
        let pool = try answer("/api/v2/entries/en-gb/swimming%20pool").json
        #expect(pool["id"] as? String == "swimming pool")
        let headword = try #require((pool["results"] as? [[String: Any]])?.first)
        #expect(headword["id"] as? String == "swimming_pool" && headword["word"] as? String == "swimming pool")
        let clock = try #require((try answer("/api/v2/entries/en-gb/o%27clock").json["results"] as? [[String: Any]])?.first)
        #expect(clock["id"] as? String == "o%27clock" && clock["word"] as? String == "o'clock")
    }

    @Test("Richer entries: etymologies, semantic and domain classes, derivatives, phrases, phrasal verbs, IPA from two sources")
    func richerEntries() throws {
        func lexicalEntries(_ word: String) throws -> [[String: Any]] {
            try #require((try answer("/api/v2/entries/en-gb/\(word)").json["results"] as? [[String: Any]])?.first?["lexicalEntries"] as? [[String: Any]])
        }
        let vapid = try lexicalEntries("vapid")
        let entry = try #require((vapid.first?["entries"] as? [[String: Any]])?.first)
        #expect((entry["etymologies"] as? [String])?.first?.contains("Latin") == true)
        // CMU's transcriptions are American; WikDict's Wiktionary ones come without a dialect, and
        // none is claimed for them.
        let pronunciations = entry["pronunciations"] as? [[String: Any]] ?? []
        #expect(pronunciations.contains { ($0["dialects"] as? [String]) == ["American English"] })
        #expect(pronunciations.contains { $0["dialects"] == nil && $0["phoneticSpelling"] != nil })
        #expect((vapid.first?["derivatives"] as? [[String: Any]])?.contains { $0["text"] as? String == "vapidity" } == true)
        // Nouns and verbs have WordNet hypernyms; adjectives such as vapid have none.
        let house = try lexicalEntries("house")
        let senses = (house.first?["entries"] as? [[String: Any]])?.first?["senses"] as? [[String: Any]] ?? []
        #expect(senses.contains { ($0["semanticClasses"] as? [[String: Any]])?.isEmpty == false })
        let run = try lexicalEntries("run")
        #expect(run.contains { ($0["phrasalVerbs"] as? [[String: Any]])?.contains { $0["text"] as? String == "run out" } == true })
        let swimming = try lexicalEntries("swimming")
        #expect(swimming.contains { ($0["phrases"] as? [[String: Any]])?.contains { $0["id"] as? String == "swimming_pool" } == true })
        let golf = try answer("/api/v2/entries/en-gb/ace").json
        #expect(String(describing: golf).contains("domainClasses"))
    }

    @Test("Translations into the service's languages, sense by sense")
    func translations() throws {
        for (target, word, expected) in [("es", "house", "casa"), ("de", "water", "Wasser"), ("it", "house", "casa"), ("fr", "water", "eau")] {
            let answer = try answer("/api/v2/translations/en/\(target)/\(word)")
            #expect(answer.status == 200, "\(target) \(word)")
            #expect(String(describing: answer.json).contains(expected), "\(target) \(word)")
        }
        let languages = try answer("/api/v2/languages?sourceLanguage=en").json["results"] as? [[String: Any]] ?? []
        let targets = Set(languages.compactMap { ($0["targetLanguage"] as? [String: Any])?["id"] as? String })
        #expect(targets.isSuperset(of: ["ar", "de", "el", "es", "fa", "ha", "hi", "id", "it", "ru", "zh", "zu", "fr"]))
    }

    @Test("Search offers the nearest spellings when nothing matches, nearest then most frequent first")
    func nearSpellings() throws {
        let results = try answer("/api/v2/search/en-gb?q=recieve").json["results"] as? [[String: Any]] ?? []
        #expect(results.first?["id"] as? String == "receive" && results.first?["matchType"] as? String == "fuzzy")
        let exact = try answer("/api/v2/search/en-gb?q=receive").json["results"] as? [[String: Any]] ?? []
        #expect(exact.first?["matchType"] as? String == "headword" && !exact.contains { $0["id"] as? String == "recieve" })
    }

    @Test("Shapes: inflections never empty, unknown utility language 404, the wordlist's advanced parameters")
    func shapes() throws {
        let inflections = try answer("/api/v2/inflections/en-gb/ace").json
        let entries = (inflections["results"] as? [[String: Any]])?.first?["lexicalEntries"] as? [[String: Any]] ?? []
        #expect(!entries.isEmpty && entries.allSatisfy { ($0["inflections"] as? [Any])?.isEmpty == false })
        let unknown = try answer("/api/v2/domains/xx")
        #expect(unknown.status == 404 && unknown.json["error"] as? String == "Unknown sourceLanguage and/or targetLanguage")
        let all = try answer("/api/v1/wordlist/en/lexicalCategory=noun;domains=golf").json["results"] as? [[String: Any]] ?? []
        let short = try answer("/api/v1/wordlist/en/lexicalCategory=noun;domains=golf?word_length=%3C5").json["results"] as? [[String: Any]] ?? []
        let excluded = try answer("/api/v1/wordlist/en/lexicalCategory=noun;domains=golf?exclude=registers=informal").json["results"] as? [[String: Any]] ?? []
        let prefixed = try answer("/api/v1/wordlist/en/lexicalCategory=noun;domains=golf?prefix=go&exact=false").json["results"] as? [[String: Any]] ?? []
        #expect(!all.isEmpty && short.count < all.count && excluded.count <= all.count && prefixed.count < all.count)
        #expect(short.allSatisfy { (($0["word"] as? String) ?? "").count < 5 })
        #expect(prefixed.allSatisfy { (($0["id"] as? String) ?? "").hasPrefix("go") })
        let bad = try answer("/api/v1/wordlist/en/domains=golf?exclude_prime_senses=lexicalCategory=noun")
        #expect(bad.status == 400)
    }
}
