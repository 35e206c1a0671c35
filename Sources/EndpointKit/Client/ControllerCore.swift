import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

/// What an ``EndpointController`` sends requests with: its transport, configuration, events and
/// decoder, and the exchange's stages. Not generic: the controller's `ServerError` is held as a
/// value, so the request path's code is compiled once and asks the runtime for no type metadata
/// of its own per request. Nested in the generic controller and generic over what the answer
/// becomes, the same stages spent about a quarter of their time in the runtime's metadata code
/// (BENCHMARKS.md, *The request path out of the generic controller*).
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

    /// Reads the body of an acceptable answer: into memory for ``EndpointController/load(_:page:extraHeaders:)``, into
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
        return try await exchange(
            request, page: page, extraHeaders: extraHeaders, extraQuery: extraQuery, timeout: configuration.timeout,
            alsoAcceptable: alsoAcceptable
        ) {
            _, received in
            let data = try await Self.collect(received, limit: limit)
            return (data, Int64(data.count))
        }
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
        var exchange = Exchange(core: self, request: request, prepared: prepared, path: path, start: start, options: options)
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
}
