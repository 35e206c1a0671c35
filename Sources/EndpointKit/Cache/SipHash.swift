/// SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed 64-bit hash of short inputs. The cache uses
/// it under a secret salt to tell requests with different credentials apart without keeping, or
/// revealing, the credentials.
enum SipHash {
    static func hash(_ bytes: [UInt8], key: (UInt64, UInt64)) -> UInt64 {
        var v0: UInt64 = 0x736F_6D65_7073_6575 ^ key.0
        var v1: UInt64 = 0x646F_7261_6E64_6F6D ^ key.1
        var v2: UInt64 = 0x6C79_6765_6E65_7261 ^ key.0
        var v3: UInt64 = 0x7465_6462_7974_6573 ^ key.1

        func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 { (value << count) | (value >> (64 - count)) }
        func round() {
            v0 &+= v1; v1 = rotate(v1, 13); v1 ^= v0; v0 = rotate(v0, 32)
            v2 &+= v3; v3 = rotate(v3, 16); v3 ^= v2
            v0 &+= v3; v3 = rotate(v3, 21); v3 ^= v0
            v2 &+= v1; v1 = rotate(v1, 17); v1 ^= v2; v2 = rotate(v2, 32)
        }
        func absorb(_ word: UInt64) {
            v3 ^= word
            round()
            round()
            v0 ^= word
        }

        let whole = bytes.count / 8 * 8
        var index = 0
        while index < whole {
            var word: UInt64 = 0
            for offset in 0..<8 { word |= UInt64(bytes[index + offset]) << (8 * UInt64(offset)) }
            absorb(word)
            index += 8
        }
        var last = UInt64(truncatingIfNeeded: bytes.count) << 56
        for offset in 0..<(bytes.count - whole) { last |= UInt64(bytes[whole + offset]) << (8 * UInt64(offset)) }
        absorb(last)
        v2 ^= 0xFF
        for _ in 0..<4 { round() }
        return v0 ^ v1 ^ v2 ^ v3
    }
}
