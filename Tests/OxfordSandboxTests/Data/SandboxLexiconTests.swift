import DocumentationSnippets
import Foundation
import HTTPTypes
import ProcessTesting
import Testing

@testable import OxfordSandbox

@Suite("Sandbox lexicon and request parsing")
struct SandboxLexiconTests {
    @Test("The bundled lexicon: at least 10,000 headwords, inflected forms, sources named, etymologies absent")
    func bundled() throws {
        let lexicon = try bundledLexicon.get()
        #expect(lexicon.headwordCount >= 10_000)
        #expect(lexicon.inflectedFormCount > 10_000)
        #expect(lexicon.sources["wordnet"]?.contains("WordNet 3.0") == true)
        #expect(lexicon.sources["absent"]?.contains("etymologies") == true)
        // Function words WordNet lacks come from WikDict.
        for word in ["the", "of", "because"] { #expect(lexicon.words[word] != nil, "\(word)") }
        #expect(lexicon.lemmas["pixels"]?.map(\.headword) == ["pixel"])
    }

    @Test("Every headword has senses and answers entries; every inflected form leads to a headword in the lexicon")
    func integrity() throws {
        let lexicon = try bundledLexicon.get()
        let empty = lexicon.words.filter { $0.value.lexicalEntries.isEmpty || $0.value.lexicalEntries.contains { $0.senses.isEmpty } }
        #expect(empty.isEmpty, "headwords without senses: \(empty.keys.sorted().prefix(10))")
        let dangling = lexicon.lemmas.filter { $0.value.contains { lexicon.words[$0.headword] == nil } }
        #expect(dangling.isEmpty, "forms whose headword is missing: \(dangling.keys.sorted().prefix(10))")
        let sandbox = OxfordSandbox(lexicon: lexicon, credentials: .open, cacheBytes: 0)
        var failures: [String] = []
        for (number, word) in lexicon.sortedHeadwords.enumerated() where number % 10 == 0 {
            let target = "/api/v2/entries/en-gb/" + (word.replacingOccurrences(of: " ", with: "_").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? word)
            if sandbox.respond(method: .get, target: target, headers: [:]).status != .ok { failures.append(word) }
        }
        #expect(failures.isEmpty, "entries not found for \(failures.prefix(10))")
    }

    @Test("strictMatch: false also finds near-homographs that differ by diacritics or case; true only the exact id")
    func nearHomographs() {
        let word = SandboxWord(frequency: 1e-6, lexicalEntries: [])
        let lexicon = SandboxLexicon(words: ["rose": word, "rosé": word, "resume": word], lemmas: [:])
        #expect(lexicon.headwords(matching: "rose", strictMatch: false) == ["rose", "rosé"])
        #expect(lexicon.headwords(matching: "rosé", strictMatch: false) == ["rosé", "rose"])
        #expect(lexicon.headwords(matching: "rosé", strictMatch: true) == ["rosé"])
        #expect(lexicon.headwords(matching: "résumé", strictMatch: false) == ["resume"])
        #expect(lexicon.headwords(matching: "résumé", strictMatch: true).isEmpty)
    }

    @Test("A missing or malformed lexicon file is a typed error naming the file")
    func badFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-lexicon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("none.json")
        #expect(throws: SandboxLexiconError.missing(path: missing.path)) { try SandboxLexicon.load(from: missing) }
        let malformed = directory.appendingPathComponent("bad.json")
        try Data(#"{"format":1,"words":{}}"#.utf8).write(to: malformed)
        do {
            _ = try SandboxLexicon.load(from: malformed)
            Issue.record("a lexicon without lemmas loaded")
        } catch {
            guard case .unreadable(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == malformed.path)
        }
        let newer = directory.appendingPathComponent("newer.json")
        try Data(#"{"format":2,"sources":{},"words":{},"lemmas":{}}"#.utf8).write(to: newer)
        #expect(throws: SandboxLexiconError.unsupportedFormat(2)) { try SandboxLexicon.load(from: newer) }
    }

    @Test("Requests: segments percent-decoded one by one, repeated and comma-separated lists, + as space")
    func requestParsing() throws {
        let request = try SandboxRequest(
            target: "/api/v2/entries/en-gb/a%2Fb?fields=definitions,examples&fields=domains&q=ice+cream&empty", headers: [:])
        #expect(request.segments == ["api", "v2", "entries", "en-gb", "a/b"])
        #expect(request.list("fields") == ["definitions", "examples", "domains"])
        #expect(try request.single("q") == "ice cream")
        #expect(try request.single("empty") == "")
        #expect(throws: SandboxFailure.self) { try SandboxRequest(target: "/api/%zz", headers: [:]) }
    }

    @Test("JSON: strings escaped, keys sorted by the builders, whole doubles without a fraction")
    func json() {
        let value = JSON.object(["b": .string("quote \" backslash \\ newline \n tab \t bell \u{07}"), "a": .double(2), "c": .double(0.5), "d": nil])
        #expect(String(decoding: value.serialized(), as: UTF8.self)
            == #"{"a":2,"b":"quote \" backslash \\ newline \n tab \t bell \u0007","c":0.5}"#)
    }
}

@Suite("Sandbox lexicon parser")
struct LexiconParserTests {
    @Test("Escapes, surrogate pairs, exponents, whitespace and unknown keys")
    func escapes() throws {
        let text = #"""
            { "format" : 1, "future": {"a": [1, true, null, {"b": "c"}]}, "sources": {"x": "y"},
              "words": {"caf\u00e9": {"frequency": 5.25e-06, "extra": [false],
                "lexicalEntries": [{"lexicalCategory": "noun", "inflections": [{"form": "caf\u00e9s", "tag": "NNS"}],
                  "senses": [{"id": "s1", "definitions": ["a \"quoted\" \\ slash \/ line\nbreak \ud83d\ude00"], "examples": []}]}],
                "pronunciations": [{"dialect": "American English", "ipa": "kæˈfeɪ"}],
                "translations": {"fi": [{"lexicalCategory": "noun", "gloss": "coffee shop", "translations": ["kahvila"]}]}}},
              "lemmas": {"cafés": [{"headword": "café", "lexicalCategory": "noun", "tag": "NNS"}]} }
            """#
        let parsed = try LexiconParser.parse(Data(text.utf8))
        #expect(parsed.format == 1 && parsed.sources == ["x": "y"])
        let word = try #require(parsed.words["café"])
        #expect(word.frequency == 5.25e-06)
        #expect(word.lexicalEntries.first?.senses.first?.definitions == ["a \"quoted\" \\ slash / line\nbreak 😀"])
        #expect(word.lexicalEntries.first?.senses.first?.examples == [])
        #expect(word.lexicalEntries.first?.inflections.first?.form == "cafés")
        #expect(word.pronunciations?.first?.ipa == "kæˈfeɪ")
        #expect(word.translations?["fi"]?.first?.translations == ["kahvila"])
        #expect(parsed.lemmas["cafés"]?.first?.headword == "café")
    }

    @Test("Malformed input names what was wrong and where", arguments: [
        (#"{"format":1,"sources":{},"words":{},"lemmas":{}"#, "expected '}'"),
        (#"{"format":1,"sources":{"a":"b\u12"},"words":{},"lemmas":{}}"#, "a non-hex digit in a \\u escape"),
        (#"{"format":x}"#, "expected a number"),
        (#"{"format":1,"sources":{},"words":{},"lemmas":{}} trailing"#, "text after the lexicon object"),
        (#"{"format":1,"sources":{"a":"\ud800"},"words":{},"lemmas":{}}"#, "a lone surrogate"),
    ])
    func malformed(text: String, message: String) {
        #expect { try LexiconParser.parse(Data(text.utf8)) } throws: { error in
            (error as? LexiconParseError)?.message == message
        }
    }

    @Test("The bundled file reads the same as Foundation's JSONSerialization: every form, and every field of one word in 20")
    func matchesFoundation() async throws {
        // Foundation's object tree of the 17.6 MB file peaks near 700 MB: never beside a test that
        // measures the process's peak memory.
        try await TestScheduling.exclusively { try compareWithFoundation() }
    }

    private func compareWithFoundation() throws {
        let lexicon = try bundledLexicon.get()
        let url = DocumentationSnippets.packageRoot(fromTestFile: #filePath).appendingPathComponent("Sources/OxfordSandbox/Lexicon/lexicon.json")
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? NSDictionary)
        let words = try #require(file["words"] as? [String: NSDictionary])
        let lemmas = try #require(file["lemmas"] as? [String: [NSDictionary]])
        #expect(words.count == lexicon.headwordCount && lemmas.count == lexicon.inflectedFormCount)
        var differences: [String] = []
        // Every 20th word in full (JSONSerialization per word is slow in debug builds); all of them by name.
        #expect(Set(words.keys) == Set(lexicon.words.keys))
        for (number, id) in words.keys.sorted().enumerated() where number % 20 == 0 {
            let expected = words[id]
            guard let word = lexicon.words[id] else { differences.append(id); continue }
            let rendered = try JSONSerialization.jsonObject(with: Data(Self.json(word).serialized())) as? NSDictionary
            if rendered?.isEqual(to: expected as? [AnyHashable: Any] ?? [:]) != true { differences.append(id) }
        }
        for (form, expected) in lemmas {
            let links = (lexicon.lemmas[form] ?? []).map { ["headword": $0.headword, "lexicalCategory": $0.lexicalCategory, "tag": $0.tag] as NSDictionary }
            if links != expected { differences.append(form) }
        }
        #expect(differences.isEmpty, "\(differences.count) differ, such as \(differences.prefix(5))")
    }

    /// A word in the file's own shape.
    static func json(_ word: SandboxWord) -> JSON {
        func strings(_ values: [String]?) -> JSON? { values.map(JSON.strings) }
        func sense(_ sense: SandboxWord.Sense) -> JSON {
            .object([
                "id": .string(sense.id), "definitions": strings(sense.definitions), "examples": strings(sense.examples),
                "synonyms": strings(sense.synonyms), "antonyms": strings(sense.antonyms), "domains": strings(sense.domains),
                "registers": strings(sense.registers), "regions": strings(sense.regions),
            ])
        }
        func entry(_ entry: SandboxWord.LexicalEntry) -> JSON {
            let inflections: [JSON] = entry.inflections.map { .object(["form": .string($0.form), "tag": .string($0.tag)]) }
            return .object(["lexicalCategory": .string(entry.lexicalCategory), "inflections": .array(inflections), "senses": .array(entry.senses.map(sense))])
        }
        func translation(_ sense: SandboxWord.Translation) -> JSON {
            .object(["lexicalCategory": .string(sense.lexicalCategory), "gloss": sense.gloss.map(JSON.string), "translations": .strings(sense.translations)])
        }
        let pronunciations: JSON? = word.pronunciations.map { list in
            .array(list.map { .object(["dialect": .string($0.dialect), "ipa": .string($0.ipa)]) })
        }
        let translations: JSON? = word.translations.map { byLanguage in
            .object(sortingKeysOf: byLanguage.mapValues { .array($0.map(translation)) })
        }
        return .object([
            "frequency": .double(word.frequency), "lexicalEntries": .array(word.lexicalEntries.map(entry)),
            "pronunciations": pronunciations, "translations": translations,
        ])
    }
}
