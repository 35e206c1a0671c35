import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A transport that writes an answer's body into a file itself, as URLSession's download tasks
/// do, instead of handing it over as a stream.
///
/// ``EndpointController`` downloads through it when its transport offers it and the request has no
/// body: the file is written by the platform, so a download takes no more memory however slowly
/// the disk keeps up, and the controller only checks the file, flushes it to disk (as it does the
/// files it writes itself) and moves it into place.
public protocol FileDownloadingTransport: ClientTransport {
    /// Sends `request`, which has no body, and writes the body of its answer, whatever the status,
    /// to `file` (a path that does not exist yet, in the directory of the download's destination).
    ///
    /// - Parameters:
    ///   - request: The request head; its path is joined to `baseURL` as for `send`.
    ///   - baseURL: The scheme and authority, as for `send`.
    ///   - operationID: As for `send`.
    ///   - file: Where the body goes. On success it holds the whole body (an empty file for an
    ///     answer without one); on failure it does not exist. When it cannot be made or written,
    ///     the download throws ``DownloadFileWriteFailure``.
    ///   - progress: Called with the bytes written so far and the expected total when known.
    /// - Returns: The answer's head, once the file is complete.
    func download(
        _ request: HTTPRequest, baseURL: URL, operationID: String, to file: URL,
        progress: @escaping @Sendable (_ written: Int64, _ expected: Int64?) -> Void
    ) async throws -> HTTPResponse
}
