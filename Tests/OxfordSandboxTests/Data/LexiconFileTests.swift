import Foundation
import HTTPTypes
import NIOCore
import SeededRandom
import Testing

@testable import OxfordSandbox

@Suite("Lexicon file: the reader against files of known content")
struct LexiconFileTests {
    @Test("Every record, form, summary and facet reads back as written, across many small blocks")
    func roundTrip() throws {
        let lexicon = try SandboxLexicon(LexiconFixtures.smallFile())
        #expect(lexicon.headwordCount == LexiconFixtures.words.count && lexicon.inflectedFormCount == LexiconFixtures.lemmas.count)
        for (id, word) in LexiconFixtures.words {
            #expect(try lexicon.word(id) == word, "\(id)")
        }
        for (form, links) in LexiconFixtures.lemmas {
            #expect(try lexicon.lemmas(of: form) == links, "\(form)")
        }
        #expect(try lexicon.word("acer") == nil && lexicon.lemmas(of: "ace").isEmpty)
        #expect((0..<lexicon.headwordCount).map { lexicon.headwords.key(at: $0) } == ["ace", "café", "colour", "swimming_pool"])

        let ace = try #require(lexicon.summary(of: "ace"))
        #expect(ace.categories == ["noun", "verb"] && ace.hasSynonyms && !ace.hasAntonyms && ace.hasExamples)
        #expect(ace.hasTranslations(into: "es") && !ace.hasTranslations(into: "de"))
        #expect(abs(ace.frequency - 2.4e-05) < 1e-11)
        #expect(lexicon.translationLanguages == ["de", "es"] && lexicon.categories == ["noun", "verb"])
        #expect(lexicon.labels.domains == ["card_game": "Card Game"] && lexicon.labels.regions == ["britain": "Britain"])

        let facets = try lexicon.facets()
        let aceFacets = facets.facets(ofHeadword: 0)
        #expect(aceFacets.map(\.category) == ["noun", "verb"])
        #expect(aceFacets.first?.domains == ["card_game"] && aceFacets.last?.registers == ["informal"])
    }

    @Test("Keys: exact look-ups, prefixes and substrings compare bytes")
    func keys() throws {
        let keys = try SandboxLexicon(LexiconFixtures.smallFile()).headwords
        #expect(keys.index(of: "café") == 1 && keys.index(of: "cafe") == nil && keys.index(of: "") == nil)
        #expect(keys.lowerBound("c") == 1 && keys.lowerBound("zzz") == keys.count)
        #expect(keys.key(at: 3, hasPrefix: "swim") && !keys.key(at: 3, hasPrefix: "swimming_pools"))
        #expect(keys.indices(containing: "o") == [2, 3] && keys.indices(containing: "é") == [1])
        #expect(keys.characterCount(at: 1) == 4 && !keys.isPlainASCII(at: 1) && keys.isPlainASCII(at: 0))
    }

    @Test("Records: escapes, surrogate pairs, exponents, whitespace and unknown keys")
    func recordParsing() throws {
        let text = #"""
            { "frequency": 5.25e-06, "extra": [false, null, {"b": "c"}],
              "lexicalEntries": [{"lexicalCategory": "noun", "inflections": [{"form": "caf\u00e9s", "tag": "NNS"}],
                "senses": [{"id": "s1", "definitions": ["a \"quoted\" \\ slash \/ line\nbreak \ud83d\ude00"], "examples": []}]}],
              "etymologies": ["from French caf\u00e9"], "variantForms": [{"text": "cafe", "dialect": "American English"}],
              "translations": {"fi": [{"lexicalCategory": "noun", "senseId": "s1", "gloss": "coffee shop", "translations": ["kahvila"]}]} }
            """#
        let word = try Self.parse(text)
        #expect(word.frequency == 5.25e-06)
        #expect(word.lexicalEntries.first?.senses.first?.definitions == ["a \"quoted\" \\ slash / line\nbreak 😀"])
        #expect(word.lexicalEntries.first?.senses.first?.examples == [])
        #expect(word.lexicalEntries.first?.inflections.first?.form == "cafés")
        #expect(word.etymologies == ["from French café"] && word.variantForms?.first?.text == "cafe")
        #expect(word.translations?["fi"]?.first?.translations == ["kahvila"] && word.translations?["fi"]?.first?.senseID == "s1")
    }

    @Test("Malformed records name what was wrong and where", arguments: [
        (#"{"frequency":1,"lexicalEntries":[]"#, "expected '}'"),
        (#"{"etymologies":["b\u12"]}"#, "a non-hex digit in a \\u escape"),
        (#"{"frequency":x}"#, "expected a number"),
        (#"{"frequency":1} trailing"#, "text after the record"),
        (#"{"etymologies":["\ud800"]}"#, "a lone surrogate"),
    ])
    func malformed(text: String, message: String) {
        #expect { try Self.parse(text) } throws: { error in (error as? LexiconParseError)?.message == message }
    }

    @Test("Damaged files are refused at opening with the offset of what is wrong", arguments: [
        (0, "the file does not start with OXLX"), (4, "format version"), (16, "truncated or extended"), (24, "directory fails its CRC-32"),
    ])
    func damagedHeader(offset: Int, message: String) {
        var file = LexiconFixtures.smallFile()
        if offset == 16 { file.append(0) } else { file[offset] ^= 0x5A }
        #expect { try SandboxLexicon(file) } throws: { error in
            guard let error = error as? LexiconFormatError else { return false }
            return error.offset == (offset == 24 ? LexiconFile.headerLength : offset) && error.message.contains(message)
        }
    }

    @Test("A damaged block fails its look-ups with a typed error naming the block; the others still answer")
    func damagedBlock() throws {
        let writer = LexiconWriter(words: LexiconFixtures.words, lemmas: LexiconFixtures.lemmas, blockSize: 256)
        let (sections, original) = writer.parts()
        // "ace" is the first record, so it opens block 0; its record is larger than a block, so
        // every other record lies in a later one.
        var blocks = original
        blocks[0].stored[blocks[0].stored.count / 2] ^= 0xFF
        let lexicon = try SandboxLexicon(LexiconWriter.assemble(sections, blocks: blocks))
        #expect { try lexicon.word("ace") } throws: { error in
            (error as? LexiconFormatError)?.message.contains("block 0") == true
        }
        #expect(try lexicon.word("swimming_pool") == LexiconFixtures.words["swimming_pool"])
    }

    /// `ENDPOINTKIT_LEXICON_FUZZ_CASES` sets the number of damaged files (600 by default).
    static let fuzzCases = ProcessInfo.processInfo.environment["ENDPOINTKIT_LEXICON_FUZZ_CASES"].flatMap(Int.init) ?? 600

    @Test("Fuzz: truncated, bit-flipped and internally inconsistent files never crash the reader or a look-up")
    func fuzz() throws {
        let file = LexiconFixtures.smallFile()
        var random = SplitMix64(seed: 0x0A1B_2C3D)
        var refused = 0, opened = 0
        for trial in 0..<Self.fuzzCases {
            var mutated = file
            switch trial % 3 {
            case 0: mutated = mutated.prefix(Int(random.next() % UInt64(file.count)))
            case 1:
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    mutated[Int(random.next() % UInt64(file.count))] ^= UInt8(truncatingIfNeeded: 1 + random.next() % 255)
                }
            default: mutated = Self.inconsistent(&random)
            }
            if Self.exerciseEveryLookUp(mutated) { opened += 1 } else { refused += 1 }
        }
        // Most damage is caught at opening; what opens answers every look-up or throws, never crashes.
        #expect(refused > Self.fuzzCases / 2 && refused + opened == Self.fuzzCases)
        print("lexicon fuzz: \(Self.fuzzCases) damaged files, \(refused) refused at opening, \(opened) opened and every look-up answered or threw")
    }

    /// A file whose CRCs are right but whose inflated sections were changed: offsets, rows, facets.
    private static func inconsistent(_ random: inout SplitMix64) -> Data {
        var (sections, blocks) = LexiconWriter(words: LexiconFixtures.words, lemmas: LexiconFixtures.lemmas, blockSize: 256).parts()
        let index = Int(random.next() % UInt64(sections.count))
        var bytes = sections[index].bytes
        if !bytes.isEmpty {
            for _ in 0..<(1 + Int(random.next() % 3)) {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
        }
        if random.next() % 4 == 0 { bytes = bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))) }
        sections[index].bytes = bytes
        if random.next() % 5 == 0, !blocks.isEmpty {
            blocks[Int(random.next() % UInt64(blocks.count))].inflated += Int(random.next() % 64) - 32
        }
        return LexiconWriter.assemble(sections, blocks: blocks)
    }

    /// Opens `file` and looks every key up; whether it opened. Errors must be the typed ones.
    private static func exerciseEveryLookUp(_ file: Data) -> Bool {
        let lexicon: SandboxLexicon
        do {
            lexicon = try SandboxLexicon(file)
        } catch {
            return false
        }
        for index in 0..<lexicon.headwordCount {
            _ = lexicon.summary(at: index)
            _ = try? lexicon.word(lexicon.headwords.key(at: index))
        }
        if let forms = try? lexicon.inflectedForms() {
            for index in 0..<forms.count { _ = try? lexicon.lemmas(of: forms.key(at: index)) }
        }
        _ = try? lexicon.facets()
        _ = lexicon.headwords(matching: "cafe", strictMatch: false)
        return true
    }

    private static func parse(_ text: String) throws -> SandboxWord {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(LexiconParseError) in try LexiconParser.word(buffer) }
    }
}

@Suite("Sandbox answer cache")
struct SandboxResponseCacheTests {
    @Test("An answer costs its buffer's capacity, its key and the entry's bookkeeping, so the budget bounds memory")
    func costCountsCapacity() {
        let response = SandboxResponse.json(.object(["results": .string(String(repeating: "x", count: 3000))]))
        let cost = SandboxResponseCache.cost(of: response, target: "/api/v2/entries/en-gb/ace")
        #expect(cost >= response.body.capacity + 25 + SandboxResponseCache.entryOverhead)
        #expect(response.body.capacity >= response.body.readableBytes)
    }
}
