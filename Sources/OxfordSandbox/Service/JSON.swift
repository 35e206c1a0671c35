import EndpointKit
import Foundation

/// A JSON value the sandbox writes. Object members are written in the order given; the builders
/// below give them in alphabetical order, as the real service does.
enum JSON: Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])


    /// An object of the members that are not `nil`, sorted by key. (A dictionary literal builds
    /// `KeyValuePairs`: no hashing, and sorting a handful of keys that are mostly in order is cheap.)
    static func object(_ members: KeyValuePairs<String, JSON?>) -> JSON {
        var kept: [(String, JSON)] = []
        kept.reserveCapacity(members.count)
        for (key, value) in members {
            if let value { kept.append((key, value)) }
        }
        // Insertion sort: the builders mostly list keys in order already.
        for index in kept.indices.dropFirst() {
            var position = index
            while position > 0, kept[position - 1].0 > kept[position].0 {
                kept.swapAt(position - 1, position)
                position -= 1
            }
        }
        return .object(kept)
    }

    /// An object of a dictionary's members, sorted by key.
    static func object(sortingKeysOf members: [String: JSON]) -> JSON {
        .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// A headword result (`HeadwordEntry`, `HeadwordThesaurus`, …) of the lexical entries, or `nil`
    /// when there are none (the filters left nothing).
    static func headword(_ id: String, language: String, _ lexicalEntries: [JSON]) -> JSON? {
        guard !lexicalEntries.isEmpty else { return nil }
        return .object([
            "id": .string(encodedID(id)), "language": .string(language), "lexicalEntries": .array(lexicalEntries),
            "type": .string("headword"), "word": .string(text(ofID: id)),
        ])
    }

    /// The text of a word id: underscores as spaces (`swimming_pool` is `swimming pool`).
    static func text(ofID id: String) -> String { replacing(UInt8(ascii: "_"), with: UInt8(ascii: " "), in: id) }

    /// The id of a word's text: spaces as underscores.
    static func id(ofText text: String) -> String { replacing(UInt8(ascii: " "), with: UInt8(ascii: "_"), in: text) }

    /// An id as answers carry it: spaces as underscores, then every byte but RFC 3986's unreserved
    /// characters percent-encoded, as the service writes them (`swimmer%27s_ear`, `am%C3%A9liorer`).
    static func encodedID(_ id: String) -> String { PercentEncoding.encode(JSON.id(ofText: id)) }

    /// `text` with every byte `old` (ASCII) made `new`; the string itself when it has none.
    static func replacing(_ old: UInt8, with new: UInt8, in text: String) -> String {
        guard text.utf8.contains(old) else { return text }
        return String(decoding: text.utf8.map { $0 == old ? new : $0 }, as: UTF8.self)
    }

    /// An array of strings.
    static func strings(_ values: [String]) -> JSON { .array(values.map(JSON.string)) }

    /// The array, or `nil` when it is empty (the service leaves out empty lists).
    static func nonEmpty(_ values: [JSON]) -> JSON? { values.isEmpty ? nil : .array(values) }

    /// The value as compact UTF-8 JSON.
    func serialized() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        write(to: &output)
        return output
    }

    func write(to output: inout [UInt8]) {
        switch self {
        case .string(let value): Self.writeString(value, to: &output)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .double(let value):
            if value.isFinite {
                output.append(contentsOf: (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)).utf8)
            } else {
                output.append(contentsOf: "null".utf8)
            }
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: output.append(contentsOf: "null".utf8)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
