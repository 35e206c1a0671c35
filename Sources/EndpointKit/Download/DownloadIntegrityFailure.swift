/// Why a resumable download rejected an answer or the file it made: each case names what was
/// wrong and what was expected.
public enum DownloadIntegrityFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// A `206 Partial Content` answered an attempt that asked for no range.
    case partialContentWithoutRange
    /// A `206` without a `Content-Range`, or with one that is not `bytes first-last/total`.
    case unreadableContentRange(String?)
    /// The `Content-Range` does not continue the file: `received` is the header, `expected` what
    /// was asked for (`bytes N-…/total`).
    case contentRangeMismatch(received: String, expected: String)
    /// A `206` whose `ETag` is not the one the download started with: the server ignored `If-Range`.
    case validatorChanged(sent: String, received: String)
    /// A `416` while the file is incomplete: the server cannot serve the bytes from `requestedFrom`.
    case rangeNotSatisfiable(requestedFrom: Int64, contentRange: String?)
    /// The finished file's length is not the announced length.
    case lengthMismatch(received: Int64, expected: Int64)
    /// The finished file's checksum is not the caller's.
    case checksumMismatch(algorithm: String, expected: String, actual: String)
    /// The checksum the caller gave cannot be one of its algorithm.
    case invalidChecksum(algorithm: String, value: String, reason: String)
    /// The resume data cannot resume this download.
    case unusableResumeData(reason: String)
    /// An option is out of its range.
    case invalidOption(name: String, value: String, allowed: String)

    /// What went wrong and what was expected.
    public var description: String {
        switch self {
        case .partialContentWithoutRange:
            "a 206 Partial Content answered a request that asked for no range; expected a 200 with the whole file"
        case .unreadableContentRange(let value):
            "the 206 answer's Content-Range \(value.map { "\"\($0)\"" } ?? "is missing"); expected \"bytes first-last/total\""
        case .contentRangeMismatch(let received, let expected):
            "the Content-Range \"\(received)\" does not continue the file; expected \"\(expected)\""
        case .validatorChanged(let sent, let received):
            "the 206 answer's ETag \(received) is not the \(sent) sent in If-Range; the file changed on the server"
        case .rangeNotSatisfiable(let start, let contentRange):
            "416 Range Not Satisfiable for the bytes from \(start) (Content-Range \(contentRange ?? "none")) while the file is incomplete"
        case .lengthMismatch(let received, let expected):
            "the file has \(received) bytes; expected \(expected)"
        case .checksumMismatch(let algorithm, let expected, let actual):
            "the file's \(algorithm) is \(actual); expected \(expected)"
        case .invalidChecksum(let algorithm, let value, let reason):
            "the \(algorithm) checksum \"\(value)\" \(reason)"
        case .unusableResumeData(let reason):
            "the resume data cannot resume this download: \(reason)"
        case .invalidOption(let name, let value, let allowed):
            "\(name) is \(value); allowed: \(allowed)"
        }
    }
}
