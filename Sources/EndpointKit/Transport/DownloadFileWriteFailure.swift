import Foundation

/// The failure of a ``FileDownloadingTransport`` that could not make or write the file a download
/// goes to: a full disk, a directory that went away. Not a network failure, so the controller does
/// not retry it: the download fails with ``EndpointError/Kind/download(reason:)``.
public struct DownloadFileWriteFailure: Error, Sendable, CustomStringConvertible {
    /// The file the transport was writing.
    public var file: URL
    /// What the file system said.
    public var underlying: any Error

    /// The failure to write `file`, for the reason `underlying` gives.
    public init(file: URL, underlying: any Error) {
        self.file = file
        self.underlying = underlying
    }

    public var description: String {
        "cannot write the file in \(file.deletingLastPathComponent().path): \(underlying.localizedDescription)"
    }
}
