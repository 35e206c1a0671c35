import Foundation

/// Writes a ``ParamValue`` tree as compact JSON (RFC 8259) with object keys in ascending order,
/// so the same parameters always give the same bytes.
struct JSONWriter {
    let dateStyle: DateEncodingStyle
    private(set) var output: [UInt8] = []

    init(dateStyle: DateEncodingStyle) {
        self.dateStyle = dateStyle
    }

    /// The JSON text of `value`.
    static func data(_ value: ParamValue, dateStyle: DateEncodingStyle) throws -> Data {
        var writer = JSONWriter(dateStyle: dateStyle)
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
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                try write(element, path: "\(path)[\(index)]")
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key)
                output.append(UInt8(ascii: ":"))
                try write(members[key]!, path: "\(path).\(key)")
            }
            output.append(UInt8(ascii: "}"))
        }
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
