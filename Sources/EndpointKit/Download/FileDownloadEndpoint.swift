import Foundation
import HTTPTypes

/// A file to download: an endpoint and where its body goes (the seed's `FileDownloadEndpoint`).
///
/// ```swift
/// let csv = FileDownloadEndpoint(
///     destination: URL(fileURLWithPath: "/tmp/foo.csv"),
///     serverURL: URL(string: "http://www.foo.com/")!,
///     pathPrefix: "data/foo.csv")
/// let file = try await controller.load(csv)
/// ```
///
/// The body streams to a temporary file beside the destination; missing parent directories are
/// created; on success the file is moved into place atomically (replacing an older one), on failure
/// or cancellation the temporary file is removed. Memory use does not depend on the file's size
/// when the transport streams (AsyncHTTPClient everywhere, URLSession on Apple platforms).
public struct FileDownloadEndpoint: Sendable {
    /// Where the file is written.
    public var destination: URL
    /// The request for the file.
    public var endpoint: Endpoint<Data>

    /// A download of `endpoint` to `destination`.
    public init(destination: URL, endpoint: Endpoint<Data>) {
        self.destination = destination
        self.endpoint = endpoint
    }

    /// A download of the file at `serverURL/pathPrefix/objectID/pathSuffix?query` to `destination`.
    public init(
        destination: URL, serverURL: URL, pathPrefix: String, objectID: String? = nil, pathSuffix: String? = nil,
        queryParameters: [String: any APIParamConvertible]? = nil, headerFields: [String: String] = [:]
    ) {
        self.init(
            destination: destination,
            endpoint: Endpoint(
                serverURL: serverURL, pathPrefix: pathPrefix, objectID: objectID, pathSuffix: pathSuffix,
                queryParameters: queryParameters, headerFields: headerFields))
    }
}

/// How far a transfer has come.
public struct TransferProgress: Sendable, Hashable {
    /// Bytes transferred so far.
    public var completedBytes: Int64
    /// The total, when the size is known.
    public var expectedBytes: Int64?

    /// `completedBytes / expectedBytes`, when the total is known and not zero.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return Double(completedBytes) / Double(expectedBytes)
    }
}

/// A transfer under way: its progress, and its result when it ends.
///
/// The progress stream exists before the transfer starts and keeps every event until read, so no
/// early event is missed however late you start iterating. It ends when the transfer does.
public struct TransferTask<Value: Sendable>: Sendable {
    /// The progress, from the first byte to the last.
    public let progress: AsyncStream<TransferProgress>
    let task: Task<Value, any Error>
    let method: HTTPRequest.Method
    let path: String

    /// The result: waits for the end of the transfer.
    public var value: Value {
        get async throws(EndpointError) {
            do {
                return try await task.value
            } catch let error as EndpointError {
                throw error
            } catch {
                throw EndpointError(.transport(.other("\(error)")), method: method, path: path, attempts: 0)
            }
        }
    }

    /// Cancels the transfer; ``value`` then throws a `.transport(.cancelled)` error.
    public func cancel() {
        task.cancel()
    }
}
