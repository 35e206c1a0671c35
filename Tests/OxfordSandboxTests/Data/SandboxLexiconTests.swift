import DocumentationSnippets
import Foundation
import HTTPTypes
import ProcessTesting
import Testing

@testable import OxfordSandbox

@Suite("Sandbox lexicon and request parsing")
struct SandboxLexiconTests {
    @Test("The bundled lexicon: every WordNet lemma, inflected forms, sources named")
    func bundled() throws {
        let lexicon = try bundledLexicon.get()
        #expect(lexicon.headwordCount >= 140_000)
        #expect(lexicon.inflectedFormCount > 50_000)
        #expect(lexicon.sources["wordnet"]?.contains("WordNet 3.0") == true)
        // Function words WordNet lacks come from WikDict; multi-word lemmas are ids with underscores.
        for word in ["the", "of", "because", "serendipity", "ephemeral", "swimming_pool", "quixotic"] {
            #expect(try lexicon.word(word) != nil, "\(word)")
        }
        #expect(try lexicon.lemmas(of: "pixels").map(\.headword) == ["pixel"])
        #expect(try lexicon.word("recieve") == nil)
    }

    @Test("Sampled headwords have senses and answer entries; sampled inflected forms lead to a headword")
    func integrity() throws {
        let lexicon = try bundledLexicon.get()
        let sandbox = OxfordSandbox(lexicon: lexicon, credentials: .open, cacheBytes: 0)
        var failures: [String] = [], empty: [String] = []
        for index in stride(from: 0, to: lexicon.headwordCount, by: 97) {
            let id = lexicon.headwords.key(at: index)
            let word = try lexicon.word(at: index)
            if word.lexicalEntries.isEmpty || word.lexicalEntries.contains(where: { $0.senses.isEmpty }) { empty.append(id) }
            let target = "/api/v2/entries/en-gb/" + (id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id)
            if sandbox.respond(method: .get, target: target, headers: [:]).status != .ok { failures.append(id) }
        }
        #expect(empty.isEmpty, "headwords without senses: \(empty.prefix(10))")
        #expect(failures.isEmpty, "entries not found for \(failures.prefix(10))")
        var dangling: [String] = []
        let forms = try lexicon.inflectedForms()
        #expect(forms.count == lexicon.inflectedFormCount)
        for index in stride(from: 0, to: forms.count, by: 13) {
            let form = forms.key(at: index)
            if try lexicon.lemmas(of: form).isEmpty || lexicon.lemmas(of: form).contains(where: { !lexicon.contains($0.headword) }) {
                dangling.append(form)
            }
        }
        #expect(dangling.isEmpty, "forms whose headword is missing: \(dangling.prefix(10))")
    }

    @Test("strictMatch: false also finds near-homographs that differ by diacritics or case; true only the exact id")
    func nearHomographs() throws {
        let word = SandboxWord(frequency: 1e-6, lexicalEntries: [])
        let lexicon = try SandboxLexicon.building(words: ["rose": word, "rosé": word, "resume": word], lemmas: [:])
        #expect(lexicon.headwords(matching: "rose", strictMatch: false) == ["rose", "rosé"])
        #expect(lexicon.headwords(matching: "rosé", strictMatch: false) == ["rosé", "rose"])
        #expect(lexicon.headwords(matching: "rosé", strictMatch: true) == ["rosé"])
        #expect(lexicon.headwords(matching: "résumé", strictMatch: false) == ["resume"])
        #expect(lexicon.headwords(matching: "résumé", strictMatch: true).isEmpty)
    }

    @Test("A missing or damaged lexicon file is a typed error naming the file, what was wrong and where")
    func badFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-lexicon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("none.oxlx")
        #expect(throws: SandboxLexiconError.missing(path: missing.path)) { try SandboxLexicon.load(from: missing) }
        let json = directory.appendingPathComponent("old.json")
        try Data(#"{"format":1,"words":{}}"#.utf8).write(to: json)
        #expect(throws: SandboxLexiconError.unreadable(path: json.path, LexiconFormatError("the file does not start with OXLX", offset: 0))) {
            try SandboxLexicon.load(from: json)
        }
        let small = LexiconFixtures.smallFile()
        let truncated = directory.appendingPathComponent("truncated.oxlx")
        try small.prefix(small.count - 10).write(to: truncated)
        do {
            _ = try SandboxLexicon.load(from: truncated)
            Issue.record("a truncated lexicon loaded")
        } catch {
            guard case .unreadable(let path, let reason) = error else { Issue.record("\(error)"); return }
            #expect(path == truncated.path && reason.offset == 16 && reason.message.contains("truncated"))
            #expect(error.description.contains("at byte 16"))
        }
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

    @Test("Ids and labels: spaces and underscores, percent-encoding as the service writes ids, capitalised texts")
    func idsAndLabels() {
        #expect(JSON.encodedID("o'clock") == "o%27clock" && JSON.encodedID("café") == "caf%C3%A9" && JSON.encodedID("swimming pool") == "swimming_pool")
        #expect(JSON.encodedID("a-z.0_9~") == "a-z.0_9~" && JSON.encodedID("—_a_pop") == "%E2%80%94_a_pop")
        #expect(JSON.text(ofID: "swimming_pool") == "swimming pool" && JSON.id(ofText: "swimming pool") == "swimming_pool" && JSON.text(ofID: "ace") == "ace")
        #expect(SandboxLabels.text("computer science") == "Computer Science" && SandboxLabels.text("card_game") == "Card Game")
        #expect(SandboxLabels.text("r.a.f_slang") == "R.a.f Slang" && SandboxLabels.text("états_unis") == "États Unis")
        #expect(SandboxLabels.id("Computer Science") == "computer_science" && SandboxLabels.id("golf") == "golf")
    }

    @Test("JSON: strings escaped, keys sorted by the builders, whole doubles without a fraction")
    func json() {
        let value = JSON.object(["b": .string("quote \" backslash \\ newline \n tab \t bell \u{07}"), "a": .double(2), "c": .double(0.5), "d": nil])
        #expect(String(decoding: value.serialized(), as: UTF8.self)
            == #"{"a":2,"b":"quote \" backslash \\ newline \n tab \t bell \u0007","c":0.5}"#)
    }
}
