import Foundation

/// What a resumable download had when it stopped, to go on later from the bytes on disk.
///
/// A cancelled download, or one whose retries ran out, hands it over in
/// ``EndpointError/resumeData``; it is `Codable`, so it can outlive the process. Pass it back in
/// ``ResumableDownloadOptions/resumeData`` with the same request and destination. It holds no
/// credential: ``url`` has the values of secret query names redacted, and no header is kept.
public struct DownloadResumeData: Sendable, Codable, Hashable {
    /// The request's URL, secret query values redacted: a resume must ask for the same one.
    public var url: String
    /// Where the finished file goes.
    public var destination: URL
    /// The partial file, beside the destination and hidden (never the destination itself).
    public var partialFile: URL
    /// The bytes of the file in ``partialFile`` so far.
    public var bytesReceived: Int64
    /// The first answer's strong `ETag`, else its `Last-Modified`, sent as `If-Range`; `nil` when
    /// the server gave neither (the resume then relies on the length and checksum checks).
    public var validator: String?
    /// The whole file's length, when the server announced it.
    public var expectedLength: Int64?

    /// Resume data; made by the controller, or decoded from what it made.
    public init(
        url: String, destination: URL, partialFile: URL, bytesReceived: Int64, validator: String?, expectedLength: Int64?
    ) {
        self.url = url
        self.destination = destination
        self.partialFile = partialFile
        self.bytesReceived = bytesReceived
        self.validator = validator
        self.expectedLength = expectedLength
    }
}
