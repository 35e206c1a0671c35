import HTTPTypes

/// Checks header names and values before they reach `HTTPFields`, which would otherwise turn a
/// forbidden byte into a space without a word.
enum HeaderValidation {
    /// The validated field, or a typed error naming the header and the offending byte (never the value).
    static func field(name: String, value: String) throws -> HTTPField {
        guard let fieldName = HTTPField.Name(name) else {
            throw EndpointRequestError.invalidHeaderName(name)
        }
        if let reason = invalidValueReason(value) {
            throw EndpointRequestError.invalidHeaderValue(name: name, reason: reason)
        }
        return HTTPField(name: fieldName, value: value)
    }

    /// Why `value` is not a valid RFC 9110 field value, or `nil` when it is.
    static func invalidValueReason(_ value: String) -> String? {
        guard !HTTPField.isValidValue(value) else { return nil }
        for (offset, byte) in value.utf8.enumerated() {
            switch byte {
            case 0x0D: return "it contains a carriage return (CR) at byte \(offset)"
            case 0x0A: return "it contains a line feed (LF) at byte \(offset)"
            case 0x00: return "it contains a NUL byte at byte \(offset)"
            case 0x01...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F:
                return "it contains the control byte 0x\(String(byte, radix: 16, uppercase: true)) at byte \(offset)"
            default: continue
            }
        }
        return "it starts or ends with whitespace"
    }
}
