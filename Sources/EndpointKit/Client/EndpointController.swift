import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import OpenAPIURLSession

/// Sends requests over a transport and turns the answers into typed payloads or typed errors.
///
/// One controller serves a whole app: it is `Sendable`, keeps no per-request state, and sends any
/// ``Request`` (an ``Endpoint`` or your own request types) over any `ClientTransport`:
/// `URLSessionTransport` by default, or `AsyncHTTPClientTransport` from
/// swift-openapi-async-http-client, which streams on Linux too.
///
/// ```swift
/// let controller = EndpointController<EndpointDefaultServerError>()
/// let followers = try await controller.load(followersEndpoint)
/// ```
///
/// The generic `ServerError` is the shape of your API's error bodies: an unacceptable status comes
/// back as an ``EndpointError`` carrying the decoded body. A request may name another type with
/// ``Request/serverErrorType``.
public final class EndpointController<ServerError: EndpointServerError>: Sendable {
    /// How the controller sends, reads, retries, logs and reports.
    public struct Configuration: Sendable {
        /// How JSON answers are decoded when the request has no options of its own.
        public var decoding: JSONDecodingOptions
        /// The statuses that count as success when the request names none. Default 200..<300.
        public var acceptableStatusCodes: Range<Int>
        /// When requests are sent again.
        public var retryPolicy: RetryPolicy
        /// Steps around every send, in order.
        public var interceptors: [any EndpointInterceptor]
        /// The longest one attempt may take, from sending to the last byte of the answer.
        public var timeout: Duration
        /// The largest answer read into memory. Default 64 MiB.
        public var maxResponseBytes: Int
        /// Where the controller logs: one debug line per request, headers at trace.
        public var logger: Logger
        /// Which headers and query names are secrets in logs, errors and cURL renderings.
        public var redaction: Redaction
        /// Where the network conditions are posted; `nil` posts nothing.
        public var notificationCenter: NotificationCenter?
        /// How many undelivered events a slow subscriber of ``EndpointController/events()`` keeps
        /// (the newest are kept).
        public var eventBufferSize: Int
        /// Sorts a transport's error into a ``EndpointError/TransportFailure``.
        public var classifyTransportError: @Sendable (any Error) -> EndpointError.TransportFailure

        /// A configuration; every argument has the documented default.
        public init(
            decoding: JSONDecodingOptions = JSONDecodingOptions(),
            acceptableStatusCodes: Range<Int> = 200..<300,
            retryPolicy: RetryPolicy = .default,
            interceptors: [any EndpointInterceptor] = [],
            timeout: Duration = .seconds(60),
            maxResponseBytes: Int = 64 << 20,
            logger: Logger = Logger(label: "EndpointKit"),
            redaction: Redaction = .default,
            notificationCenter: NotificationCenter? = .default,
            eventBufferSize: Int = 256,
            classifyTransportError: @escaping @Sendable (any Error) -> EndpointError.TransportFailure =
                TransportErrorClassifier.classify
        ) {
            self.decoding = decoding
            self.acceptableStatusCodes = acceptableStatusCodes
            self.retryPolicy = retryPolicy
            self.interceptors = interceptors
            self.timeout = timeout
            self.maxResponseBytes = maxResponseBytes
            self.logger = logger
            self.redaction = redaction
            self.notificationCenter = notificationCenter
            self.eventBufferSize = eventBufferSize
            self.classifyTransportError = classifyTransportError
        }
    }

    /// The transport requests go through.
    public let transport: any ClientTransport
    /// The configuration.
    public let configuration: Configuration
    private let hub = EventHub()
    private let requestCounter = Locked<UInt64>(0)
    private let decoder: JSONDecoder

    /// A controller over `transport` (URLSession by default).
    public init(transport: any ClientTransport = URLSessionTransport(), configuration: Configuration = Configuration()) {
        self.transport = transport
        self.configuration = configuration
        decoder = configuration.decoding.makeDecoder()
    }

    /// A new stream of every event from now on. Subscribe before you start the requests you
    /// want to observe; the stream ends when you stop iterating it.
    public func events() -> AsyncStream<EndpointEvent> {
        hub.subscribe(bufferSize: configuration.eventBufferSize)
    }

    /// Sends `request` and returns its decoded answer.
    ///
    /// - Parameters:
    ///   - page: The 1-based page, for requests whose response is ``EndpointPageable``.
    ///   - extraHeaders: Headers for this call only.
    /// - Throws: ``EndpointError``, naming the method and the path. Cancelling the calling task
    ///   cancels the request and throws a `.transport(.cancelled)` error; it is never retried.
    public func load<R: Request>(_ request: R, page: Int = 1, extraHeaders: [String: String] = [:])
        async throws(EndpointError) -> R.Response
    {
        let (response, body, _) = try await exchange(request, page: page, extraHeaders: extraHeaders)
        return try decode(request, body: body, response: response)
    }

    /// Sends `request` and returns the decoded answer with the response head (status, headers).
    public func loadWithResponse<R: Request>(_ request: R, page: Int = 1, extraHeaders: [String: String] = [:])
        async throws(EndpointError) -> (R.Response, HTTPResponse)
    {
        let (response, body, _) = try await exchange(request, page: page, extraHeaders: extraHeaders)
        return (try decode(request, body: body, response: response), response)
    }

    /// Sends `request` and calls `completion` with the result on `queue` (the seed's API).
    ///
    /// The main queue is the default, as in the seed; on Linux it only runs when the program runs
    /// the main dispatch queue or run loop, so pass a queue of your own there.
    /// - Returns: The task, for cancelling.
    @discardableResult
    public func load<R: Request>(
        _ request: R, page: Int = 1, queue: DispatchQueue = .main,
        completion: @escaping @Sendable (Result<R.Response, EndpointError>) -> Void
    ) -> Task<Void, Never> where R.Response: Sendable {
        Task {
            let result: Result<R.Response, EndpointError>
            do throws(EndpointError) {
                result = .success(try await self.load(request, page: page))
            } catch {
                result = .failure(error)
            }
            queue.async { completion(result) }
        }
    }

    // MARK: - The exchange

    /// Sends the request with retries and replays until an acceptable answer, and returns it with
    /// its whole body.
    func exchange<R: Request>(_ request: R, page: Int, extraHeaders: [String: String])
        async throws(EndpointError) -> (HTTPResponse, Data, RequestSummary)
    {
        let clock = ContinuousClock()
        let start = clock.now
        let method = request.method
        let prepared: PreparedRequest
        do {
            prepared = try request.prepare(page: page, extraHeaders: extraHeaders)
        } catch {
            let requestError = error as? EndpointRequestError ?? .parameterEncodingFailed(path: "$", reason: "\(error)")
            throw EndpointError(.invalidRequest(requestError), method: method, path: request.path.description, attempts: 0)
        }
        let target = prepared.request.path ?? "/"
        let path = String(target.prefix { $0 != "?" })
        let summary = RequestSummary(
            id: requestCounter.withLock { counter -> UInt64 in
                counter += 1
                return counter
            },
            method: method,
            redactedURL: prepared.origin + configuration.redaction.redactTarget(target))
        emit(.requestStarted(summary))

        var metrics = RequestMetrics(
            status: nil, attempts: 0, queued: .zero, firstByte: nil, total: .zero, bytesSent: 0, bytesReceived: 0,
            succeeded: false)
        var replays = 0
        let acceptable = request.acceptableStatusCodes ?? configuration.acceptableStatusCodes
        let policy = configuration.retryPolicy

        func fail(_ kind: EndpointError.Kind) -> EndpointError {
            metrics.total = clock.now - start
            finish(summary, metrics)
            return EndpointError(kind, method: method, path: path, attempts: metrics.attempts)
        }

        while true {
            if Task.isCancelled { throw fail(.transport(.cancelled)) }
            var head = prepared.request
            do {
                for interceptor in configuration.interceptors { head = try await interceptor.adapt(head) }
            } catch {
                throw fail(.invalidRequest(.parameterEncodingFailed(path: "interceptor", reason: "\(error)")))
            }
            if metrics.attempts == 0 { metrics.queued = clock.now - start }
            metrics.attempts += 1
            metrics.bytesSent += prepared.body?.length ?? 0
            logHead(head, summary: summary)

            let outcome: AttemptOutcome
            do {
                outcome = try await attempt(head, body: prepared.httpBody, baseURL: prepared.baseURL, operationID: "\(method.rawValue) \(path)")
            } catch let failure {
                let transportFailure: EndpointError.TransportFailure
                switch failure {
                case .tooLarge:
                    throw fail(.responseTooLarge(limit: configuration.maxResponseBytes))
                case .timedOut:
                    transportFailure = .timedOut
                case .transport(let error):
                    transportFailure = Task.isCancelled ? .cancelled : configuration.classifyTransportError(error)
                }
                switch transportFailure {
                case .unreachable: emit(.serverUnreachable(summary))
                case .timedOut: emit(.serverNotResponding(summary))
                default: break
                }
                if transportFailure != .cancelled, policy.retriesTransportFailures,
                    let wait = policy.delay(afterAttempt: metrics.attempts, method: method, elapsed: clock.now - start, retryAfter: nil)
                {
                    log(summary, "attempt \(metrics.attempts) failed (\(transportFailure)); retrying in \(wait)")
                    if (try? await Task.sleep(for: wait)) == nil { throw fail(.transport(.cancelled)) }
                    continue
                }
                throw fail(.transport(transportFailure))
            }

            let response = outcome.response
            metrics.status = response.status.code
            metrics.firstByte = outcome.firstByte - start
            metrics.bytesReceived += Int64(outcome.body.count)
            logResponse(response, summary: summary)
            if response.status == .unauthorized { emit(.unauthorized(summary)) }

            if replays == 0 {
                var replay = false
                do {
                    for interceptor in configuration.interceptors
                    where try await interceptor.shouldReplay(head, after: response, attempt: metrics.attempts) {
                        replay = true
                    }
                } catch {
                    throw fail(.invalidRequest(.parameterEncodingFailed(path: "interceptor", reason: "\(error)")))
                }
                if replay {
                    replays += 1
                    continue
                }
            }

            if acceptable.contains(response.status.code) {
                metrics.succeeded = true
                metrics.total = clock.now - start
                finish(summary, metrics)
                return (response, outcome.body, summary)
            }
            if policy.retryableStatusCodes.contains(response.status.code),
                let wait = policy.delay(
                    afterAttempt: metrics.attempts, method: method, elapsed: clock.now - start,
                    retryAfter: RetryPolicy.retryAfter(response.headerFields[.retryAfter]))
            {
                log(summary, "attempt \(metrics.attempts) answered \(response.status.code); retrying in \(wait)")
                if (try? await Task.sleep(for: wait)) == nil { throw fail(.transport(.cancelled)) }
                continue
            }
            let errorType = request.serverErrorType ?? ServerError.self
            throw fail(.unacceptableStatus(
                response.status, serverError: decodeServerError(errorType, from: outcome.body),
                bodyExcerpt: EndpointError.excerpt(outcome.body)))
        }
    }

    /// Turns a successful body into the request's response.
    func decode<R: Request>(_ request: R, body: Data, response: HTTPResponse) throws(EndpointError) -> R.Response {
        let decoder = request.decoding.map { $0.makeDecoder() } ?? self.decoder
        let path = String((request.path.description).prefix { $0 != "?" })
        do {
            return try request.decodeResponse(body, response: response, decoder: decoder)
        } catch let error as DecodingError {
            let (codingPath, reason) = Self.describe(error)
            throw EndpointError(
                .decoding(codingPath: codingPath, reason: reason, bodyExcerpt: EndpointError.excerpt(body)),
                method: request.method, path: path, attempts: 1)
        } catch ResponseDecodingError.unacceptableContentType(let contentType, let expected) {
            throw EndpointError(.unacceptableContentType(contentType, expected: expected), method: request.method, path: path, attempts: 1)
        } catch {
            throw EndpointError(
                .decoding(codingPath: "$", reason: "\(error)", bodyExcerpt: EndpointError.excerpt(body)),
                method: request.method, path: path, attempts: 1)
        }
    }

    // MARK: - One attempt

    struct AttemptOutcome {
        var response: HTTPResponse
        var body: Data
        var firstByte: ContinuousClock.Instant
    }

    enum AttemptFailure: Error {
        case timedOut
        case tooLarge
        case transport(any Error)
    }

    private enum Race: Sendable {
        case answered(HTTPResponse, Data, ContinuousClock.Instant)
        case timedOut
    }

    /// Sends once and reads the whole answer, within the configured timeout.
    private func attempt(_ head: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String)
        async throws(AttemptFailure) -> AttemptOutcome
    {
        let transport = self.transport
        let limit = configuration.maxResponseBytes
        let timeout = configuration.timeout
        do {
            let race = try await withThrowingTaskGroup(of: Race.self) { group in
                group.addTask {
                    let (response, responseBody) = try await transport.send(head, body: body, baseURL: baseURL, operationID: operationID)
                    let firstByte = ContinuousClock.now
                    var data = Data()
                    if let responseBody {
                        if case .known(let length) = responseBody.length, length > limit { throw AttemptFailure.tooLarge }
                        for try await chunk in responseBody {
                            guard data.count + chunk.count <= limit else { throw AttemptFailure.tooLarge }
                            data.append(contentsOf: chunk)
                        }
                    }
                    return .answered(response, data, firstByte)
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return .timedOut
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
            switch race {
            case .answered(let response, let data, let firstByte):
                return AttemptOutcome(response: response, body: data, firstByte: firstByte)
            case .timedOut:
                throw AttemptFailure.timedOut
            }
        } catch let failure as AttemptFailure {
            throw failure
        } catch {
            throw .transport(error)
        }
    }

    // MARK: - Errors, events and logs

    private func decodeServerError(_ type: any EndpointServerError.Type, from body: Data) -> (any EndpointServerError)? {
        guard !body.isEmpty else { return nil }
        return try? decoder.decode(type, from: body)
    }

    static func describe(_ error: DecodingError) -> (codingPath: String, reason: String) {
        func path(_ context: DecodingError.Context, appending key: (any CodingKey)? = nil) -> String {
            ParamValueEncoder.render(context.codingPath + (key.map { [$0] } ?? []))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context, appending: key), "the key \"\(key.stringValue)\" is missing")
        case .valueNotFound(let type, let context):
            return (path(context), "expected \(type), found null")
        case .typeMismatch(let type, let context):
            return (path(context), "expected \(type): \(context.debugDescription)")
        case .dataCorrupted(let context):
            return (path(context), context.debugDescription)
        @unknown default:
            return ("$", "\(error)")
        }
    }

    private func emit(_ event: EndpointEvent) {
        hub.emit(event)
        if let name = event.notificationName, let center = configuration.notificationCenter {
            center.post(name: name, object: self, userInfo: [EndpointEvent.userInfoKey: event])
        }
    }

    private func finish(_ summary: RequestSummary, _ metrics: RequestMetrics) {
        emit(.requestFinished(summary, metrics))
        let status = metrics.status.map(String.init) ?? "no answer"
        let milliseconds = Double(metrics.total.components.attoseconds) / 1e15 + Double(metrics.total.components.seconds) * 1000
        configuration.logger.debug(
            "\(summary.description) → \(status) in \(String(format: "%.1f", milliseconds)) ms, \(metrics.bytesReceived) bytes, \(metrics.attempts) attempt\(metrics.attempts == 1 ? "" : "s")",
            metadata: ["request": "\(summary.id)"])
    }

    private func log(_ summary: RequestSummary, _ message: String) {
        configuration.logger.debug("\(summary.description): \(message)", metadata: ["request": "\(summary.id)"])
    }

    private func logHead(_ head: HTTPRequest, summary: RequestSummary) {
        guard configuration.logger.logLevel <= .trace else { return }
        for line in configuration.redaction.describe(head.headerFields) {
            configuration.logger.trace("→ \(line)", metadata: ["request": "\(summary.id)"])
        }
    }

    private func logResponse(_ response: HTTPResponse, summary: RequestSummary) {
        guard configuration.logger.logLevel <= .trace else { return }
        configuration.logger.trace("← \(response.status.code) \(response.status.reasonPhrase)", metadata: ["request": "\(summary.id)"])
        for line in configuration.redaction.describe(response.headerFields) {
            configuration.logger.trace("← \(line)", metadata: ["request": "\(summary.id)"])
        }
    }
}
