import Foundation
import HTTPTypes
import OpenAPIRuntime

extension EndpointController {
    /// Downloads a file; see ``FileDownloadEndpoint``.
    /// - Returns: The destination, once the complete file is there.
    public func load(_ download: FileDownloadEndpoint) async throws(EndpointError) -> URL {
        try await self.download(download).value
    }

    /// Starts downloading a file, with its progress; see ``FileDownloadEndpoint``.
    public func download(_ download: FileDownloadEndpoint) -> TransferTask<URL> {
        self.download(download.endpoint, to: download.destination)
    }

    /// Starts downloading the body of `request` to `destination`, with its progress.
    ///
    /// The body streams to a temporary file beside `destination` (parent directories are created),
    /// which is moved into place atomically when complete and removed on any failure or cancellation.
    public func download<R: Request>(_ request: R, to destination: URL, page: Int = 1) -> TransferTask<URL> {
        let (progress, continuation) = AsyncStream<TransferProgress>.makeStream()
        let method = request.method
        let path = request.path.description
        let task = Task { () async throws -> URL in
            defer { continuation.finish() }
            let directory = destination.deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw EndpointError(
                    .download(reason: "cannot create the directory \(directory.path): \(error.localizedDescription)"),
                    method: method, path: path, attempts: 0)
            }
            // Progress starts from zero, as when the controller writes the file itself.
            let started = Locked(false)
            let target = TransportFileTarget(makePath: { Self.temporaryPath(besides: destination) }) { written, expected in
                if !started.withLock(Self.setOnce) {
                    continuation.yield(TransferProgress(completedBytes: 0, expectedBytes: expected))
                }
                continuation.yield(TransferProgress(completedBytes: written, expectedBytes: expected))
            }
            let (_, temporary, attempts) = try await core.exchange(
                request, page: page, extraHeaders: [:], timeout: configuration.transferTimeout, intoFile: target
            ) { response, received in
                switch received {
                case .stream(let body):
                    return try await Self.write(body, besides: destination, progress: continuation)
                case .file(let file, let size):
                    if !started.withLock(Self.setOnce) {
                        continuation.yield(TransferProgress(completedBytes: 0, expectedBytes: size))
                    }
                    return try Self.check(file, size: size, against: response, progress: continuation)
                }
            }
            do {
                try Task.checkCancellation()
                try Self.moveIntoPlace(temporary, destination)
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                let kind: EndpointError.Kind =
                    error is CancellationError
                    ? .transport(.cancelled) : .download(reason: "cannot move the file to \(destination.path): \(error)")
                throw EndpointError(kind, method: method, path: path, attempts: attempts)
            }
            return destination
        }
        return TransferTask(progress: progress, task: task, method: method, path: path)
    }

    /// Starts sending `request`, reporting the bytes of its body as the transport sends them.
    ///
    /// Streamed bodies (multipart with file parts) are read in chunks while they are sent. Upload
    /// progress counts the bytes the transport has taken from the body; with a buffering transport
    /// (URLSession on Linux) it runs ahead of the network.
    public func upload<R: Request>(_ request: R) -> TransferTask<R.Response> where R.Response: Sendable {
        let (progress, continuation) = AsyncStream<TransferProgress>.makeStream()
        let expected = (try? request.bodyParameters)?.flatMap { try? $0.buildEntity(forHTTPMethod: request.method).length } ?? nil
        let limit = configuration.maxResponseBytes
        let task = Task { () async throws -> R.Response in
            defer { continuation.finish() }
            let (response, body, attempts) = try await core.exchange(
                request, page: 1, extraHeaders: [:], timeout: configuration.transferTimeout,
                uploadProgress: { sent in continuation.yield(TransferProgress(completedBytes: sent, expectedBytes: expected)) }
            ) { _, body in
                let data = try await ControllerCore.collect(body, limit: limit)
                return (data, Int64(data.count))
            }
            return try core.decode(request, body: body, response: response, attempts: attempts)
        }
        return TransferTask(progress: progress, task: task, method: request.method, path: request.path.description)
    }

    /// Sets a flag and says whether it was set before.
    private static func setOnce(_ flag: inout Bool) -> Bool {
        defer { flag = true }
        return flag
    }

    /// A new hidden path beside `destination` for the file being written.
    static func temporaryPath(besides destination: URL) -> URL {
        destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
    }

    /// Checks a file a transport wrote against the answer's `Content-Length` (when the body was not
    /// content-encoded, whose length counts the encoded bytes) and flushes it to disk, as the
    /// controller does with the files it writes itself; removes it when short, long or unflushable.
    static func check(_ file: URL, size: Int64, against response: HTTPResponse, progress: AsyncStream<TransferProgress>.Continuation)
        throws -> (URL, Int64)
    {
        let expected = response.headerFields[.contentEncoding] == nil ? response.headerFields[.contentLength].flatMap { Int64($0) } : nil
        if let expected, size != expected {
            try? FileManager.default.removeItem(at: file)
            throw ControllerCore.ConsumerError(underlying: CocoaError(.fileReadCorruptFile, userInfo: [
                NSLocalizedDescriptionKey: "received \(size) of \(expected) bytes"
            ]))
        }
        do {
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw writeFailure(file, error)
        }
        progress.yield(TransferProgress(completedBytes: size, expectedBytes: expected ?? size))
        return (file, size)
    }

    /// Writes `body` to a new temporary file beside `destination`; removes it on any failure.
    static func write(_ body: HTTPBody?, besides destination: URL, progress: AsyncStream<TransferProgress>.Continuation)
        async throws -> (URL, Int64)
    {
        let temporary = temporaryPath(besides: destination)
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw writeFailure(temporary, CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path]))
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            var expected: Int64?
            if case .known(let length) = body?.length { expected = length }
            var written: Int64 = 0
            progress.yield(TransferProgress(completedBytes: 0, expectedBytes: expected))
            if let body {
                for try await chunk in body {
                    try Task.checkCancellation()
                    do {
                        try handle.write(contentsOf: chunk)
                    } catch {
                        throw writeFailure(temporary, error)
                    }
                    written += Int64(chunk.count)
                    progress.yield(TransferProgress(completedBytes: written, expectedBytes: expected))
                }
            }
            if let expected, written != expected {
                throw ControllerCore.ConsumerError(underlying: CocoaError(.fileReadCorruptFile, userInfo: [
                    NSLocalizedDescriptionKey: "received \(written) of \(expected) bytes"
                ]))
            }
            do {
                try handle.synchronize()
            } catch {
                throw writeFailure(temporary, error)
            }
            return (temporary, written)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// The failure to write `file`, as a transport that writes downloads itself reports it.
    private static func writeFailure(_ file: URL, _ error: any Error) -> ControllerCore.ConsumerError {
        ControllerCore.ConsumerError(underlying: DownloadFileWriteFailure(file: file, underlying: error))
    }

    /// Renames `temporary` to `destination` in one step, replacing what was there.
    static func moveIntoPlace(_ temporary: URL, _ destination: URL) throws {
        guard rename(temporary.path, destination.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [
                NSLocalizedDescriptionKey: String(cString: strerror(errno))
            ])
        }
    }
}
