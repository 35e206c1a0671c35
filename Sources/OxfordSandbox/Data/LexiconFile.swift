import CZlib
import Foundation

/// The container of a lexicon file (`Lexicon/FORMAT.md`): its header, its section directory, and
/// each section's bytes, checked before anything reads them.
struct LexiconFile: Sendable {
    /// A section's place in the file.
    struct Section: Sendable {
        var tag: String
        var compressed: Bool
        var offset: Int
        var storedLength: Int
        var inflatedLength: Int
        var crc: UInt32
    }

    static let magic = Array("OXLX".utf8)
    static let version: UInt32 = 1
    static let headerLength = 32
    static let directoryEntryLength = 32
    /// Sections larger than this are not believed (the whole dictionary inflates to under 200 MB).
    static let inflatedLimit = 1 << 30

    /// The file's bytes (memory-mapped when read from disk).
    let bytes: Data
    /// The sections by tag.
    let sections: [String: Section]

    /// Checks the header, the directory and every section's bounds.
    init(_ bytes: Data) throws(LexiconFormatError) {
        self.bytes = bytes
        let reader = ByteReader(bytes)
        guard reader.bytes(0, min(4, bytes.count)) == Array(Self.magic.prefix(bytes.count)) else {
            throw LexiconFormatError("the file does not start with OXLX", offset: 0)
        }
        guard bytes.count >= Self.headerLength else {
            throw LexiconFormatError("the file is \(bytes.count) bytes, shorter than its 32-byte header", offset: 0)
        }
        let version = reader.u32(4)
        guard version == Self.version else {
            throw LexiconFormatError("the file has format version \(version); this library reads version \(Self.version)", offset: 4)
        }
        let declaredLength = reader.u64(16)
        guard declaredLength == UInt64(bytes.count) else {
            throw LexiconFormatError("the file is \(bytes.count) bytes but its header says \(declaredLength): it is truncated or extended", offset: 16)
        }
        let count = Int(reader.u32(8))
        let directoryEnd = Self.headerLength + count * Self.directoryEntryLength
        guard count <= 64, directoryEnd <= bytes.count else {
            throw LexiconFormatError("the directory of \(count) sections does not fit in the file", offset: 8)
        }
        guard Self.crc32(bytes, Self.headerLength, directoryEnd - Self.headerLength) == reader.u32(24) else {
            throw LexiconFormatError("the section directory fails its CRC-32", offset: Self.headerLength)
        }
        var sections: [String: Section] = [:]
        for index in 0..<count {
            let section = try Self.section(reader, at: Self.headerLength + index * Self.directoryEntryLength, fileLength: bytes.count)
            guard sections[section.tag] == nil else {
                throw LexiconFormatError("the section \(section.tag) appears twice", offset: Self.headerLength + index * Self.directoryEntryLength)
            }
            sections[section.tag] = section
        }
        self.sections = sections
    }

    private static func section(_ reader: ByteReader, at entry: Int, fileLength: Int) throws(LexiconFormatError) -> Section {
        let tag = String(decoding: reader.bytes(entry, 4), as: UTF8.self)
        let offset = reader.u64(entry + 8), stored = reader.u64(entry + 16)
        let (end, overflow) = offset.addingReportingOverflow(stored)
        guard !overflow, end <= UInt64(fileLength), offset >= UInt64(headerLength) else {
            throw LexiconFormatError("the section \(tag) (\(stored) bytes at \(offset)) lies outside the file", offset: entry + 8)
        }
        let section = Section(
            tag: tag, compressed: reader.u32(entry + 4) & 1 == 1, offset: Int(offset), storedLength: Int(stored),
            inflatedLength: Int(reader.u32(entry + 24)), crc: reader.u32(entry + 28))
        guard section.compressed || section.inflatedLength == section.storedLength || tag == "DATA" else {
            throw LexiconFormatError("the uncompressed section \(tag) gives two different lengths", offset: entry + 24)
        }
        return section
    }

    /// The bytes of section `tag`, inflated when compressed, after checking its CRC-32.
    func contents(of tag: String) throws(LexiconFormatError) -> Data {
        let section = try self.section(tag)
        if tag != "DATA" {
            guard Self.crc32(bytes, section.offset, section.storedLength) == section.crc else {
                throw LexiconFormatError("the section \(tag) fails its CRC-32", offset: section.offset)
            }
        }
        guard section.compressed else { return bytes.subdata(in: section.offset..<section.offset + section.storedLength) }
        return try Self.inflate(bytes, section.offset, section.storedLength, to: section.inflatedLength, what: "the section \(tag)")
    }

    /// The directory entry of section `tag`.
    func section(_ tag: String) throws(LexiconFormatError) -> Section {
        guard let section = sections[tag] else { throw LexiconFormatError("the section \(tag) is missing", offset: Self.headerLength) }
        return section
    }

    /// zlib's CRC-32 of `length` bytes at `offset`.
    static func crc32(_ data: Data, _ offset: Int, _ length: Int) -> UInt32 {
        data.withUnsafeBytes { raw in
            var crc: UInt = CZlib.crc32(0, nil, 0)
            var start = offset
            var remaining = length
            while remaining > 0 {
                let chunk = min(remaining, Int(UInt32.max))
                crc = CZlib.crc32(crc, raw.baseAddress!.advanced(by: start).assumingMemoryBound(to: UInt8.self), uInt(chunk))
                start += chunk
                remaining -= chunk
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }

    /// Inflates one zlib stream of `length` bytes at `offset` into exactly `inflatedLength` bytes.
    static func inflate(_ data: Data, _ offset: Int, _ length: Int, to inflatedLength: Int, what: String) throws(LexiconFormatError) -> Data {
        guard inflatedLength <= inflatedLimit else {
            throw LexiconFormatError("\(what) claims \(inflatedLength) bytes inflated, more than a lexicon holds", offset: offset)
        }
        var output = Data(count: inflatedLength)
        var produced = uLongf(inflatedLength)
        let status = output.withUnsafeMutableBytes { target in
            data.withUnsafeBytes { source in
                // A zero-length target still needs a valid pointer for zlib.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { spare in
                    uncompress(
                        (target.baseAddress ?? UnsafeMutableRawPointer(spare.baseAddress!)).assumingMemoryBound(to: Bytef.self), &produced,
                        source.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self), uLong(length))
                }
            }
        }
        guard status == Z_OK, produced == uLongf(inflatedLength) else {
            let reason = status == Z_OK ? "inflates to \(produced) bytes, not \(inflatedLength)" : "does not inflate (zlib status \(status))"
            throw LexiconFormatError("\(what) \(reason)", offset: offset)
        }
        return output
    }
}

/// Little-endian reads from a byte buffer at offsets already checked against its length.
struct ByteReader {
    let data: Data

    init(_ data: Data) { self.data = data }

    func bytes(_ offset: Int, _ count: Int) -> [UInt8] {
        let start = data.startIndex + offset
        return Array(data[start..<start + count])
    }

    func u16(_ offset: Int) -> UInt16 {
        data.withUnsafeBytes { UInt16(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
    }

    func u32(_ offset: Int) -> UInt32 {
        data.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    }

    func u64(_ offset: Int) -> UInt64 {
        data.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }

    func f32(_ offset: Int) -> Float {
        Float(bitPattern: u32(offset))
    }
}

/// Why a lexicon file cannot be read: what was wrong, and the byte offset where it was found.
public struct LexiconFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// The byte offset in the file (or in the inflated block named in the message).
    public var offset: Int

    init(_ message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `message at byte offset`.
    public var description: String { "\(message) (at byte \(offset))" }
}
