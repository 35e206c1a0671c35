import Foundation
import HTTPTypes

/// The body of a request: a content type and an entity (APIKit's `BodyParameters`).
///
/// Built in: ``JSONBodyParameters``, ``FormURLEncodedBodyParameters``,
/// ``MultipartFormDataBodyParameters`` and ``DataBodyParameters``. Conform your own type for
/// another format.
public protocol BodyParameters: Sendable {
    /// The `Content-Type` header value, such as `application/json`.
    var contentType: String { get }

    /// The bytes to send, in memory or as a stream, rendered for a request of `method`.
    func buildEntity(forHTTPMethod method: HTTPRequest.Method) throws -> RequestBodyEntity
}

/// The bytes of a request body: in memory, or a stream read chunk by chunk as it is sent.
public enum RequestBodyEntity: Sendable {
    /// The whole body in memory.
    case data(Data)
    /// A body produced while it is sent, with its length when known.
    case stream(BodyStream)

    /// The number of bytes, when known before sending.
    public var length: Int64? {
        switch self {
        case .data(let data): Int64(data.count)
        case .stream(let stream): stream.length
        }
    }
}

/// Produces the chunks of one pass over a streamed body. A new source is made for every pass.
public protocol BodyChunkSource {
    /// The next chunk, or `nil` at the end of the body.
    mutating func nextChunk() throws -> ArraySlice<UInt8>?
}

/// A request body produced chunk by chunk, so large bodies (a file part of 1 GiB) never sit in
/// memory whole.
///
/// A stream can be read any number of times: each pass makes a new ``BodyChunkSource``, so a
/// transport may retry or follow a redirect. It is an `AsyncSequence` of byte chunks for
/// `HTTPBody`, and ``makeInputStream()`` gives Foundation's `InputStream` for `URLRequest`.
public struct BodyStream: AsyncSequence, Sendable {
    /// A chunk of bytes.
    public typealias Element = ArraySlice<UInt8>

    /// The total number of bytes, when known before sending.
    public let length: Int64?
    private let makeSource: @Sendable () throws -> any BodyChunkSource

    /// A stream of `length` bytes (or unknown), whose passes each start with `makeSource`.
    public init(length: Int64?, makeSource: @escaping @Sendable () throws -> any BodyChunkSource) {
        self.length = length
        self.makeSource = makeSource
    }

    /// A new source for one pass over the body.
    public func makeChunkSource() throws -> any BodyChunkSource {
        try makeSource()
    }

    /// An iterator for one pass over the body.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: self)
    }

    /// Reads one pass over the body.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let stream: BodyStream
        private var source: (any BodyChunkSource)?
        private var finished = false

        init(stream: BodyStream) {
            self.stream = stream
        }

        /// The next chunk, or `nil` at the end.
        public mutating func next() async throws -> ArraySlice<UInt8>? {
            guard !finished else { return nil }
            do {
                try Task.checkCancellation()
                if source == nil { source = try stream.makeSource() }
                if let chunk = try source!.nextChunk() { return chunk }
                finished = true
                source = nil
                return nil
            } catch {
                finished = true
                source = nil
                throw error
            }
        }
    }

    /// All the bytes of one pass, for tests and small bodies.
    public func collect() throws -> Data {
        var source = try makeSource()
        var data = Data()
        while let chunk = try source.nextChunk() {
            data.append(contentsOf: chunk)
        }
        return data
    }

    /// A Foundation `InputStream` over one pass, for `URLRequest.httpBodyStream`.
    ///
    /// A read error closes the stream with `streamError` set, which URLSession
    /// reports as a failed request.
    public func makeInputStream() -> InputStream {
        BodyInputStream(stream: self)
    }
}

/// Checks that `value` can be sent as a `Content-Type`.
func validateContentType(_ value: String) throws {
    guard !value.isEmpty else { throw EndpointRequestError.invalidContentType(value, reason: "it is empty") }
    if let reason = HeaderValidation.invalidValueReason(value) {
        throw EndpointRequestError.invalidContentType(value, reason: reason)
    }
}
