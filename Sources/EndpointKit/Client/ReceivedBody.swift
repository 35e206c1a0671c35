import Foundation
import HTTPTypes
import OpenAPIRuntime

/// An answer's body as one attempt received it: streaming from the transport, or already in a file
/// that a ``FileDownloadingTransport`` wrote.
enum ReceivedBody: Sendable {
    case stream(HTTPBody?)
    /// The file and its size in bytes.
    case file(URL, size: Int64)

    /// The body with its `Content-Encoding` decoded when the transport left it encoded (a file is
    /// written by a platform that decodes it: URLSession).
    func decodingContent(of response: HTTPResponse) -> ReceivedBody {
        switch self {
        case .stream(let body): .stream(ContentDecoding.decoded(body, response: response))
        case .file: self
        }
    }
}

/// Where a ``FileDownloadingTransport`` writes an attempt's answer, and who hears its progress.
struct TransportFileTarget: Sendable {
    /// A new path for each attempt, in the destination's directory.
    var makePath: @Sendable () -> URL
    /// Bytes written so far, and the expected total when known.
    var progress: @Sendable (Int64, Int64?) -> Void
}
