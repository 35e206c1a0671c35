import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

/// One attempt of an exchange: one send through the transport within its deadline, and the answer read.
extension ControllerCore {
    struct AttemptOutcome: Sendable {
        var response: HTTPResponse
        /// What the consumer made of an acceptable answer, or the body of another.
        var body: AttemptBody
        var bytesReceived: Int64
        var firstByte: ContinuousClock.Instant
    }

    enum AttemptBody: Sendable {
        case success(any Sendable)
        case failure(Data)
    }

    enum AttemptFailure: Error {
        case timedOut
        case tooLarge
        case consumer(any Error)
        case contentDecoding(ContentDecodingError)
        case transport(any Error)
    }

    /// An error of the body consumer (writing a download), as opposed to the transport's.
    struct ConsumerError: Error {
        var underlying: any Error
    }

    /// Sends once and reads the answer with `read`, within `timeout`.
    ///
    /// A ``DeadlineEnforcingTransport`` bounds the exchange itself, so the attempt runs in the
    /// caller's task. Over any other transport, and for downloads into a file, the exchange runs in
    /// a task of its own, which the timeout (``DeadlineScheduler``) or the caller's cancellation
    /// cancels; either way this waits for it to end, so nothing outlives the call. Without
    /// ``EndpointControllerConfiguration/enforcesTimeouts``, it runs in the caller's task with no deadline of ours.
    nonisolated(nonsending) func attempt(
        _ head: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String, timeout: Duration,
        intoFile: TransportFileTarget?,
        read: nonisolated(nonsending) @escaping @Sendable (HTTPResponse, ReceivedBody) async throws -> (AttemptBody, Int64)
    ) async throws(AttemptFailure) -> AttemptOutcome {
        let transport = self.transport
        do {
            if let intoFile, body == nil, let downloader = transport as? any FileDownloadingTransport {
                return try await withDeadline(timeout) {
                    try await Self.download(head, baseURL: baseURL, operationID: operationID, with: downloader, into: intoFile, read: read)
                }
            }
            if configuration.enforcesTimeouts, let enforcing = deadlineEnforcingTransport {
                let (response, responseBody) = try await enforcing.send(
                    head, body: body, baseURL: baseURL, operationID: operationID, timeout: timeout)
                return try await Self.read(response, responseBody, with: read)
            }
            return try await withDeadline(timeout) {
                let (response, responseBody) = try await transport.send(head, body: body, baseURL: baseURL, operationID: operationID)
                return try await Self.read(response, responseBody, with: read)
            }
        } catch let failure as AttemptFailure {
            throw failure
        } catch is TransportDeadlineExceeded {
            throw .timedOut
        } catch let error as ConsumerError {
            throw .consumer(error.underlying)
        } catch let error as DownloadFileWriteFailure {
            throw .consumer(error)
        } catch let error as ContentDecodingError {
            throw .contentDecoding(error)
        } catch {
            throw .transport(error)
        }
    }

    /// Reads an answer's body with `read`, noting when its head arrived.
    private nonisolated(nonsending) static func read(
        _ response: HTTPResponse, _ body: HTTPBody?,
        with read: nonisolated(nonsending) @Sendable (HTTPResponse, ReceivedBody) async throws -> (AttemptBody, Int64)
    ) async throws -> AttemptOutcome {
        let firstByte = ContinuousClock.now
        let (outcome, count) = try await read(response, .stream(body))
        return AttemptOutcome(response: response, body: outcome, bytesReceived: count, firstByte: firstByte)
    }

    /// Runs `exchange` in a task of its own that the deadline `timeout` from now cancels (with
    /// ``EndpointControllerConfiguration/enforcesTimeouts``; in the caller's task without it). An exchange that failed
    /// after its deadline failed because of it.
    private func withDeadline(
        _ timeout: Duration, _ exchange: @escaping @Sendable () async throws -> AttemptOutcome
    ) async throws -> AttemptOutcome {
        guard configuration.enforcesTimeouts else { return try await exchange() }
        // An immediate task starts on this thread, up to the transport's first suspension,
        // instead of waiting for another thread to pick it up.
        let task: Task<AttemptOutcome, any Error>
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            task = Task.immediate { try await exchange() }
        } else {
            task = Task { try await exchange() }
        }
        let deadline = DeadlineScheduler.shared.schedule(after: timeout) { task.cancel() }
        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            task.cancel()
        }
        // A deadline that can no longer be cancelled has passed (its action ran or is running).
        let expired = !DeadlineScheduler.shared.cancel(deadline)
        // An exchange that completed is used even if the time ran out as it did.
        if case .failure = result, expired { throw AttemptFailure.timedOut }
        return try result.get()
    }

    /// One attempt through a transport that writes the answer's body to a file itself.
    private nonisolated(nonsending) static func download(
        _ head: HTTPRequest, baseURL: URL, operationID: String, with downloader: any FileDownloadingTransport,
        into target: TransportFileTarget,
        read: nonisolated(nonsending) @escaping @Sendable (HTTPResponse, ReceivedBody) async throws -> (AttemptBody, Int64)
    ) async throws -> AttemptOutcome {
        let file = target.makePath()
        let response = try await downloader.download(head, baseURL: baseURL, operationID: operationID, to: file, progress: target.progress)
        let firstByte = ContinuousClock.now
        do {
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber
            let (outcome, count) = try await read(response, .file(file, size: size?.int64Value ?? 0))
            return AttemptOutcome(response: response, body: outcome, bytesReceived: count, firstByte: firstByte)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }
}
