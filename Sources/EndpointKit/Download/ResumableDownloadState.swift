import Foundation
import HTTPTypes
import OpenAPIRuntime

/// What a resumable download holds, shared by its attempts: the partial file, its length, the
/// validator of the first answer, and the range the current attempt asked for.
final class ResumableDownloadState: Sendable {
    struct Values {
        var bytesOnDisk: Int64
        var validator: String?
        var expectedLength: Int64?
        /// The first byte the current attempt asked for; `nil` when it asked for the whole file.
        var rangeStart: Int64?
        /// Whether the current attempt wrote bytes.
        var progressed = false
    }

    /// The redacted URL of the request, for the resume data.
    let url: String
    let destination: URL
    let partial: URL
    let values: Locked<Values>

    private init(url: String, destination: URL, partial: URL, values: Values) {
        self.url = url
        self.destination = destination
        self.partial = partial
        self.values = Locked(values)
    }

    /// A new download into a new hidden partial file beside `destination`.
    static func start(url: String, destination: URL) throws -> ResumableDownloadState {
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: partial.path])
        }
        return ResumableDownloadState(url: url, destination: destination, partial: partial, values: Values(bytesOnDisk: 0))
    }

    /// The download that `data` describes, its partial file cut back to the bytes it recorded.
    static func resume(_ data: DownloadResumeData, url: String, destination: URL) throws -> ResumableDownloadState {
        func unusable(_ reason: String) -> DownloadIntegrityFailure { .unusableResumeData(reason: reason) }
        guard data.destination.standardizedFileURL == destination.standardizedFileURL else {
            throw unusable("it is for \(data.destination.path), not \(destination.path)")
        }
        guard data.url == url else { throw unusable("it is for \(data.url), not \(url)") }
        guard data.partialFile.standardizedFileURL != destination.standardizedFileURL else {
            throw unusable("its partial file is the destination itself")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: data.partialFile.path)[.size] as? NSNumber)?.int64Value
        guard let size else { throw unusable("the partial file \(data.partialFile.path) does not exist") }
        guard data.bytesReceived >= 0, size >= data.bytesReceived else {
            throw unusable("the partial file holds \(size) bytes, fewer than the \(data.bytesReceived) recorded")
        }
        let handle = try FileHandle(forWritingTo: data.partialFile)
        try handle.truncate(atOffset: UInt64(data.bytesReceived))
        try handle.close()
        let values = Values(bytesOnDisk: data.bytesReceived, validator: data.validator, expectedLength: data.expectedLength)
        return ResumableDownloadState(url: url, destination: destination, partial: data.partialFile, values: values)
    }

    /// What the download has, to go on from later.
    var resumeData: DownloadResumeData {
        values.withLock {
            DownloadResumeData(
                url: url, destination: destination, partialFile: partial, bytesReceived: $0.bytesOnDisk, validator: $0.validator,
                expectedLength: $0.expectedLength)
        }
    }

    /// The bytes on disk and the expected length.
    var progress: TransferProgress {
        values.withLock { TransferProgress(completedBytes: $0.bytesOnDisk, expectedBytes: $0.expectedLength) }
    }

    /// Whether every announced byte is on disk already.
    var isComplete: Bool {
        values.withLock { $0.expectedLength == $0.bytesOnDisk }
    }

    // MARK: Attempts

    /// Asks for the bytes from the end of the partial file, if it holds any, with `If-Range`.
    func adapt(_ head: inout HTTPRequest) {
        values.withLock { values in
            values.progressed = false
            values.rangeStart = values.bytesOnDisk > 0 ? values.bytesOnDisk : nil
            guard let start = values.rangeStart else { return }
            head.headerFields[.range] = "bytes=\(start)-"
            if let validator = values.validator { head.headerFields[.ifRange] = validator }
        }
    }

    /// Whether the current attempt wrote bytes (and so resumes, not retries, when it fails).
    func takeProgress() -> Bool {
        values.withLock { $0.progressed }
    }

    /// The progress while a transport writes an attempt's body to a file of its own: `written`
    /// bytes after those on disk, of `expected` more when the whole file's length is not known yet.
    func progress(pending written: Int64, of expected: Int64?) -> TransferProgress {
        values.withLock { values in
            let total = values.expectedLength ?? expected.map { values.bytesOnDisk + $0 }
            return TransferProgress(completedBytes: values.bytesOnDisk + written, expectedBytes: total)
        }
    }

    /// Writes an acceptable answer's body into the partial file: appended after a `206` that
    /// continues it, from zero after a whole answer. Returns the bytes written.
    func receive(_ response: HTTPResponse, _ body: HTTPBody?, progress: AsyncStream<TransferProgress>.Continuation)
        async throws -> Int64
    {
        guard let start = try startOffset(for: response) else { return 0 }
        let handle = try openPartial(at: start)
        defer { try? handle.close() }
        var written: Int64 = 0
        if let body {
            for try await chunk in body {
                try Task.checkCancellation()
                try Self.write(chunk, to: handle)
                written += Int64(chunk.count)
                progress.yield(wrote(upTo: start + written))
            }
        }
        try Self.synchronize(handle)
        try checkLength()
        return written
    }

    /// ``receive(_:_:progress:)`` for a body a transport wrote to `file` (removed afterwards).
    func receive(_ response: HTTPResponse, file: URL, progress: AsyncStream<TransferProgress>.Continuation) throws -> Int64 {
        defer { try? FileManager.default.removeItem(at: file) }
        guard let start = try startOffset(for: response) else { return 0 }
        let handle = try openPartial(at: start)
        defer { try? handle.close() }
        let source: FileHandle
        do {
            source = try FileHandle(forReadingFrom: file)
        } catch {
            throw WriteFailure(underlying: error)
        }
        defer { try? source.close() }
        var written: Int64 = 0
        while let data = try Self.read(source), !data.isEmpty {
            try Self.write(data, to: handle)
            written += Int64(data.count)
            progress.yield(wrote(upTo: start + written))
        }
        try Self.synchronize(handle)
        try checkLength()
        return written
    }

    /// The partial file, cut back to `start` bytes, for writing from there.
    private func openPartial(at start: Int64) throws -> FileHandle {
        do {
            let handle = try FileHandle(forWritingTo: partial)
            try handle.truncate(atOffset: UInt64(start))
            return handle
        } catch {
            throw WriteFailure(underlying: error)
        }
    }

    /// Records the bytes on disk; the progress to report.
    private func wrote(upTo bytes: Int64) -> TransferProgress {
        values.withLock {
            $0.bytesOnDisk = bytes
            $0.progressed = true
            return TransferProgress(completedBytes: bytes, expectedBytes: $0.expectedLength)
        }
    }

    /// After a body ended: a short file is resumed (a retryable failure), a long one is wrong.
    private func checkLength() throws {
        let (onDisk, expected) = values.withLock { ($0.bytesOnDisk, $0.expectedLength) }
        guard let expected, onDisk != expected else { return }
        if onDisk < expected { throw IncompleteBody(received: onDisk, expected: expected) }
        throw Self.rejected(.lengthMismatch(received: onDisk, expected: expected))
    }

    /// Where the answer's body goes in the file: the asked-for offset after a `206`, zero after a
    /// whole answer, `nil` after a `416` to a file that is already complete.
    private func startOffset(for response: HTTPResponse) throws -> Int64? {
        try values.withLock { values throws -> Int64? in
            switch response.status.code {
            case 206: return try Self.continuation(of: &values, by: response)
            case 416: return try Self.complete(values, after: response)
            default:
                values.bytesOnDisk = 0
                values.validator = Self.validator(of: response)
                values.expectedLength =
                    response.headerFields[.contentEncoding] == nil ? response.headerFields[.contentLength].flatMap { Int64($0) } : nil
                return 0
            }
        }
    }

    /// The offset a `206` continues the file at, once its `Content-Range` and `ETag` are checked.
    private static func continuation(of values: inout Values, by response: HTTPResponse) throws -> Int64 {
        guard let asked = values.rangeStart else { throw rejected(.partialContentWithoutRange) }
        let header = response.headerFields[.contentRange]
        guard let header, let range = ContentRange(header) else { throw rejected(.unreadableContentRange(header)) }
        let length = response.headerFields[.contentLength].flatMap { Int64($0) }
        let known = values.expectedLength
        guard range.first == asked, known == nil || range.total == nil || range.total == known,
            length == nil || length == range.last - range.first + 1
        else {
            let total = known.map(String.init) ?? "*"
            throw rejected(.contentRangeMismatch(received: header, expected: "bytes \(asked)-…/\(total)"))
        }
        if let sent = values.validator, sent.hasPrefix("\""), let etag = response.headerFields[.eTag], etag != sent {
            throw rejected(.validatorChanged(sent: sent, received: etag))
        }
        values.expectedLength = range.total ?? known
        return asked
    }

    /// `nil` when a `416` answers a range that starts at the end of a complete file; throws otherwise.
    private static func complete(_ values: Values, after response: HTTPResponse) throws -> Int64? {
        let header = response.headerFields[.contentRange]
        let total = values.expectedLength ?? ContentRange.unsatisfiedTotal(header)
        guard let asked = values.rangeStart, let total, asked == total else {
            throw rejected(.rangeNotSatisfiable(requestedFrom: values.rangeStart ?? 0, contentRange: header))
        }
        return nil
    }

    /// The strong `ETag`, else the `Last-Modified`, of `response`: what `If-Range` may send.
    static func validator(of response: HTTPResponse) -> String? {
        if let etag = response.headerFields[.eTag], etag.hasPrefix("\"") { return etag }
        return response.headerFields[.lastModified]
    }

    private static func rejected(_ failure: DownloadIntegrityFailure) -> any Error {
        failure
    }

    private static func read(_ source: FileHandle) throws -> Data? {
        do {
            return try source.read(upToCount: 1 << 20)
        } catch {
            throw WriteFailure(underlying: error)
        }
    }

    private static func write(_ chunk: some DataProtocol, to handle: FileHandle) throws {
        do {
            try handle.write(contentsOf: chunk)
        } catch {
            throw WriteFailure(underlying: error)
        }
    }

    private static func synchronize(_ handle: FileHandle) throws {
        do {
            try handle.synchronize()
        } catch {
            throw WriteFailure(underlying: error)
        }
    }
}

/// A body that ended before the announced length: the download goes on from where it stopped.
struct IncompleteBody: Error, CustomStringConvertible {
    var received: Int64
    var expected: Int64

    var description: String { "the answer ended after \(received) of \(expected) bytes" }
}

/// The partial file could not be written: the download fails (it is not the transport's fault).
struct WriteFailure: Error {
    var underlying: any Error
}
