import Foundation
import HTTPTypes
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
            method: .get, target: "/api/v2/entries/en-gb/a%2Fb?fields=definitions,examples&fields=domains&q=ice+cream&empty", headers: [:])
        #expect(request.segments == ["api", "v2", "entries", "en-gb", "a/b"])
        #expect(request.list("fields") == ["definitions", "examples", "domains"])
        #expect(try request.single("q") == "ice cream")
        #expect(try request.single("empty") == "")
        #expect(throws: SandboxFailure.self) { try SandboxRequest(method: .get, target: "/api/%zz", headers: [:]) }
    }

    @Test("JSON: strings escaped, keys sorted by the builders, whole doubles without a fraction")
    func json() {
        let value = JSON.object(["b": .string("quote \" backslash \\ newline \n tab \t bell \u{07}"), "a": .double(2), "c": .double(0.5), "d": nil])
        #expect(String(decoding: value.serialized(), as: UTF8.self)
            == #"{"a":2,"b":"quote \" backslash \\ newline \n tab \t bell \u0007","c":0.5}"#)
    }
}
