/// The query a server URL fixes (`https://api.example.com/v1?api-version=2024-05-01`), sent
/// first in every request to that server, as written.
///
/// The rule that merges it with an endpoint's query parameters: the fixed pairs come first,
/// byte for byte, then the endpoint's. An endpoint parameter whose name the fixed query also
/// holds (`name`, or `name[…]` / `name.…` below it) is sent once when it renders to the same
/// pairs, and refused with ``EndpointRequestError/conflictingQueryParameter(_:serverURL:)``
/// otherwise, since a server would read one of the two values and ignore the other.
struct FixedQuery: Sendable {
    /// A pair as a server reads it: percent-decoded, `+` read as a space.
    struct Pair: Hashable, Sendable {
        var name: String
        var value: String?
    }

    /// The query as written in the server URL, percent-encoded, without `?`.
    let bytes: [UInt8]
    /// Its pairs, decoded.
    let pairs: [Pair]

    /// No fixed query.
    static let none = FixedQuery(bytes: [], pairs: [])

    private init(bytes: [UInt8], pairs: [Pair]) {
        self.bytes = bytes
        self.pairs = pairs
    }

    /// The fixed query of a server URL's percent-encoded query, or `nil` when it holds a byte a
    /// URL query cannot hold (RFC 3986: unreserved, sub-delims, `:`, `@`, `/`, `?` and
    /// percent-encodings).
    init?(percentEncoded query: String) {
        let bytes = Array(query.utf8)
        guard FixedQuery.isValid(bytes) else { return nil }
        self.init(bytes: bytes, pairs: FixedQuery.pairs(of: bytes))
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// The members of `members` (top-level, their names as written) that are not already sent by
    /// this query: a member the query holds with the same pairs is left out.
    ///
    /// - Throws: ``EndpointRequestError/conflictingQueryParameter(_:serverURL:)`` for a member the
    ///   query holds with other pairs.
    func merging(_ members: [ParamMember], encoder: QueryEncoder, serverURL: @autoclosure () -> String) throws -> [ParamMember] {
        try members.filter { member in
            let fixed = pairs.filter { FixedQuery.name($0.name, belongsTo: member.name) }
            guard !fixed.isEmpty else { return true }
            var rendered: [UInt8] = []
            try encoder.append([member], to: &rendered, encodesNames: false)
            guard FixedQuery.pairs(of: rendered) == fixed else {
                throw EndpointRequestError.conflictingQueryParameter(member.name, serverURL: serverURL())
            }
            return false
        }
    }

    /// Whether a pair named `name` is `parameter` or one of its nested or indexed members.
    private static func name(_ name: String, belongsTo parameter: String) -> Bool {
        guard name.hasPrefix(parameter) else { return false }
        let rest = name.utf8.dropFirst(parameter.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "[") || rest.first == UInt8(ascii: ".")
    }

    /// The decoded pairs of a percent-encoded query.
    static func pairs(of bytes: [UInt8]) -> [Pair] {
        bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            return Pair(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : nil)
        }
    }

    /// `bytes` percent-decoded, `+` read as a space (how servers read a query).
    private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            output.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// Whether every byte may stand in a URL query and every `%` starts a percent-encoding.
    private static func isValid(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil else { return false }
                index += 3
                continue
            }
            guard PercentEncoding.isUnreserved(byte) || "!$&'()*+,;=:@/?".utf8.contains(byte) else { return false }
            index += 1
        }
        return true
    }
}
