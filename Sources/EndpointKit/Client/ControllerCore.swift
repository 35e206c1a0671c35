import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

/// What an ``EndpointController`` sends requests with: its transport, configuration, events and
/// decoder, and the exchange's stages. Not generic: the controller's `ServerError` is held as a
/// value, so the request path's code is compiled once and asks the runtime for no type metadata
/// of its own per request. Nested in the generic controller and generic over what the answer
/// becomes, the same stages cost 6 to 8 µs more CPU per request end to end (BENCHMARKS.md, *The
/// request path out of the generic controller*).
///
/// Its async stages and the consumers they call are `nonisolated(nonsending)`: they run on the
/// executor of the call that started the exchange, which the controller's public methods (not
/// `nonsending`) make the global one, so no stage asks the runtime to switch executors on its way
/// in or out (`swift_task_switch` took 526 ns of a load's 9.2 µs over a stub before, 348 after).
final class ControllerCore: Sendable {
    /// The transport requests go through.
    let transport: any ClientTransport
    /// The transport, when it enforces deadlines itself: found once, not at every attempt.
    let deadlineEnforcingTransport: (any DeadlineEnforcingTransport)?
    let configuration: EndpointControllerConfiguration
    let hub = EventHub()
    let requestCounter = Locked<UInt64>(0)
    let decoder: JSONDecoder
    /// The controller's `ServerError`: what the body of an unacceptable answer decodes to when
    /// the request names no type of its own.
    let serverErrorType: any EndpointServerError.Type
    /// The controller, as the sender of its notifications (held weakly: it holds this core).
    let notificationObject = Locked(WeakObject())

    struct WeakObject {
        weak var object: (any AnyObject & Sendable)?
    }

    init(transport: any ClientTransport, configuration: EndpointControllerConfiguration, serverErrorType: any EndpointServerError.Type) {
        self.transport = transport
        deadlineEnforcingTransport = transport as? any DeadlineEnforcingTransport
        self.configuration = configuration
        decoder = configuration.decoding.makeDecoder()
        self.serverErrorType = serverErrorType
    }

    // MARK: - The exchange

    /// Reads the body of an acceptable answer: into memory for ``load(_:page:extraHeaders:)``, into
    /// a file for downloads. Returns what it made and the number of bytes read.
    typealias BodyConsumer<Consumed> = nonisolated(nonsending) @Sendable (HTTPResponse, ReceivedBody) async throws -> (Consumed, Int64)

    /// A ``BodyConsumer`` as the exchange holds it: what it made, its type erased, so that the
    /// exchange's stages are not generic (see ``ControllerCore``).
    typealias ErasedBodyConsumer = nonisolated(nonsending) @Sendable (HTTPResponse, ReceivedBody) async throws -> (any Sendable, Int64)

    /// Collects a received body into memory, up to `limit` bytes; a file is removed once read.
    nonisolated(nonsending) static func collect(_ received: ReceivedBody, limit: Int) async throws -> Data {
        switch received {
        case .stream(let body):
            return try await collect(body, limit: limit)
        case .file(let file, let size):
            defer { try? FileManager.default.removeItem(at: file) }
            guard size <= limit else { throw AttemptFailure.tooLarge }
            return try Data(contentsOf: file)
        }
    }

    /// Collects a body into memory, up to `limit` bytes.
    nonisolated(nonsending) static func collect(_ body: HTTPBody?, limit: Int) async throws -> Data {
        var data = Data()
        guard let body else { return data }
        if case .known(let length) = body.length, length > limit { throw AttemptFailure.tooLarge }
        for try await chunk in body {
            guard data.count + chunk.count <= limit else { throw AttemptFailure.tooLarge }
            data.append(contentsOf: chunk)
        }
        return data
    }

    /// ``exchange(_:page:extraHeaders:alsoAcceptable:)`` through the cache, when there is one:
    /// a fresh answer is used as is, a stale one with validators is revalidated, a new `200` is kept.
    nonisolated(nonsending) func cachedExchange<R: Request>(_ request: R, page: Int, extraHeaders: [String: String], extraQuery: [(String, String)] = [])
        async throws(EndpointError) -> (HTTPResponse, Data, attempts: Int)
    {
        guard let cache = configuration.cache, request.method == .get,
            let prepared = try? request.prepare(page: page, extraHeaders: extraHeaders).appendingQuery(extraQuery)
        else {
            return try await exchange(request, page: page, extraHeaders: extraHeaders, extraQuery: extraQuery)
        }
        let publicKey = ResponseCache.key(method: request.method, url: prepared.url.absoluteString, redaction: configuration.redaction)
        // Answers to different credentials never share an entry.
        let key = cache.credentialPartition(
            headers: prepared.request.headerFields, target: prepared.request.path ?? "/", redaction: configuration.redaction
        ).map { "\(publicKey) #\($0)" } ?? publicKey
        var headers = extraHeaders
        let cached = cache.entry(forKey: key)
        if let cached {
            if cached.expires > Date() {
                configuration.logger.debug("\(publicKey) → served from the cache")
                RequestTelemetry.servedFromCache(
                    request, prepared: prepared, status: cached.response.status.code, settings: configuration.telemetry,
                    redaction: configuration.redaction)
                return (cached.response, cached.body, 0)
            }
            if let etag = cached.etag { headers["If-None-Match"] = etag }
            if let lastModified = cached.lastModified { headers["If-Modified-Since"] = lastModified }
        }
        let revalidating = headers.count > extraHeaders.count
        let (response, body, attempts) = try await exchange(
            request, page: page, extraHeaders: headers, extraQuery: extraQuery, alsoAcceptable: revalidating ? [304] : [])
        if response.status == .notModified, var renewed = cached {
            // The 304's caching headers renew the stored answer's lifetime.
            if let fresh = cache.entry(for: HTTPResponse(status: .ok, headerFields: response.headerFields), body: Data(), now: Date(), redaction: configuration.redaction) {
                renewed.expires = fresh.expires
                cache.store(renewed, forKey: key)
            }
            return (renewed.response, renewed.body, attempts)
        }
        if let entry = cache.entry(for: response, body: body, now: Date(), redaction: configuration.redaction) {
            cache.store(entry, forKey: key)
        }
        return (response, body, attempts)
    }

    /// Sends the request with retries and replays until an acceptable answer, and returns it with
    /// its whole body.
    nonisolated(nonsending) func exchange<R: Request>(
        _ request: R, page: Int, extraHeaders: [String: String], extraQuery: [(String, String)] = [], alsoAcceptable: Set<Int> = []
    ) async throws(EndpointError) -> (HTTPResponse, Data, attempts: Int) {
        let limit = configuration.maxResponseBytes
        let (response, consumed, attempts) = try await erasedExchange(
            request, page: page, extraHeaders: extraHeaders, extraQuery: extraQuery, timeout: configuration.timeout,
            alsoAcceptable: alsoAcceptable
        ) {
            _, received in
            let data = try await Self.collect(received, limit: limit)
            return (data, Int64(data.count))
        }
        // `consumed` is the `Data` the consumer above made.
        return (response, consumed as! Data, attempts)
    }

    /// Sends the request with retries and replays until an acceptable answer, whose body goes to
    /// `consume`; the body of any other answer is read into memory for the error. With `intoFile`,
    /// a ``FileDownloadingTransport`` writes the answer of a request without a body to a file itself.
    /// With `resume`, each attempt of a resumable download asks for the bytes it lacks.
    nonisolated(nonsending) func exchange<R: Request, Consumed: Sendable>(
        _ request: R, page: Int, extraHeaders: [String: String], extraQuery: [(String, String)] = [], timeout: Duration,
        alsoAcceptable: Set<Int> = [], uploadProgress: (@Sendable (Int64) -> Void)? = nil, intoFile: TransportFileTarget? = nil,
        resume: ResumeHooks? = nil, consume: @escaping BodyConsumer<Consumed>
    ) async throws(EndpointError) -> (HTTPResponse, Consumed, attempts: Int) {
        let (response, consumed, attempts) = try await erasedExchange(
            request, page: page, extraHeaders: extraHeaders, extraQuery: extraQuery, timeout: timeout, alsoAcceptable: alsoAcceptable,
            uploadProgress: uploadProgress, intoFile: intoFile, resume: resume
        ) { response, body in
            try await consume(response, body)
        }
        // `consumed` is what `consume` made, erased by the closure above.
        return (response, consumed as! Consumed, attempts)
    }

    /// ``exchange(_:page:extraHeaders:extraQuery:timeout:alsoAcceptable:uploadProgress:intoFile:resume:consume:)``
    /// with the consumer's value erased: prepare, then the ``Exchange``'s stages.
    private nonisolated(nonsending) func erasedExchange<R: Request>(
        _ request: R, page: Int, extraHeaders: [String: String], extraQuery: [(String, String)], timeout: Duration,
        alsoAcceptable: Set<Int>, uploadProgress: (@Sendable (Int64) -> Void)? = nil, intoFile: TransportFileTarget? = nil,
        resume: ResumeHooks? = nil, consume: @escaping ErasedBodyConsumer
    ) async throws(EndpointError) -> (HTTPResponse, any Sendable, attempts: Int) {
        let start = ContinuousClock.now
        let (prepared, path) = try prepare(request, page: page, extraHeaders: extraHeaders, extraQuery: extraQuery)
        let options = ExchangeOptions(
            timeout: timeout, alsoAcceptable: alsoAcceptable, uploadProgress: uploadProgress, intoFile: intoFile, resume: resume,
            consume: consume)
        var exchange = Exchange(controller: self, request: request, prepared: prepared, path: path, start: start, options: options)
        return try await exchange.run()
    }

    /// The first stage of an exchange: `request` prepared with `extraQuery` and, under
    /// ``EndpointControllerConfiguration/idempotencyKeys``, a new idempotency key; then checked against the
    /// configured limits of the request target and header fields. Returns it with its path for errors.
    func prepare<R: Request>(_ request: R, page: Int, extraHeaders: [String: String], extraQuery: [(String, String)] = [])
        throws(EndpointError) -> (PreparedRequest, path: String)
    {
        let method = request.method
        var prepared: PreparedRequest
        do {
            prepared = try request.prepare(page: page, extraHeaders: extraHeaders)
            if !extraQuery.isEmpty { prepared = try prepared.appendingQuery(extraQuery) }
            if let keys = configuration.idempotencyKeys { prepared = try keys.applied(to: prepared) }
        } catch {
            let requestError = error as? EndpointRequestError ?? .parameterEncodingFailed(path: "$", reason: "\(error)")
            throw EndpointError(.invalidRequest(requestError), method: method, path: request.path.description, attempts: 0)
        }
        let target = prepared.request.path ?? "/"
        let path = target.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(target[..<$0]) } ?? target
        let headerBytes = prepared.request.headerFields.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 }
        try checkLimit("target", bytes: target.utf8.count, limit: configuration.maxRequestTargetBytes, setting: "maxRequestTargetBytes", method: method, path: path)
        try checkLimit("header fields", bytes: headerBytes, limit: configuration.maxRequestHeaderBytes, setting: "maxRequestHeaderBytes", method: method, path: path)
        return (prepared, path)
    }

    /// Throws when one part of a prepared request is larger than its configured limit.
    private func checkLimit(_ part: String, bytes: Int, limit: Int, setting: String, method: HTTPRequest.Method, path: String)
        throws(EndpointError)
    {
        guard bytes > limit else { return }
        throw EndpointError(
            .invalidRequest(.requestTooLarge(part: part, bytes: bytes, limit: limit, setting: setting)), method: method,
            path: path.count > 200 ? String(path.prefix(200)) + "…" : path, attempts: 0)
    }

    /// A new request's summary (numbered, its URL redacted), announced as started.
    func startSummary(for prepared: PreparedRequest) -> RequestSummary {
        let summary = RequestSummary(
            id: requestCounter.withLock { counter -> UInt64 in
                counter += 1
                return counter
            },
            method: prepared.request.method,
            redactedURL: prepared.origin + configuration.redaction.redactTarget(prepared.request.path ?? "/"))
        emit(.requestStarted(summary))
        return summary
    }

    /// The request body for one attempt, reporting the bytes the transport has read so far.
    static func body(of prepared: PreparedRequest, progress: (@Sendable (Int64) -> Void)?) -> HTTPBody? {
        guard let body = prepared.httpBody else { return nil }
        guard let progress else { return body }
        return HTTPBody(ProgressReportingSequence(base: body, report: progress), length: body.length, iterationBehavior: .multiple)
    }

    /// Turns a successful body into the request's response.
    func decode<R: Request>(_ request: R, body: Data, response: HTTPResponse, attempts: Int) throws(EndpointError)
        -> R.Response
    {
        let decoder = request.decoding.map { $0.makeDecoder() } ?? self.decoder
        do {
            return try request.decodeResponse(body, response: response, decoder: decoder)
        } catch {
            throw decodingFailure(error, of: request, body: body, attempts: attempts)
        }
    }

    /// The error of an answer that did not decode, naming the request's path (made only then).
    private func decodingFailure<R: Request>(_ error: any Error, of request: R, body: Data, attempts: Int) -> EndpointError {
        let path = String((request.path.description).prefix { $0 != "?" })
        switch error {
        case let error as DecodingError:
            let (codingPath, reason) = Self.describe(error)
            return EndpointError(
                .decoding(codingPath: codingPath, reason: reason, bodyExcerpt: EndpointError.excerpt(body)),
                method: request.method, path: path, attempts: attempts)
        case ResponseDecodingError.unacceptableContentType(let contentType, let expected):
            return EndpointError(.unacceptableContentType(contentType, expected: expected), method: request.method, path: path, attempts: attempts)
        default:
            return EndpointError(
                .decoding(codingPath: "$", reason: "\(error)", bodyExcerpt: EndpointError.excerpt(body)),
                method: request.method, path: path, attempts: attempts)
        }
    }

    // MARK: - One attempt

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

    // MARK: - Errors, events and logs

    /// A `Location` value for an error: without user credentials or fragment, with the values of
    /// secret query names hidden, and at most 512 characters.
    func redactedLocation(_ location: String) -> String {
        guard var components = URLComponents(string: location) else { return "(not a URL, \(location.utf8.count) bytes)" }
        if components.user != nil || components.password != nil {
            components.user = nil
            components.password = nil
        }
        components.fragment = nil
        let text = configuration.redaction.redactTarget(components.string ?? "")
        return text.count > 512 ? String(text.prefix(512)) + "…" : text
    }

    func decodeServerError(_ type: any EndpointServerError.Type, from body: Data, contentType: String?)
        -> (any EndpointServerError)?
    {
        guard !body.isEmpty else { return nil }
        return type.decode(errorBody: body, contentType: contentType, decoder: decoder)
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

    func emit(_ event: EndpointEvent) {
        hub.emit(event)
        if let center = configuration.notificationCenter, let name = event.notificationName {
            center.post(name: name, object: notificationObject.withLock { $0.object }, userInfo: [EndpointEvent.userInfoKey: event])
        }
    }

    func finish(_ summary: RequestSummary, _ metrics: RequestMetrics, trace: RequestTelemetry? = nil) {
        emit(.requestFinished(summary, metrics))
        guard configuration.logger.logLevel <= .debug else { return }
        let status = metrics.status.map(String.init) ?? "no answer"
        let milliseconds = Double(metrics.total.components.attoseconds) / 1e15 + Double(metrics.total.components.seconds) * 1000
        configuration.logger.debug(
            "\(summary.description) → \(status) in \(String(format: "%.1f", milliseconds)) ms, \(metrics.bytesReceived) bytes, \(metrics.attempts) attempt\(metrics.attempts == 1 ? "" : "s")",
            metadata: logMetadata(summary, trace))
    }

    func log(_ summary: RequestSummary, _ message: String, trace: RequestTelemetry? = nil) {
        configuration.logger.debug("\(summary.description): \(message)", metadata: logMetadata(summary, trace))
    }

    func logHead(_ head: HTTPRequest, summary: RequestSummary, trace: RequestTelemetry? = nil) {
        guard configuration.logger.logLevel <= .trace else { return }
        for line in configuration.redaction.describe(head.headerFields) {
            configuration.logger.trace("→ \(line)", metadata: logMetadata(summary, trace))
        }
    }

    func logResponse(_ response: HTTPResponse, summary: RequestSummary, trace: RequestTelemetry? = nil) {
        guard configuration.logger.logLevel <= .trace else { return }
        configuration.logger.trace("← \(response.status.code) \(response.status.reasonPhrase)", metadata: logMetadata(summary, trace))
        for line in configuration.redaction.describe(response.headerFields) {
            configuration.logger.trace("← \(line)", metadata: logMetadata(summary, trace))
        }
    }

    /// A request's log metadata: its number, and its trace and span ids when it has a span.
    func logMetadata(_ summary: RequestSummary, _ trace: RequestTelemetry?) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["request": "\(summary.id)"]
        if let trace { metadata.merge(trace.logMetadata) { current, _ in current } }
        return metadata
    }
}
