extension QueryEncoder {
    /// How a ``ParamValue/null`` member is written.
    public enum NilEncoding: Sendable, Hashable, CaseIterable {
        /// Left out: `a=1` for `["a": 1, "b": nil]`. The default.
        case drop
        /// The name with an empty value: `b=`.
        case emptyValue
        /// The name with the text `null`: `b=null` (how some APIs clear a field).
        case nullLiteral
        /// The name alone, without `=`: `b`.
        case bareKey
    }

    /// The order in which the members of an object are written.
    public enum KeyOrder: Sendable, Hashable, CaseIterable {
        /// Ascending by name at every level, so the same parameters always give the same bytes.
        /// The default.
        case sorted
        /// The order the members were declared in, where the value keeps one: an `Encodable`
        /// type (``EncodableParameters``, in the order its `encode(to:)` writes them), a
        /// ``KeyedAPIParameters`` type whose key enum is `CaseIterable` (in the order of its cases),
        /// a ``ParamValue/orderedObject(_:)``. Dictionaries have no order and stay sorted.
        case declared
    }

    /// The characters of names and values written bare; every other byte is percent-encoded.
    ///
    /// Every set is a subset of the characters RFC 3986 allows in a query other than `&`, `=` and
    /// `+`, which would change how the query is split or read, so any set gives a valid URL whose
    /// pairs parse back to the values sent.
    public struct AllowedCharacters: Sendable, Hashable {
        /// Bit `b` for ASCII byte `b` below 64.
        private var low: UInt64
        /// Bit `b - 64` for ASCII byte `b` from 64 to 127.
        private var high: UInt64

        private init(bytes: some Sequence<UInt8>) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for byte in bytes {
                if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
            }
            self.low = low
            self.high = high
        }

        /// `A-Z a-z 0-9`.
        private static let alphanumerics = Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
            + Array(UInt8(ascii: "0")...UInt8(ascii: "9"))

        private init(low: UInt64, high: UInt64) {
            self.low = low
            self.high = high
        }

        /// RFC 3986's unreserved characters, `A-Z a-z 0-9 - . _ ~`: the default, and the set
        /// that every server and signature scheme reads the same way. (Its two masks as constants:
        /// every query encoder starts from it, and a stored static would cost a one-time-init check
        /// on each use.)
        public static var rfc3986Unreserved: AllowedCharacters {
            AllowedCharacters(low: 0x03FF_6000_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)
        }

        /// What the WHATWG URL standard's `application/x-www-form-urlencoded` serializer leaves
        /// bare, `A-Z a-z 0-9 * - . _`: browsers' forms and `URLSearchParams` (pair it with
        /// ``SpaceStyle/plus`` to match them byte for byte).
        public static let whatwgFormURLEncoded = AllowedCharacters(bytes: alphanumerics + Array("*-._".utf8))

        /// The widest set: every character RFC 3986 allows in a query but `&`, `=` and `+`,
        /// that is the unreserved ones and `! $ ' ( ) * , ; : @ / ?`.
        public static let rfc3986Query = AllowedCharacters(bytes: alphanumerics + Array("-._~!$'()*,;:@/?".utf8))

        /// The characters of `characters`, each of which must be in ``rfc3986Query``.
        ///
        /// - Throws: ``EndpointRequestError/invalidAllowedCharacter(_:reason:)`` naming the first
        ///   character that is not.
        public init(_ characters: String) throws {
            for character in characters {
                guard let byte = character.asciiValue, AllowedCharacters.rfc3986Query.contains(byte) else {
                    throw EndpointRequestError.invalidAllowedCharacter(String(character), reason: AllowedCharacters.whyNot(character))
                }
            }
            self.init(bytes: characters.utf8)
        }

        private static func whyNot(_ character: Character) -> String {
            switch character {
            case "&", "=": "it separates the query's pairs and names"
            case "+": "servers read a bare + as a space"
            case "%": "it starts a percent-encoding"
            default: "RFC 3986 does not allow it bare in a query"
            }
        }

        /// This set without `character` (an ASCII character): one bit cleared.
        func removing(_ character: UInt8) -> AllowedCharacters {
            var set = self
            if character < 64 {
                set.low &= ~(1 << character)
            } else if character < 128 {
                set.high &= ~(1 << (character - 64))
            }
            return set
        }

        /// Whether `byte` is written bare.
        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << byte) != 0 : byte < 128 && high & (1 << (byte - 64)) != 0
        }
    }
}
