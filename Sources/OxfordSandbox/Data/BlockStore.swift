import Foundation

/// The zlib blocks of a lexicon file and the records in them: a record is found by its block,
/// offset and length, and only its block is inflated. The last blocks inflated are kept.
final class BlockStore: @unchecked Sendable {
    /// Where a record lies.
    struct Location: Sendable, Hashable {
        var block: Int
        var offset: Int
        var length: Int
    }

    private struct Block {
        var offset: Int
        var storedLength: Int
        var inflatedLength: Int
    }

    private let file: Data
    private let blocks: [Block]
    /// Inflated blocks by number, with when each was last used: a hit costs a dictionary update,
    /// and only a miss in a full cache looks for the least recently used.
    private var cache: [Int: (data: Data, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    private let capacity: Int
    private let lock = NSLock()

    /// The block table of `file`, checked to lie inside its `DATA` section.
    init(_ file: LexiconFile, cachedBlocks: Int = 512) throws(LexiconFormatError) {
        let table = try file.contents(of: "BLKS")
        let data = try file.section("DATA")
        guard table.count % 16 == 0 else { throw LexiconFormatError("the block table's length \(table.count) is not a multiple of 16", offset: 0) }
        let reader = ByteReader(table)
        var blocks: [Block] = []
        blocks.reserveCapacity(table.count / 16)
        for row in stride(from: 0, to: table.count, by: 16) {
            let block = Block(offset: Int(clamping: reader.u64(row)), storedLength: Int(reader.u32(row + 8)), inflatedLength: Int(reader.u32(row + 12)))
            guard block.offset >= data.offset, block.offset <= data.offset + data.storedLength,
                block.storedLength <= data.offset + data.storedLength - block.offset
            else {
                throw LexiconFormatError("block \(row / 16) (\(block.storedLength) bytes at \(block.offset)) lies outside the data section", offset: block.offset)
            }
            blocks.append(block)
        }
        self.file = file.bytes
        self.blocks = blocks
        capacity = max(1, cachedBlocks)
    }

    /// Each block's inflated length.
    var inflatedLengths: [Int] { blocks.map(\.inflatedLength) }

    /// Whether `location` lies inside its block.
    func contains(_ location: Location) -> Bool {
        location.block >= 0 && location.block < blocks.count && location.offset >= 0 && location.length >= 0
            && location.offset <= blocks[location.block].inflatedLength - location.length
    }

    /// Calls `body` with the record's bytes.
    func withRecord<Result>(
        at location: Location, _ body: (UnsafeBufferPointer<UInt8>) throws(LexiconParseError) -> Result
    ) throws(LexiconFormatError) -> Result {
        guard contains(location) else {
            throw LexiconFormatError("a record (\(location.length) bytes at \(location.offset) of block \(location.block)) lies outside its block", offset: 0)
        }
        let block = try inflated(location.block)
        let result: Swift.Result<Result, LexiconParseError> = block.withUnsafeBytes { raw in
            let bytes = UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[location.offset..<location.offset + location.length])
            return Swift.Result { () throws(LexiconParseError) in try body(bytes) }
        }
        do {
            return try result.get()
        } catch {
            throw LexiconFormatError(
                "the record at byte \(location.offset + error.offset) of block \(location.block) is not valid: \(error.message)",
                offset: blocks[location.block].offset)
        }
    }

    /// Block `number`, inflated (from the cache when it was used lately).
    private func inflated(_ number: Int) throws(LexiconFormatError) -> Data {
        if let cached = lock.withLock({ () -> Data? in
            clock += 1
            cache[number]?.used = clock
            return cache[number]?.data
        }) {
            return cached
        }
        let block = blocks[number]
        let data = try LexiconFile.inflate(file, block.offset, block.storedLength, to: block.inflatedLength, what: "block \(number)")
        lock.withLock {
            clock += 1
            if cache.count >= capacity, cache[number] == nil, let oldest = cache.min(by: { $0.value.used < $1.value.used })?.key {
                cache[oldest] = nil
            }
            cache[number] = (data, clock)
        }
        return data
    }
}
