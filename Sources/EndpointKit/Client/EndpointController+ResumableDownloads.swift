import Foundation
import HTTPTypes
import OpenAPIRuntime

extension EndpointController {
    /// Starts a download that survives broken connections and cancellation; see
    /// ``resumableDownload(_:to:options:)``.
    public func resumableDownload(_ download: FileDownloadEndpoint, options: ResumableDownloadOptions = .init())
        -> TransferTask<URL>
    {
        resumableDownload(download.endpoint, to: download.destination, options: options)
    }

    /// Starts downloading the body of `request` to `destination`, resuming instead of starting
    /// again when the connection breaks.
    ///
    /// The body goes into a hidden partial file beside `destination`. When an attempt fails over a
    /// retryable error (see ``RetryPolicy``) after writing bytes, the next asks for the rest with
    /// `Range: bytes=N-` and `If-Range` (the first answer's strong `ETag`, else its
    /// `Last-Modified`): a `206` whose `Content-Range` is `bytes N-…/total` is appended, a `200`
    /// (the server ignores ranges, or the file changed) starts again from zero. An attempt that
    /// wrote bytes does not count against ``RetryPolicy/maxAttempts`` (up to
    /// ``ResumableDownloadOptions/maxResumes`` times). The finished file's length is checked against
    /// the announced one, and its checksum when ``ResumableDownloadOptions/checksum`` gives one;
    /// only then is it renamed to `destination`. No partial file is ever at `destination`.
    ///
    /// Cancelled, or out of retries, it keeps the partial file and throws an ``EndpointError``
    /// whose ``EndpointError/resumeData`` goes on later; any other failure removes it.
    ///
    /// Resuming after a break needs a transport that streams answers (AsyncHTTPClient, or
    /// ``URLSessionEndpointTransport`` with ``URLSessionEndpointTransport/ResponseDelivery/streamed``).
    /// A ``FileDownloadingTransport`` that does not (the buffered URLSession transport) writes each
    /// answer to a file of its own, so memory stays flat, but keeps nothing of a broken answer.
    public func resumableDownload<R: Request>(_ request: R, to destination: URL, options: ResumableDownloadOptions = .init())
        -> TransferTask<URL>
    {
        let (progress, continuation) = AsyncStream<TransferProgress>.makeStream()
        let task = Task { () async throws -> URL in
            defer { continuation.finish() }
            return try await self.runResumableDownload(request, to: destination, options: options, progress: continuation)
        }
        return TransferTask(progress: progress, task: task, method: request.method, path: request.path.description)
    }

    /// The whole resumable download: start or resume, the exchange, the checks, the rename.
    private func runResumableDownload<R: Request>(
        _ request: R, to destination: URL, options: ResumableDownloadOptions, progress: AsyncStream<TransferProgress>.Continuation
    ) async throws(EndpointError) -> URL {
        let state = try startResumableDownload(request, to: destination, options: options)
        progress.yield(state.progress)
        var attempts = 0
        if !state.isComplete {
            do {
                attempts = try await transfer(request, into: state, options: options, progress: progress)
            } catch {
                throw keepingPartialFile(of: state, after: error)
            }
        }
        try finishResumableDownload(state, checksum: options.checksum, makeError: { kind in
            EndpointError(kind, method: request.method, path: request.path.description, attempts: attempts)
        })
        return destination
    }

    /// Checks the options, and starts a new partial file or takes the one of the resume data.
    private func startResumableDownload<R: Request>(_ request: R, to destination: URL, options: ResumableDownloadOptions)
        throws(EndpointError) -> ResumableDownloadState
    {
        func failure(_ kind: EndpointError.Kind) -> EndpointError {
            EndpointError(kind, method: request.method, path: request.path.description, attempts: 0)
        }
        do {
            try options.validate()
        } catch {
            throw failure(.downloadIntegrity(error))
        }
        let (prepared, _) = try core.prepare(request, page: 1, extraHeaders: [:])
        let url = prepared.origin + configuration.redaction.redactTarget(prepared.request.path ?? "/")
        let directory = destination.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            if let data = options.resumeData { return try ResumableDownloadState.resume(data, url: url, destination: destination) }
            return try ResumableDownloadState.start(url: url, destination: destination)
        } catch let integrity as DownloadIntegrityFailure {
            throw failure(.downloadIntegrity(integrity))
        } catch {
            throw failure(.download(reason: "cannot write the partial file in \(directory.path): \(error.localizedDescription)"))
        }
    }

    /// Sends `request` until the partial file is complete; returns the attempts made.
    private func transfer<R: Request>(
        _ request: R, into state: ResumableDownloadState, options: ResumableDownloadOptions,
        progress: AsyncStream<TransferProgress>.Continuation
    ) async throws(EndpointError) -> Int {
        let hooks = ControllerCore.ResumeHooks(
            adaptAttempt: { state.adapt(&$0) }, madeProgress: { state.takeProgress() }, maxResumes: options.maxResumes)
        // A transport that holds whole answers in memory writes each to a file of its own instead.
        let intoFile =
            writesAnswersToFiles
            ? TransportFileTarget(makePath: { Self.temporaryPath(besides: state.destination) }) { written, expected in
                progress.yield(state.progress(pending: written, of: expected))
            } : nil
        // Ranges count the bytes of the representation as stored, so ask for it unencoded.
        let (_, _, attempts) = try await core.exchange(
            request, page: 1, extraHeaders: ["Accept-Encoding": "identity"], timeout: configuration.transferTimeout,
            alsoAcceptable: [416], intoFile: intoFile, resume: hooks
        ) { response, received in
            do {
                switch received {
                case .stream(let body): return ((), try await state.receive(response, body, progress: progress))
                case .file(let file, _): return ((), try state.receive(response, file: file, progress: progress))
                }
            } catch let failure as DownloadIntegrityFailure {
                throw ControllerCore.ConsumerError(underlying: failure)
            } catch let failure as WriteFailure {
                throw ControllerCore.ConsumerError(underlying: failure.underlying)
            }
        }
        return attempts
    }

    /// Whether the transport writes answers to files itself rather than streaming them: a
    /// ``FileDownloadingTransport``, unless it is a ``URLSessionEndpointTransport`` that streams.
    /// Its attempts keep nothing of a broken answer, but none is held in memory whole.
    private var writesAnswersToFiles: Bool {
        guard transport is any FileDownloadingTransport else { return false }
        return (transport as? URLSessionEndpointTransport)?.responseDelivery != .streamed
    }

    /// `error`, with resume data when it is a cancellation or a transport failure and bytes are
    /// kept; otherwise the partial file is removed.
    private func keepingPartialFile(of state: ResumableDownloadState, after error: EndpointError) -> EndpointError {
        let resumeData = state.resumeData
        guard case .transport = error.kind, resumeData.bytesReceived > 0 else {
            try? FileManager.default.removeItem(at: state.partial)
            return error
        }
        var error = error
        error.resumeData = resumeData
        return error
    }

    /// Checks the complete partial file (length, checksum) and renames it to the destination;
    /// removes it when a check fails.
    private func finishResumableDownload(
        _ state: ResumableDownloadState, checksum: DownloadChecksum?, makeError: (EndpointError.Kind) -> EndpointError
    ) throws(EndpointError) {
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: state.partial.path)[.size] as? NSNumber)?.int64Value ?? -1
            if let expected = state.progress.expectedBytes, size != expected {
                throw DownloadIntegrityFailure.lengthMismatch(received: size, expected: expected)
            }
            try checksum?.verify(state.partial)
        } catch let integrity as DownloadIntegrityFailure {
            try? FileManager.default.removeItem(at: state.partial)
            throw makeError(.downloadIntegrity(integrity))
        } catch {
            try? FileManager.default.removeItem(at: state.partial)
            throw makeError(.download(reason: "cannot read the finished file \(state.partial.path): \(error)"))
        }
        if Task.isCancelled {
            var cancelled = makeError(.transport(.cancelled))
            cancelled.resumeData = state.resumeData
            throw cancelled
        }
        do {
            try Self.moveIntoPlace(state.partial, state.destination)
        } catch {
            try? FileManager.default.removeItem(at: state.partial)
            throw makeError(.download(reason: "cannot move the file to \(state.destination.path): \(error)"))
        }
    }
}
