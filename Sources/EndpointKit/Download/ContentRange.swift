import Foundation

/// A `Content-Range` header of bytes (RFC 9110 section 14.4): `bytes first-last/total`, the total
/// `*` when unknown.
struct ContentRange: Equatable {
    var first: Int64
    var last: Int64
    var total: Int64?

    /// The range of `value`, or `nil` when it is not a satisfied byte range.
    init?(_ value: String) {
        guard let (range, total) = Self.split(value) else { return nil }
        let bounds = range.split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Self.number(bounds[0]), let last = Self.number(bounds[1]), first <= last else {
            return nil
        }
        if total == "*" {
            self.total = nil
        } else {
            guard let total = Self.number(total), last < total else { return nil }
            self.total = total
        }
        self.first = first
        self.last = last
    }

    /// The total of an unsatisfied range, `bytes */total` (a `416`'s).
    static func unsatisfiedTotal(_ value: String?) -> Int64? {
        guard let value, let (range, total) = split(value), range == "*" else { return nil }
        return number(total)
    }

    /// The range and total parts of `bytes range/total`.
    private static func split(_ value: String) -> (Substring, Substring)? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let parts = trimmed.dropFirst(6).drop(while: { $0 == " " }).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return (parts[0], parts[1])
    }

    /// A non-negative decimal of digits only (no sign, no space).
    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(text)
    }
}
