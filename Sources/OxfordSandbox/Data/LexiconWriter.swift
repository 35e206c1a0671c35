import CZlib
import Foundation

/// Writes a lexicon file (`Lexicon/FORMAT.md`) of given headwords and inflected forms: the format
/// the generator writes, made in Swift for small lexicons (tests, fixtures) and for checking the
/// reader against files of known content.
struct LexiconWriter {
    var words: [String: SandboxWord]
    var lemmas: [String: [SandboxLemma]]
    var sources: [String: String] = [:]
    var blockSize = 32768

    /// A section before it is stored: its tag, whether it is compressed, and its inflated bytes.
    typealias Section = (tag: String, compressed: Bool, bytes: Data)
    /// A block: its stored (compressed) bytes and its inflated length.
    typealias Block = (stored: Data, inflated: Int)

    /// The file's bytes.
    func write() -> Data {
        let (sections, blocks) = parts()
        return Self.assemble(sections, blocks: blocks)
    }

    /// The sections (before the block table) and the blocks of the file.
    func parts() -> (sections: [Section], blocks: [Block]) {
        let headwordIDs = words.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let formIDs = lemmas.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let categories = Set(words.values.flatMap { $0.lexicalEntries.map(\.lexicalCategory) }).sorted()
        let languages = Set(words.values.flatMap { ($0.translations ?? [:]).keys }).sorted()
        var blocks = BlockPacker(blockSize: blockSize)
        var headwordRows = Data(), formRows = Data()
        for id in headwordIDs {
            let word = words[id]!
            let location = blocks.add(word.record.serialized())
            headwordRows.append(Self.row(location))
            headwordRows.append(Self.summaryRow(word, categories: categories, languages: languages))
        }
        for form in formIDs {
            formRows.append(Self.row(blocks.add(JSON.array(lemmas[form]!.map(\.record)).serialized())))
        }
        let sections: [Section] = [
            ("META", true, Data(meta(categories: categories, languages: languages, counts: (headwordIDs.count, formIDs.count)).serialized())),
            ("HKEY", true, Data(headwordIDs.flatMap(\.utf8))), ("HOFF", true, Self.offsets(headwordIDs)),
            ("HROW", true, headwordRows),
            ("LKEY", true, Data(formIDs.flatMap(\.utf8))), ("LOFF", true, Self.offsets(formIDs)), ("LROW", true, formRows),
            ("FACT", true, facets(headwordIDs)),
        ]
        return (sections, blocks.finish())
    }

    private func meta(categories: [String], languages: [String], counts: (Int, Int)) -> JSON {
        var domains: [String: JSON] = [:], registers: [String: JSON] = [:], regions: [String: JSON] = [:]
        for sense in words.values.flatMap({ $0.lexicalEntries.flatMap(\.senses) }) {
            for label in sense.domains ?? [] { domains[SandboxLabels.id(label)] = .string(SandboxLabels.text(label)) }
            for label in sense.registers ?? [] { registers[SandboxLabels.id(label)] = .string(SandboxLabels.text(label)) }
            for label in sense.regions ?? [] { regions[SandboxLabels.id(label)] = .string(SandboxLabels.text(label)) }
        }
        return .object([
            "blockSize": .int(blockSize), "categories": .strings(categories),
            "counts": .object(["forms": .int(counts.1), "headwords": .int(counts.0)]), "format": .int(2),
            "labels": .object([
                "domains": .object(sortingKeysOf: domains), "regions": .object(sortingKeysOf: regions),
                "registers": .object(sortingKeysOf: registers),
            ]),
            "languages": .strings(languages), "sources": .object(sortingKeysOf: sources.mapValues(JSON.string)),
        ])
    }

    /// The facets of each headword: its distinct category|domains|registers|regions combinations.
    private func facets(_ headwordIDs: [String]) -> Data {
        var table: [String] = [], numbers: [String: UInt16] = [:]
        var perWord: [[UInt16]] = []
        for id in headwordIDs {
            var own: [UInt16] = []
            for entry in words[id]!.lexicalEntries {
                for sense in entry.senses {
                    func ids(_ labels: [String]?) -> String { Set((labels ?? []).map(SandboxLabels.id)).sorted().joined(separator: ",") }
                    let facet = [entry.lexicalCategory, ids(sense.domains), ids(sense.registers), ids(sense.regions)].joined(separator: "|")
                    if numbers[facet] == nil {
                        numbers[facet] = UInt16(table.count)
                        table.append(facet)
                    }
                    if let number = numbers[facet], !own.contains(number) { own.append(number) }
                }
            }
            perWord.append(own)
        }
        var data = Data()
        Self.append(UInt32(table.count), to: &data)
        for facet in table {
            Self.append(UInt16(facet.utf8.count), to: &data)
            data.append(contentsOf: facet.utf8)
        }
        Self.append(UInt32(headwordIDs.count), to: &data)
        var start: UInt32 = 0
        Self.append(start, to: &data)
        for own in perWord {
            start += UInt32(own.count)
            Self.append(start, to: &data)
        }
        for number in perWord.joined() { Self.append(number, to: &data) }
        return data
    }

    private static func row(_ location: BlockStore.Location) -> Data {
        var data = Data()
        append(UInt32(location.block), to: &data)
        append(UInt32(location.offset), to: &data)
        append(UInt32(location.length), to: &data)
        return data
    }

    private static func summaryRow(_ word: SandboxWord, categories: [String], languages: [String]) -> Data {
        var data = Data()
        append(Float(word.frequency).bitPattern, to: &data)
        var categoryBits: UInt32 = 0
        for entry in word.lexicalEntries { categoryBits |= 1 << UInt32(categories.firstIndex(of: entry.lexicalCategory)!) }
        append(categoryBits, to: &data)
        let senses = word.lexicalEntries.flatMap(\.senses)
        var flags: UInt32 = 0
        if senses.contains(where: { !($0.synonyms ?? []).isEmpty }) { flags |= 1 }
        if senses.contains(where: { !($0.antonyms ?? []).isEmpty }) { flags |= 2 }
        if senses.contains(where: { !($0.examples ?? []).isEmpty }) { flags |= 4 }
        append(flags, to: &data)
        var languageBits: UInt64 = 0
        for (language, senses) in word.translations ?? [:] where !senses.isEmpty {
            languageBits |= 1 << UInt64(languages.firstIndex(of: language)!)
        }
        append(languageBits, to: &data)
        return data
    }

    private static func offsets(_ keys: [String]) -> Data {
        var data = Data()
        var start: UInt32 = 0
        append(start, to: &data)
        for key in keys {
            start += UInt32(key.utf8.count)
            append(start, to: &data)
        }
        return data
    }

    /// Header, directory, the sections, the block table and the blocks.
    static func assemble(_ sections: [Section], blocks: [Block]) -> Data {
        let count = sections.count + 2
        var body = Data(), directory = Data()
        var offset = LexiconFile.headerLength + count * LexiconFile.directoryEntryLength
        func addSection(_ tag: String, compressed: Bool, stored: Data, inflated: Int, crc: UInt32) {
            directory.append(contentsOf: Array(tag.utf8))
            append(UInt32(compressed ? 1 : 0), to: &directory)
            append(UInt64(offset), to: &directory)
            append(UInt64(stored.count), to: &directory)
            append(UInt32(inflated), to: &directory)
            append(crc, to: &directory)
            body.append(stored)
            offset += stored.count
        }
        for section in sections {
            let stored = section.compressed ? deflate(section.bytes) : section.bytes
            addSection(section.tag, compressed: section.compressed, stored: stored, inflated: section.bytes.count, crc: LexiconFile.crc32(stored, 0, stored.count))
        }
        // The block table comes before the data, whose place it gives.
        let tableLength = blocks.count * 16
        var table = Data()
        var blockOffset = offset + tableLength
        for block in blocks {
            append(UInt64(blockOffset), to: &table)
            append(UInt32(block.stored.count), to: &table)
            append(UInt32(block.inflated), to: &table)
            blockOffset += block.stored.count
        }
        addSection("BLKS", compressed: false, stored: table, inflated: table.count, crc: LexiconFile.crc32(table, 0, table.count))
        let data = blocks.reduce(into: Data()) { $0.append($1.stored) }
        addSection("DATA", compressed: false, stored: data, inflated: data.count, crc: 0)
        var file = Data(Array("OXLX".utf8))
        append(LexiconFile.version, to: &file)
        append(UInt32(count), to: &file)
        append(UInt32(0), to: &file)
        append(UInt64(LexiconFile.headerLength + directory.count + body.count), to: &file)
        append(LexiconFile.crc32(directory, 0, directory.count), to: &file)
        append(UInt32(0), to: &file)
        return file + directory + body
    }

    static func deflate(_ data: Data) -> Data {
        var length = compressBound(uLong(data.count))
        var output = Data(count: Int(length))
        let status = output.withUnsafeMutableBytes { target in
            data.withUnsafeBytes { source in
                compress2(
                    target.baseAddress!.assumingMemoryBound(to: Bytef.self), &length,
                    source.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(data.count), 9)
            }
        }
        precondition(status == Z_OK, "zlib's compress2 failed with \(status)")
        return output.prefix(Int(length))
    }

    static func append<Integer: FixedWidthInteger>(_ value: Integer, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
}

/// Groups records into blocks of at most `blockSize` bytes, compressed one by one.
private struct BlockPacker {
    let blockSize: Int
    private var blocks: [LexiconWriter.Block] = []
    private var current: [UInt8] = []

    init(blockSize: Int) { self.blockSize = blockSize }

    /// Adds a record; where it lies.
    mutating func add(_ record: [UInt8]) -> BlockStore.Location {
        if !current.isEmpty, current.count + record.count > blockSize { flush() }
        let location = BlockStore.Location(block: blocks.count, offset: current.count, length: record.count)
        current += record
        return location
    }

    mutating func finish() -> [LexiconWriter.Block] {
        if !current.isEmpty { flush() }
        return blocks
    }

    private mutating func flush() {
        blocks.append((LexiconWriter.deflate(Data(current)), current.count))
        current = []
    }
}
