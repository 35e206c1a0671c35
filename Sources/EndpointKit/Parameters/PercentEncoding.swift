/// RFC 3986 percent-encoding over UTF-8, written by hand for speed: only the unreserved
/// characters (`A-Z a-z 0-9 - . _ ~`) stay bare, every other byte becomes `%XX` (upper-case hex).
///
/// This is the encoding of every path segment, query name and query value EndpointKit writes.
public enum PercentEncoding {
    /// The upper-case hexadecimal digit of `nibble` (0...15).
    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") - 10 + nibble
    }

    /// Whether `byte` is an RFC 3986 unreserved character.
    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Appends `string` to `output` percent-encoded; a space becomes `+` when `spaceAsPlus`.
    static func append(_ string: String, to output: inout [UInt8], spaceAsPlus: Bool = false) {
        var string = string
        string.withUTF8 { bytes in
            // Most names and values need no escaping: copy them whole. (No exact
            // `reserveCapacity` here: called once per name and value, it would defeat the array's
            // geometric growth and reallocate on every call.)
            if bytes.allSatisfy(isUnreserved) {
                output.append(contentsOf: bytes)
                return
            }
            for byte in bytes { appendEscaping(byte, bare: isUnreserved(byte), spaceAsPlus: spaceAsPlus, to: &output) }
        }
    }

    /// Appends `string` to `output` with the bytes of `allowed` bare and every other one
    /// percent-encoded; a space becomes `+` when `spaceAsPlus`.
    static func append(_ string: String, to output: inout [UInt8], spaceAsPlus: Bool, allowed: QueryEncoder.AllowedCharacters) {
        if allowed == .rfc3986Unreserved {
            append(string, to: &output, spaceAsPlus: spaceAsPlus)
            return
        }
        var string = string
        string.withUTF8 { bytes in
            for byte in bytes { appendEscaping(byte, bare: allowed.contains(byte), spaceAsPlus: spaceAsPlus, to: &output) }
        }
    }

    /// Appends `byte` as it is when `bare`, as `+` for a space when `spaceAsPlus`, else as `%XX`.
    @inline(__always)
    private static func appendEscaping(_ byte: UInt8, bare: Bool, spaceAsPlus: Bool, to output: inout [UInt8]) {
        if bare {
            output.append(byte)
        } else if byte == UInt8(ascii: " ") && spaceAsPlus {
            output.append(UInt8(ascii: "+"))
        } else {
            output.append(UInt8(ascii: "%"))
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0x0F))
        }
    }

    /// `string` percent-encoded; a space becomes `+` when `spaceAsPlus`, otherwise `%20`.
    public static func encode(_ string: String, spaceAsPlus: Bool = false) -> String {
        // Most names, values and ids need no escape: they are returned as they are, without a copy.
        if string.utf8.allSatisfy(isUnreserved) { return string }
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count)
        append(string, to: &output, spaceAsPlus: spaceAsPlus)
        return String(decoding: output, as: UTF8.self)
    }
}
