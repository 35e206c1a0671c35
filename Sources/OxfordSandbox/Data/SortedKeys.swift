import Foundation

/// A sorted table of keys (headword ids or inflected forms): their UTF-8 bytes end to end, and
/// where each starts. Look-ups compare bytes; no key is made a `String` until it is asked for.
struct SortedKeys: Sendable {
    /// The keys' bytes, concatenated.
    private let text: [UInt8]
    /// Where key `i` starts in `text`; `count + 1` entries, the last `text.count`.
    private let starts: [UInt32]

    /// The number of keys.
    var count: Int { starts.count - 1 }

    /// Reads a key section and its offsets, checking that the offsets run forward inside the text
    /// and that the keys are in order.
    init(text: Data, offsets: Data, expectedCount: Int, tag: String) throws(LexiconFormatError) {
        guard offsets.count == (expectedCount + 1) * 4 else {
            throw LexiconFormatError("the offsets of \(tag) hold \(offsets.count / 4) entries, not \(expectedCount + 1)", offset: 0)
        }
        let starts = [UInt32](unsafeUninitializedCapacity: expectedCount + 1) { buffer, initialized in
            offsets.withUnsafeBytes { raw in
                for index in 0...expectedCount {
                    buffer[index] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                }
            }
            initialized = expectedCount + 1
        }
        guard starts.first == 0, starts.last.map(Int.init) == text.count else {
            throw LexiconFormatError("the offsets of \(tag) do not span its \(text.count) bytes", offset: 0)
        }
        self.text = Array(text)
        self.starts = starts
        // Every offset is checked before any key is read, so no key can reach past the text; then
        // the order, which binary search needs.
        if let backwards = Self.firstDecrease(starts) {
            throw LexiconFormatError("the offsets of \(tag) run backwards at entry \(backwards)", offset: backwards * 4)
        }
        if let unsorted = firstUnsorted() {
            throw LexiconFormatError("the keys of \(tag) are not sorted at entry \(unsorted)", offset: Int(starts[unsorted]))
        }
    }

    private static func firstDecrease(_ starts: [UInt32]) -> Int? {
        starts.withUnsafeBufferPointer { buffer in
            for index in 0..<max(buffer.count - 1, 0) where buffer[index] > buffer[index + 1] { return index }
            return nil
        }
    }

    /// The first key that is not above the one before it, comparing bytes with `memcmp`.
    private func firstUnsorted() -> Int? {
        text.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { starts in
                guard let base = text.baseAddress, starts.count > 2 else { return nil }
                for index in 1..<(starts.count - 1) {
                    let previous = Int(starts[index - 1]), start = Int(starts[index]), end = Int(starts[index + 1])
                    let order = memcmp(base + previous, base + start, min(start - previous, end - start))
                    if order > 0 || (order == 0 && start - previous >= end - start) { return index }
                }
                return nil
            }
        }
    }

    /// Key `index`.
    func key(at index: Int) -> String {
        String(decoding: text[Int(starts[index])..<Int(starts[index + 1])], as: UTF8.self)
    }

    /// The index of `key`, if the table holds it.
    func index(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { wanted in
            let index = lowerBound(wanted)
            return index < count && compare(index, wanted) == .orderedSame ? index : nil
        }
    }

    /// The first index whose key is not below `key`.
    func lowerBound(_ key: String) -> Int {
        var key = key
        return key.withUTF8 { lowerBound($0) }
    }

    /// Where key `index` lies in the text.
    func byteRange(at index: Int) -> Range<Int> { Int(starts[index])..<Int(starts[index + 1]) }

    /// The text's bytes in `range`.
    func bytes(in range: Range<Int>) -> ArraySlice<UInt8> { text[range] }

    /// Whether key `index` starts with `prefix`'s bytes.
    func key(at index: Int, hasPrefix prefix: String) -> Bool {
        let start = Int(starts[index]), end = Int(starts[index + 1])
        var prefix = prefix
        return prefix.withUTF8 { wanted in
            wanted.count <= end - start && text[start..<start + wanted.count].elementsEqual(wanted)
        }
    }

    /// Whether key `index` is all ASCII lowercase letters, digits and punctuation: the keys whose
    /// case- and diacritic-folded form is the key itself.
    func isPlainASCII(at index: Int) -> Bool {
        text[Int(starts[index])..<Int(starts[index + 1])].allSatisfy { $0 < 0x80 && !($0 >= 0x41 && $0 <= 0x5A) }
    }

    /// The length of key `index` in characters.
    func characterCount(at index: Int) -> Int {
        let slice = text[Int(starts[index])..<Int(starts[index + 1])]
        return slice.allSatisfy { $0 < 0x80 } ? slice.count : key(at: index).count
    }

    /// The indices of the keys that contain `needle`'s bytes.
    func indices(containing needle: String) -> [Int] {
        let wanted = Array(needle.utf8)
        guard let first = wanted.first else { return Array(0..<count) }
        var found: [Int] = []
        for index in 0..<count {
            let start = Int(starts[index]), end = Int(starts[index + 1])
            guard end - start >= wanted.count else { continue }
            var position = start
            while position + wanted.count <= end {
                if text[position] == first, text[position..<position + wanted.count].elementsEqual(wanted) {
                    found.append(index)
                    break
                }
                position += 1
            }
        }
        return found
    }

    private func lowerBound(_ wanted: UnsafeBufferPointer<UInt8>) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if compare(middle, wanted) == .orderedAscending { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Key `index` against `wanted`, byte by byte.
    private func compare(_ index: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> ComparisonResult {
        let start = Int(starts[index]), end = Int(starts[index + 1])
        let length = min(end - start, wanted.count)
        for offset in 0..<length {
            let a = text[start + offset], b = wanted[offset]
            if a != b { return a < b ? .orderedAscending : .orderedDescending }
        }
        return end - start == wanted.count ? .orderedSame : (end - start < wanted.count ? .orderedAscending : .orderedDescending)
    }
}
