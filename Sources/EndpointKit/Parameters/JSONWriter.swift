import Foundation

/// Writes a ``ParamValue`` tree as JSON (RFC 8259): by default compact, with object keys in
/// ascending order and `/` bare, so the same parameters always give the same bytes; the other
/// ``JSONBodyParameters/OutputFormatting`` options write what `JSONEncoder` writes with them.
struct JSONWriter {
    let dateStyle: DateEncodingStyle
    let keyEncoding: ParamKeyEncoding
    let formatting: JSONBodyParameters.OutputFormatting
    private(set) var output: [UInt8] = []
    private var depth = 0

    init(dateStyle: DateEncodingStyle, keyEncoding: ParamKeyEncoding = .useDefaultKeys, formatting: JSONBodyParameters.OutputFormatting = .default) {
        self.dateStyle = dateStyle
        self.keyEncoding = keyEncoding
        self.formatting = formatting
    }

    /// The JSON text of `value`.
    static func data(
        _ value: ParamValue, dateStyle: DateEncodingStyle, keyEncoding: ParamKeyEncoding = .useDefaultKeys,
        formatting: JSONBodyParameters.OutputFormatting = .default
    ) throws -> Data {
        var writer = JSONWriter(dateStyle: dateStyle, keyEncoding: keyEncoding, formatting: formatting)
        try writer.write(value, path: "$")
        return Data(writer.output)
    }

    /// The shortest text that reads back as `double`: `1.5`, `1e-05`, `100.0`.
    static func render(_ double: Double) -> String {
        double.description
    }

    mutating func write(_ value: ParamValue, path: String) throws {
        switch value {
        case .null:
            append("null")
        case .bool(let bool):
            append(bool ? "true" : "false")
        case .integer(let integer):
            append(String(integer))
        case .unsignedInteger(let integer):
            append(String(integer))
        case .double(let double):
            guard double.isFinite else { throw EndpointRequestError.nonFiniteNumber(path: path) }
            append(JSONWriter.render(double))
        case .decimal(let decimal):
            guard !decimal.isNaN else { throw EndpointRequestError.nonFiniteNumber(path: path) }
            append(decimal.description)
        case .string(let string):
            writeString(string)
        case .date(let date):
            try write(dateStyle.render(date), path: path)
        case .array(let elements):
            try writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count) { writer, index in
                try writer.write(elements[index], path: "\(path)[\(index)]")
            }
        case .object(let members) where keyEncoding.isIdentity:
            // The common case, as it always was: keys sorted, as they are.
            let keys = members.keys.sorted()
            try writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: keys.count) { writer, index in
                try writer.writeMember(keys[index], members[keys[index]]!, path: path)
            }
        case .object, .orderedObject:
            let members = try orderedMembers(of: value)
            try writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count) { writer, index in
                try writer.writeMember(members[index].name, members[index].value, path: path)
            }
        }
    }

    /// An object's members, their names as ``keyEncoding`` writes them, in the order written:
    /// ascending by written name with ``JSONBodyParameters/OutputFormatting/sortedKeys``, else
    /// declared where the object keeps an order (a dictionary's stay sorted, for stable bytes).
    private func orderedMembers(of object: ParamValue) throws -> [ParamMember] {
        let sorted = formatting.contains(.sortedKeys)
        var members = object.members(declared: !sorted)!
        guard !keyEncoding.isIdentity else { return members }
        members = members.map { ParamMember(keyEncoding.encode($0.name), $0.value) }
        var names = Set<String>(minimumCapacity: members.count)
        for member in members where !names.insert(member.name).inserted {
            throw EndpointRequestError.duplicateParameterName(member.name)
        }
        if sorted { members.sort { $0.name < $1.name } }
        return members
    }

    private mutating func writeMember(_ name: String, _ value: ParamValue, path: String) throws {
        writeString(name)
        if formatting.contains(.prettyPrinted) { output.append(UInt8(ascii: " ")) }
        output.append(UInt8(ascii: ":"))
        if formatting.contains(.prettyPrinted) { output.append(UInt8(ascii: " ")) }
        try write(value, path: "\(path).\(name)")
    }

    /// Writes `open`, the `count` elements that `element` writes, separated by commas, and
    /// `close`; pretty printed as `JSONEncoder` does (two-space indents, an empty container on
    /// three lines).
    private mutating func writeContainer(
        open: UInt8, close: UInt8, count: Int, element: (inout JSONWriter, Int) throws -> Void
    ) throws {
        let pretty = formatting.contains(.prettyPrinted)
        output.append(open)
        depth += 1
        if pretty { output.append(UInt8(ascii: "\n")) }
        for index in 0..<count {
            if index > 0 {
                output.append(UInt8(ascii: ","))
                if pretty { output.append(UInt8(ascii: "\n")) }
            }
            if pretty { indent() }
            try element(&self, index)
        }
        depth -= 1
        if pretty {
            output.append(UInt8(ascii: "\n"))
            indent()
        }
        output.append(close)
    }

    private mutating func indent() {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case UInt8(ascii: "/") where !formatting.contains(.withoutEscapingSlashes):
                append("\\/")
            case 0x00..<0x20:
                append("\\u00")
                output.append(JSONWriter.hex[Int(byte >> 4)])
                output.append(JSONWriter.hex[Int(byte & 0x0F)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
