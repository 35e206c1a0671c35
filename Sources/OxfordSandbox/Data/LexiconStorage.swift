import Foundation

/// The opened parts of a lexicon file, shared by every copy of a `SandboxLexicon`: the headwords'
/// key table and rows, read at opening, and what is read on first use (the inflected forms' table,
/// the folded keys, the facets), so start-up reads only what the first entry look-up needs.
final class LexiconStorage: @unchecked Sendable {
    let meta: LexiconMeta
    let headwords: SortedKeys
    let headwordRows: RowTable
    let blocks: BlockStore
    private let file: LexiconFile
    private let lock = NSLock()
    private var formTable: (keys: SortedKeys, rows: RowTable)?
    private var folded: [String: [String]]?
    private var wordlistFacets: WordlistFacets?

    init(_ file: LexiconFile) throws(LexiconFormatError) {
        self.file = file
        meta = try LexiconMeta(file.contents(of: "META"))
        headwords = try SortedKeys(
            text: file.contents(of: "HKEY"), offsets: file.contents(of: "HOFF"), expectedCount: meta.headwordCount, tag: "HKEY")
        blocks = try BlockStore(file)
        headwordRows = try RowTable(file.contents(of: "HROW"), width: RowTable.headwordWidth, count: headwords.count, tag: "HROW", blocks: blocks)
        // The other sections must be there, even though they are read later.
        for tag in ["LKEY", "LOFF", "LROW", "FACT"] { _ = try file.section(tag) }
    }

    /// The inflected forms and their rows, read and checked on first use.
    func forms() throws(LexiconFormatError) -> (keys: SortedKeys, rows: RowTable) {
        if let cached = lock.withLock({ formTable }) { return cached }
        let keys = try SortedKeys(text: file.contents(of: "LKEY"), offsets: file.contents(of: "LOFF"), expectedCount: meta.formCount, tag: "LKEY")
        let rows = try RowTable(file.contents(of: "LROW"), width: RowTable.formWidth, count: keys.count, tag: "LROW", blocks: blocks)
        lock.withLock { formTable = (keys, rows) }
        return (keys, rows)
    }

    /// The headwords whose keys are not plain lowercase ASCII, by their folded form (`rosé` under
    /// `rose`): the only ones whose folded form differs from the key. Built on first use.
    func foldedNonASCII() -> [String: [String]] {
        lock.withLock {
            if let folded { return folded }
            var built: [String: [String]] = [:]
            for index in 0..<headwords.count where !headwords.isPlainASCII(at: index) {
                let key = headwords.key(at: index)
                built[SandboxLexicon.fold(key), default: []].append(key)
            }
            folded = built
            return built
        }
    }

    /// The wordlist's facets, read on first use.
    func facets() throws(LexiconFormatError) -> WordlistFacets {
        if let cached = lock.withLock({ wordlistFacets }) { return cached }
        let facets = try WordlistFacets(file.contents(of: "FACT"), headwordCount: headwords.count)
        lock.withLock { wordlistFacets = facets }
        return facets
    }
}

/// The `META` section: sources, bit orders, labels and counts.
struct LexiconMeta: Sendable {
    struct Labels: Sendable {
        var domains: [String: String] = [:]
        var registers: [String: String] = [:]
        var regions: [String: String] = [:]
    }

    var sources: [String: String]
    var categories: [String]
    var languages: [String]
    var labels: Labels
    var headwordCount: Int
    var formCount: Int

    init(_ data: Data) throws(LexiconFormatError) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw LexiconFormatError("the META section is not a JSON object", offset: 0)
        }
        guard let format = object["format"] as? Int, format == 2 else {
            throw LexiconFormatError("the META section gives record format \(object["format"] ?? "none"); this library reads format 2", offset: 0)
        }
        guard let sources = object["sources"] as? [String: String], let categories = object["categories"] as? [String],
            let languages = object["languages"] as? [String], let labels = object["labels"] as? [String: [String: String]],
            let counts = object["counts"] as? [String: Int], let headwords = counts["headwords"], let forms = counts["forms"],
            headwords >= 0, forms >= 0, categories.count <= 32, languages.count <= 64
        else {
            throw LexiconFormatError("the META section lacks sources, categories (≤ 32), languages (≤ 64), labels or counts", offset: 0)
        }
        self.sources = sources
        self.categories = categories
        self.languages = languages
        self.labels = Labels(domains: labels["domains"] ?? [:], registers: labels["registers"] ?? [:], regions: labels["regions"] ?? [:])
        headwordCount = headwords
        formCount = forms
    }
}

/// Fixed-width rows, one per key: where its record lies, and (for headwords) its summary.
struct RowTable: Sendable {
    static let headwordWidth = 32
    static let formWidth = 12

    private let rows: Data
    private let width: Int

    /// Checks that there is one row per key and that every record lies inside its block, in one
    /// pass over the rows' bytes (a look-up then needs no check of its own).
    init(_ rows: Data, width: Int, count: Int, tag: String, blocks: BlockStore) throws(LexiconFormatError) {
        guard rows.count == count * width else {
            throw LexiconFormatError("\(tag) holds \(rows.count) bytes, not \(count) rows of \(width)", offset: 0)
        }
        self.rows = rows
        self.width = width
        let lengths = blocks.inflatedLengths
        let outside: Int? = rows.withUnsafeBytes { raw in
            for index in 0..<count {
                let row = index * width
                let block = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: row, as: UInt32.self)))
                let offset = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: row + 4, as: UInt32.self)))
                let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: row + 8, as: UInt32.self)))
                guard block < lengths.count, offset <= lengths[block], length <= lengths[block] - offset else { return index }
            }
            return nil
        }
        if let outside { throw LexiconFormatError("row \(outside) of \(tag) points outside its block", offset: outside * width) }
    }

    /// Where record `index` lies.
    func location(_ index: Int) -> BlockStore.Location {
        let reader = ByteReader(rows), row = index * width
        return BlockStore.Location(block: Int(reader.u32(row)), offset: Int(reader.u32(row + 4)), length: Int(reader.u32(row + 8)))
    }

    /// The summary of headword `index`.
    func summary(_ index: Int, meta: LexiconMeta) -> HeadwordSummary {
        let reader = ByteReader(rows), row = index * width
        let categoryBits = reader.u32(row + 16), flags = reader.u32(row + 20)
        let categories = meta.categories.indices.filter { categoryBits & (1 << UInt32($0)) != 0 }.map { meta.categories[$0] }
        return HeadwordSummary(
            frequency: Double(reader.f32(row + 12)), categories: categories, hasSynonyms: flags & 1 != 0, hasAntonyms: flags & 2 != 0,
            hasExamples: flags & 4 != 0, languageBits: reader.u64(row + 24), languages: meta.languages)
    }
}

/// The v1 wordlist's facets: for each headword, the combinations of lexical category, domains,
/// registers and regions its senses have.
struct WordlistFacets: Sendable {
    struct Facet: Sendable {
        var category: String
        var domains: Set<String>
        var registers: Set<String>
        var regions: Set<String>
    }

    let facets: [Facet]
    private let starts: [UInt32]
    private let numbers: [UInt16]

    init(_ data: Data, headwordCount: Int) throws(LexiconFormatError) {
        let reader = ByteReader(data)
        var position = 0
        func need(_ count: Int) throws(LexiconFormatError) {
            guard count >= 0, position <= data.count - count else { throw LexiconFormatError("the FACT section ends early", offset: position) }
        }
        try need(4)
        let facetCount = Int(reader.u32(position))
        position += 4
        var facets: [Facet] = []
        for _ in 0..<facetCount {
            try need(2)
            let length = Int(reader.u16(position))
            position += 2
            try need(length)
            let text = String(decoding: reader.bytes(position, length), as: UTF8.self)
            position += length
            let parts = text.split(separator: "|", omittingEmptySubsequences: false).map { Set($0.split(separator: ",").map(String.init)) }
            guard parts.count == 4, let category = parts[0].first, parts[0].count == 1 else {
                throw LexiconFormatError("the facet \"\(text)\" is not category|domains|registers|regions", offset: position - length)
            }
            facets.append(Facet(category: category, domains: parts[1], registers: parts[2], regions: parts[3]))
        }
        try need(4)
        guard Int(reader.u32(position)) == headwordCount else {
            throw LexiconFormatError("the FACT section covers \(reader.u32(position)) headwords, not \(headwordCount)", offset: position)
        }
        position += 4
        try need((headwordCount + 1) * 4)
        let starts = (0...headwordCount).map { reader.u32(position + $0 * 4) }
        position += (headwordCount + 1) * 4
        let total = Int(starts.last ?? 0)
        try need(total * 2)
        let numbers = (0..<total).map { reader.u16(position + $0 * 2) }
        guard zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 }), starts.first == 0, numbers.allSatisfy({ Int($0) < facetCount }) else {
            throw LexiconFormatError("the FACT section's offsets or facet numbers are out of range", offset: position)
        }
        self.facets = facets
        self.starts = starts
        self.numbers = numbers
    }

    /// The facets of headword `index`.
    func facets(ofHeadword index: Int) -> [Facet] {
        (Int(starts[index])..<Int(starts[index + 1])).map { facets[Int(numbers[$0])] }
    }
}
