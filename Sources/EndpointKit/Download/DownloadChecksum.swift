import Crypto
import Foundation

/// The checksum a finished download must have: SHA-256, or a digest of your own.
///
/// ```swift
/// let options = ResumableDownloadOptions(checksum: .sha256("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"))
/// ```
public struct DownloadChecksum: Sendable {
    /// The algorithm's name, for errors.
    public let algorithm: String
    /// The expected digest, as text (compared without regard to case).
    public let expected: String
    /// The number of characters a digest of the algorithm has, when fixed.
    let digestLength: Int?
    /// Computes the file's digest, as text.
    let digest: @Sendable (URL) throws -> String

    /// A SHA-256 digest, as 64 hexadecimal digits.
    public static func sha256(_ hex: String) -> DownloadChecksum {
        DownloadChecksum(algorithm: "SHA-256", expected: hex, digestLength: 64, digest: sha256Digest)
    }

    /// A digest of your own: `digest` reads the finished file and returns its digest as text,
    /// compared with `expected` without regard to case.
    public static func custom(
        algorithm: String, expected: String, digest: @escaping @Sendable (URL) throws -> String
    ) -> DownloadChecksum {
        DownloadChecksum(algorithm: algorithm, expected: expected, digestLength: nil, digest: digest)
    }

    /// Checks that ``expected`` can be a digest of the algorithm.
    func validate() throws(DownloadIntegrityFailure) {
        guard let digestLength else { return }
        guard expected.count == digestLength, expected.allSatisfy(\.isHexDigit) else {
            throw .invalidChecksum(
                algorithm: algorithm, value: String(expected.prefix(80)), reason: "is not \(digestLength) hexadecimal digits")
        }
    }

    /// Checks the digest of `file`.
    func verify(_ file: URL) throws {
        let actual = try digest(file)
        guard actual.lowercased() == expected.lowercased() else {
            throw DownloadIntegrityFailure.checksumMismatch(algorithm: algorithm, expected: expected, actual: actual)
        }
    }

    /// The SHA-256 of `file`, read 1 MiB at a time, in lower-case hexadecimal.
    @Sendable static func sha256Digest(_ file: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var hasher = SHA256()
        while let data = try handle.read(upToCount: 1 << 20), !data.isEmpty {
            hasher.update(data: data)
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
