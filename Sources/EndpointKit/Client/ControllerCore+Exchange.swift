import Foundation
import HTTPTypes
import OpenAPIRuntime

extension ControllerCore {
    /// What an exchange does with its answers, beyond the controller's configuration.
    struct ExchangeOptions: Sendable {
        /// The longest one attempt may take.
        var timeout: Duration
        /// Statuses accepted besides the request's (a `304` when revalidating a cached answer).
        var alsoAcceptable: Set<Int> = []
        /// Hears the bytes of the request body the transport has taken.
        var uploadProgress: (@Sendable (Int64) -> Void)?
        /// Where a ``FileDownloadingTransport`` writes the answer itself.
        var intoFile: TransportFileTarget?
        /// How a resumable download asks for what it lacks and tells its progress.
        var resume: ResumeHooks?
        /// Reads the body of an acceptable answer.
        var consume: ErasedBodyConsumer
    }

    /// What an exchange asks of a resumable download, attempt by attempt.
    struct ResumeHooks: Sendable {
        /// Adds the range the attempt asks for to its head (before the interceptors).
        var adaptAttempt: @Sendable (inout HTTPRequest) -> Void
        /// Whether the failed attempt kept bytes on disk. Such an attempt does not count against
        /// ``RetryPolicy/maxAttempts``, and the retry budget starts again after it.
        var madeProgress: @Sendable () -> Bool
        /// The most attempts that may go uncounted so.
        var maxResumes: Int
    }

    /// One send of an exchange: a new attempt, or a redirect followed within one.
    struct Send {
        var head: HTTPRequest
        var baseURL: URL
        var sendsBody: Bool
    }

    /// What an answer leads to.
    enum Verdict {
        /// The exchange is over, with this answer.
        case finished(HTTPResponse, any Sendable)
        /// Send again: a redirect to follow, a replay an interceptor asked for, or a retry.
        case sendAgain
    }

    /// One logical request, as a pipeline of small stages around the transport:
    /// ``nextSend()`` (interceptors, or the pending redirect) → ``send(_:)`` (one attempt within its
    /// deadline) → ``validate(_:of:)`` (acceptable, redirect, replay, retry or error), with
    /// ``recover(from:)`` retrying after a transport failure. ``ControllerCore/prepare(_:page:extraHeaders:extraQuery:)``
    /// comes before and ``ControllerCore/decode(_:body:response:attempts:)`` after.
    ///
    /// Not generic: the few things it needs of the request are read once, and what the consumer
    /// makes of the answer is carried erased, so its code is the same for every request type.
    struct Exchange {
        let core: ControllerCore
        /// The request's method, for errors, retries and the transport's operation ID.
        let method: HTTPRequest.Method
        /// The type the body of an unacceptable answer decodes to, when the request names one.
        let serverErrorType: (any EndpointServerError.Type)?
        let prepared: PreparedRequest
        let options: ExchangeOptions
        let summary: RequestSummary
        /// The span and metrics, when a tracer or metrics backend records.
        let telemetry: RequestTelemetry?
        /// The path without the query, for errors.
        let path: String
        let acceptable: Range<Int>
        let start: ContinuousClock.Instant
        var metrics = RequestMetrics(
            status: nil, attempts: 0, redirects: 0, queued: .zero, firstByte: nil, total: .zero, bytesSent: 0,
            bytesReceived: 0, succeeded: false)
        /// Replays interceptors asked for (at most one).
        var replays = 0
        /// The redirected send waiting to go, and the redirects followed in this attempt.
        var pendingHop: RedirectPolicy.Hop?
        var redirectsThisAttempt = 0
        /// Attempts of a resumable download that kept bytes: they do not count against the policy.
        var resumedAttempts = 0
        /// Where the retry budget (``RetryPolicy/totalBudget``) is measured from.
        var retryClockStart: ContinuousClock.Instant

        init<R: Request>(
            core: ControllerCore, request: R, prepared: PreparedRequest, path: String, start: ContinuousClock.Instant,
            options: ExchangeOptions
        ) {
            self.core = core
            method = request.method
            serverErrorType = request.serverErrorType
            self.prepared = prepared
            self.options = options
            self.path = path
            self.start = start
            acceptable = request.acceptableStatusCodes ?? core.configuration.acceptableStatusCodes
            retryClockStart = start
            summary = core.startSummary(for: prepared)
            telemetry = RequestTelemetry.start(
                request, prepared: prepared, settings: core.configuration.telemetry, redaction: core.configuration.redaction)
        }

        /// Sends until an answer ends the exchange.
        nonisolated(nonsending) mutating func run() async throws(EndpointError) -> (HTTPResponse, any Sendable, attempts: Int) {
            while true {
                if Task.isCancelled { throw fail(.transport(.cancelled)) }
                let send = try await nextSend()
                let outcome: AttemptOutcome
                do {
                    outcome = try await sendInContext(send)
                } catch {
                    try await recover(from: error)
                    continue
                }
                if case .finished(let response, let consumed) = try await validate(outcome, of: send) {
                    return (response, consumed, metrics.attempts)
                }
            }
        }

        // MARK: Intercept

        /// The pending redirect of this attempt, or a new attempt adapted by the interceptors.
        /// Interceptors adapt the first send of an attempt only, so one that adds credentials cannot
        /// add them again for another origin.
        nonisolated(nonsending) mutating func nextSend() async throws(EndpointError) -> Send {
            var send: Send
            if let hop = pendingHop {
                pendingHop = nil
                send = Send(head: hop.head, baseURL: hop.baseURL, sendsBody: hop.keepsBody)
            } else {
                redirectsThisAttempt = 0
                var head = prepared.request
                options.resume?.adaptAttempt(&head)
                do {
                    for interceptor in core.configuration.interceptors { head = try await interceptor.adapt(head) }
                } catch {
                    if error is CancellationError || Task.isCancelled { throw fail(.transport(.cancelled)) }
                    throw fail(.invalidRequest(.parameterEncodingFailed(path: "interceptor", reason: "\(error)")))
                }
                if metrics.attempts == 0 { metrics.queued = ContinuousClock.now - start }
                metrics.attempts += 1
                telemetry?.attemptStarted(metrics.attempts)
                send = Send(head: head, baseURL: prepared.baseURL, sendsBody: true)
            }
            if send.sendsBody { metrics.bytesSent += prepared.body?.length ?? 0 }
            telemetry?.inject(into: &send.head.headerFields)
            core.logHead(send.head, summary: summary, trace: telemetry)
            return send
        }

        // MARK: Send

        /// ``send(_:)``, with the request's span as the current context when it has one.
        nonisolated(nonsending) func sendInContext(_ send: Send) async throws(AttemptFailure) -> AttemptOutcome {
            guard let span = telemetry?.span else { return try await self.send(send) }
            return try await RequestTelemetry.withContext(of: span) { () async throws(AttemptFailure) in try await self.send(send) }
        }

        /// One send within the attempt's deadline; an acceptable answer's body goes to the
        /// consumer, any other's into memory for the error.
        nonisolated(nonsending) func send(_ send: Send) async throws(AttemptFailure) -> AttemptOutcome {
            let (acceptable, alsoAcceptable, consume) = (acceptable, options.alsoAcceptable, options.consume)
            let errorBodyLimit = core.configuration.maxResponseBytes
            return try await core.attempt(
                send.head, body: send.sendsBody ? ControllerCore.body(of: prepared, progress: options.uploadProgress) : nil,
                baseURL: send.baseURL, operationID: "\(method.rawValue) \(path)", timeout: options.timeout,
                intoFile: options.intoFile
            ) { response, received in
                let body = received.decodingContent(of: response)
                if acceptable.contains(response.status.code) || alsoAcceptable.contains(response.status.code) {
                    let (consumed, count) = try await consume(response, body)
                    return (.success(consumed), count)
                }
                let data = try await ControllerCore.collect(body, limit: errorBodyLimit)
                return (.failure(data), Int64(data.count))
            }
        }

        // MARK: Retry after a failed send

        /// Waits and returns when a failed send may go again; throws the failure otherwise.
        nonisolated(nonsending) mutating func recover(from failure: AttemptFailure) async throws(EndpointError) {
            let transportFailure: EndpointError.TransportFailure
            switch failure {
            case .tooLarge:
                throw fail(.responseTooLarge(limit: core.configuration.maxResponseBytes))
            case .timedOut:
                transportFailure = .timedOut
            case .consumer(let failure as DownloadIntegrityFailure):
                throw fail(.downloadIntegrity(failure))
            case .consumer(let error):
                throw fail(.download(reason: "\(error)"))
            case .contentDecoding(let error):
                throw fail(.decoding(codingPath: "$", reason: error.description, bodyExcerpt: ""))
            case .transport(let error):
                transportFailure = Task.isCancelled ? .cancelled : core.configuration.classifyTransportError(error)
            }
            switch transportFailure {
            case .unreachable: core.emit(.serverUnreachable(summary))
            case .timedOut: core.emit(.serverNotResponding(summary))
            default: break
            }
            noteResumption()
            guard transportFailure != .cancelled, core.configuration.retryPolicy.retriesTransportFailures,
                let wait = retryDelay(retryAfter: nil)
            else {
                throw fail(.transport(transportFailure))
            }
            try await pause(wait, "attempt \(metrics.attempts) failed (\(transportFailure)); retrying in \(wait)")
        }

        // MARK: Validate

        /// Ends the exchange with an acceptable answer, or decides what an unacceptable one leads
        /// to: a redirect, a replay, a retry, or the error that carries its decoded body.
        nonisolated(nonsending) mutating func validate(_ outcome: AttemptOutcome, of send: Send) async throws(EndpointError) -> Verdict {
            let response = outcome.response
            metrics.status = response.status.code
            metrics.firstByte = outcome.firstByte - start
            metrics.bytesReceived += outcome.bytesReceived
            core.logResponse(response, summary: summary, trace: telemetry)
            if response.status == .unauthorized { core.emit(.unauthorized(summary)) }

            let errorBody: Data
            switch outcome.body {
            case .success(let consumed):
                metrics.succeeded = true
                metrics.total = ContinuousClock.now - start
                core.finish(summary, metrics, trace: telemetry)
                telemetry?.end(metrics, error: nil)
                return .finished(response, consumed)
            case .failure(let data):
                errorBody = data
            }
            if try follow(response, of: send) { return .sendAgain }
            if try await replays(response, of: send) { return .sendAgain }
            if try await retries(response) { return .sendAgain }
            let errorType = serverErrorType ?? core.serverErrorType
            throw fail(.unacceptableStatus(
                response.status,
                serverError: core.decodeServerError(errorType, from: errorBody, contentType: response.headerFields[.contentType]),
                bodyExcerpt: EndpointError.excerpt(errorBody)))
        }

        /// Whether `response` is a redirect to follow (which becomes the pending send).
        private mutating func follow(_ response: HTTPResponse, of send: Send) throws(EndpointError) -> Bool {
            let maxRedirects = core.configuration.redirectPolicy.maxRedirects
            guard maxRedirects > 0 else { return false }
            let hop: RedirectPolicy.Hop?
            do {
                hop = try RedirectPolicy.hop(after: response, to: send.head, at: send.baseURL, redaction: core.configuration.redaction)
            } catch {
                throw fail(.invalidRedirect(
                    status: response.status.code,
                    location: response.headerFields[.location].map(core.redactedLocation), reason: error.reason))
            }
            guard let hop else { return false }
            guard redirectsThisAttempt < maxRedirects else { throw fail(.tooManyRedirects(limit: maxRedirects)) }
            redirectsThisAttempt += 1
            metrics.redirects += 1
            let target = core.configuration.redaction.redactTarget(hop.head.path ?? "/")
            let crossing = hop.crossesOrigin ? " (another origin: secret headers left out)" : ""
            core.log(summary, "\(response.status.code) redirect to \(hop.baseURL.absoluteString)\(target)\(crossing)", trace: telemetry)
            telemetry?.redirected(status: response.status.code, to: hop.baseURL.absoluteString + target)
            pendingHop = hop
            return true
        }

        /// Whether an interceptor asks to send a refused request again (a refreshed token), once.
        private nonisolated(nonsending) mutating func replays(_ response: HTTPResponse, of send: Send) async throws(EndpointError) -> Bool {
            guard replays == 0 else { return false }
            var replay = false
            do {
                for interceptor in core.configuration.interceptors
                where try await interceptor.shouldReplay(send.head, after: response, attempt: metrics.attempts) {
                    replay = true
                }
            } catch {
                throw fail(.invalidRequest(.parameterEncodingFailed(path: "interceptor", reason: "\(error)")))
            }
            if replay { replays += 1 }
            return replay
        }

        /// A failed attempt of a resumable download that kept bytes goes uncounted (up to
        /// ``ResumeHooks/maxResumes``) and starts the retry budget again.
        private mutating func noteResumption() {
            guard let resume = options.resume, resumedAttempts < resume.maxResumes, resume.madeProgress() else { return }
            resumedAttempts += 1
            retryClockStart = ContinuousClock.now
        }

        /// The retry policy's wait before the next attempt, or `nil` when none may go. A request
        /// that carries an idempotency key is retryable whatever its method (checked here, when a
        /// retry is in question, rather than for every request).
        private func retryDelay(retryAfter: Duration?) -> Duration? {
            let carriesKey = IdempotencyKeyPolicy.carriesKey(prepared.request, policy: core.configuration.idempotencyKeys)
            return core.configuration.retryPolicy.delay(
                afterAttempt: max(metrics.attempts - resumedAttempts, 1), method: method,
                elapsed: ContinuousClock.now - retryClockStart, retryAfter: retryAfter, carriesIdempotencyKey: carriesKey)
        }

        /// Whether the retry policy sends again after this status (after waiting).
        private nonisolated(nonsending) mutating func retries(_ response: HTTPResponse) async throws(EndpointError) -> Bool {
            guard core.configuration.retryPolicy.retryableStatusCodes.contains(response.status.code),
                let wait = retryDelay(retryAfter: RetryPolicy.retryAfter(response.headerFields[.retryAfter]))
            else { return false }
            try await pause(wait, "attempt \(metrics.attempts) answered \(response.status.code); retrying in \(wait)")
            return true
        }

        // MARK: Ending

        /// Logs why, then waits `wait`; a cancelled wait ends the exchange.
        private nonisolated(nonsending) mutating func pause(_ wait: Duration, _ reason: String) async throws(EndpointError) {
            core.log(summary, reason, trace: telemetry)
            telemetry?.retrying(after: metrics.attempts, wait: wait)
            if (try? await Task.sleep(for: wait)) == nil { throw fail(.transport(.cancelled)) }
        }

        /// Ends the exchange with an error of `kind`, reporting it as finished.
        mutating func fail(_ kind: EndpointError.Kind) -> EndpointError {
            metrics.total = ContinuousClock.now - start
            core.finish(summary, metrics, trace: telemetry)
            telemetry?.end(metrics, error: kind)
            return EndpointError(kind, method: method, path: path, attempts: metrics.attempts)
        }
    }
}
