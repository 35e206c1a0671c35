extension SortedKeys {
    /// The keys within `maxDistance` edits of `word` (insertions, deletions, substitutions and
    /// swaps of two neighbouring characters, counted in UTF-8 bytes), with their distances: the
    /// spellings someone who typed `word` may have meant (`recieve` → `receive`, 1).
    func indices(nearSpelling word: String, maxDistance: Int) -> [(index: Int, distance: Int)] {
        let wanted = Array(word.utf8)
        guard !wanted.isEmpty, maxDistance > 0 else { return [] }
        var matcher = SpellingDistance(wanted, maxDistance: maxDistance)
        var found: [(index: Int, distance: Int)] = []
        for index in 0..<count {
            let range = byteRange(at: index)
            guard abs(range.count - wanted.count) <= maxDistance else { continue }
            if let distance = matcher.distance(to: bytes(in: range)), distance > 0 { found.append((index, distance)) }
        }
        return found
    }
}

/// The optimal-string-alignment distance from one word to many candidates, giving up on a
/// candidate as soon as every alignment is already further than the limit.
struct SpellingDistance {
    private let word: [UInt8]
    private let maxDistance: Int
    private var previous: [Int]
    private var current: [Int]
    private var beforePrevious: [Int]

    init(_ word: [UInt8], maxDistance: Int) {
        self.word = word
        self.maxDistance = maxDistance
        previous = Array(repeating: 0, count: word.count + 1)
        current = previous
        beforePrevious = previous
    }

    /// The distance to `candidate`, or `nil` when it is more than the limit.
    mutating func distance(to candidate: ArraySlice<UInt8>) -> Int? {
        let base = candidate.startIndex
        for column in 0...word.count { previous[column] = column }
        for row in 1...max(candidate.count, 1) where !candidate.isEmpty {
            current[0] = row
            var rowMinimum = row
            let letter = candidate[base + row - 1]
            for column in 1...word.count {
                let cost = letter == word[column - 1] ? 0 : 1
                var value = min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost)
                if row > 1, column > 1, letter == word[column - 2], candidate[base + row - 2] == word[column - 1] {
                    value = min(value, beforePrevious[column - 2] + 1)
                }
                current[column] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > maxDistance { return nil }
            swap(&beforePrevious, &previous)
            swap(&previous, &current)
        }
        let distance = candidate.isEmpty ? word.count : previous[word.count]
        return distance <= maxDistance ? distance : nil
    }
}
