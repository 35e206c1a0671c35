import Foundation
import HTTPTypes
import OpenAPIRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `ClientTransport` over `URLSession`, made for ``EndpointController``, and its default.
///
/// - The request head maps straight onto a `URLRequest`: the base URL and the head's path are
///   joined into one URL string, parsed once.
/// - One URLSession task per exchange. By default Foundation collects the answer and hands it over
///   whole, its fastest way (``ResponseDelivery/buffered``); ``ResponseDelivery/streamed`` hands the
///   body over as it arrives instead. Foundation on Linux cannot pause a transfer, so either way a
///   body nobody has read yet waits in memory there.
/// - Downloads go straight to a file (``FileDownloadingTransport``), so a 1 GiB download takes no
///   more memory than a small one: on Apple platforms as download tasks, whose file Foundation
///   writes; on Linux as data tasks whose chunks are written as they arrive, because Foundation
///   there leaves a failed download task's file behind. There each chunk is written before the
///   next is read, so a disk slower than the network slows the transfer instead of filling memory.
/// - An exchange stopped by its caller or its deadline fails at once. Its task is cancelled on
///   Apple platforms; on Linux only when it is far from its end, because Foundation there breaks
///   when a cancel meets the transfer's completion (``URLSessionTaskCanceller``), and the
///   transport does not use `URLSession.data(for:)`, which deadlocks then.
/// - Request bodies always go with an exact `Content-Length`, never chunked: bodies up to
///   ``inMemoryBodyLimit`` from memory, larger ones (a multipart upload of a file) through an upload
///   task from a temporary file, because Foundation on Linux sends every body stream chunked.
/// - Redirects come back as they are, for the controller to follow (``RedirectPolicy``).
///
/// ```swift
/// let controller = EndpointController<EndpointDefaultServerError>()  // over URLSessionEndpointTransport.shared
/// let custom = EndpointController<EndpointDefaultServerError>(
///     transport: URLSessionEndpointTransport(configuration: .ephemeral))
/// ```
///
/// It is a `ClientTransport`, so it serves swift-openapi-generator clients too. A transport owns its
/// session for the life of the process: make one per configuration, not one per request.
public struct URLSessionEndpointTransport: FileDownloadingTransport, DeadlineEnforcingTransport, Sendable {
    /// The session every task runs in; its delegate belongs to the transport.
    ///
    /// On Linux its delegate queue runs delegate calls and completion handlers on Foundation's own
    /// work queue, as `URLSession.data(for:)` runs its own (``URLSessionDelegateQueue``): a
    /// completion handler of a task you make on this session must return quickly, and must not
    /// make, resume or cancel a task before it returns (those wait for the work queue).
    public let session: URLSession
    /// URLSession's own time limit on a quiet connection (`URLRequest.timeoutInterval`); `nil`
    /// keeps the session's. The controller's `timeout` bounds a whole attempt.
    public var timeout: Duration?
    /// Request bodies of known length up to this many bytes are sent from memory; larger ones, and
    /// bodies of unknown length, from a temporary file. Default 1 MiB.
    public var inMemoryBodyLimit: Int
    /// Where those temporary files go. Default the system's temporary directory.
    public var temporaryDirectory: URL
    /// How answers' bodies are handed over. Default ``ResponseDelivery/buffered``.
    public var responseDelivery: ResponseDelivery

    /// How ``URLSessionEndpointTransport`` hands an answer's body over.
    public enum ResponseDelivery: Sendable, Equatable {
        /// Foundation collects the whole answer and hands it over in one piece, as
        /// `URLSession.data(for:)` does: one call-back per request, on Foundation's own thread. An
        /// answer is in memory whole before the controller sees it, so
        /// ``EndpointControllerConfiguration/maxResponseBytes`` refuses it only then.
        case buffered
        /// Chunks are handed over as they arrive, through the session's delegate: the controller
        /// refuses an answer as soon as it passes `maxResponseBytes`, and reads the first bytes
        /// before the last arrive. Foundation on Linux calls the delegate three times per request
        /// at least, on its own thread; measured end to end there, it is as fast as ``buffered``
        /// within the scatter of a run (BENCHMARKS.md).
        case streamed
    }

    private let router: URLSessionTaskRouter

    /// A transport with a session of its own, configured by `configuration`
    /// (``apiClientConfiguration(cache:cookies:connectionsPerHost:)`` by default).
    public init(
        configuration: URLSessionConfiguration = URLSessionEndpointTransport.apiClientConfiguration(),
        timeout: Duration? = nil, inMemoryBodyLimit: Int = 1 << 20,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory, responseDelivery: ResponseDelivery = .buffered
    ) {
        let router = URLSessionTaskRouter()
        self.router = router
        #if canImport(FoundationNetworking)
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: URLSessionDelegateQueue())
        #else
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
        #endif
        self.timeout = timeout
        self.inMemoryBodyLimit = inMemoryBodyLimit
        self.temporaryDirectory = temporaryDirectory
        self.responseDelivery = responseDelivery
    }

    /// One transport for the process, over
    /// ``apiClientConfiguration(cache:cookies:connectionsPerHost:)``: the default of
    /// ``EndpointController``.
    public static let shared = URLSessionEndpointTransport()

    /// A session configuration for an API client: `.default`, with Foundation's URL cache and cookie
    /// handling off unless asked for, and `connectionsPerHost` connections to each host.
    ///
    /// - `cache`: Foundation's URL cache, with its protocol cache policy; `nil` (the default) keeps
    ///   no cache and reloads every request (the controller has its own, ``ResponseCache``, when
    ///   asked for).
    /// - `cookies`: where cookies from answers are kept and taken from for requests, under that
    ///   store's own `cookieAcceptPolicy`; `nil` (the default) neither keeps nor sends any, as
    ///   AsyncHTTPClient does, so a controller behaves the same over either transport. A process-wide
    ///   store such as `HTTPCookieStorage.shared` would otherwise carry a cookie set by one answer
    ///   into every later request to that domain, whoever it is made for. It also costs: Foundation
    ///   on Linux parses every header line of every answer for cookies (about 50 µs per request,
    ///   BENCHMARKS.md).
    /// - `connectionsPerHost`: enough for concurrent requests (Foundation's default is 6).
    ///
    /// ```swift
    /// // An API that signs in with a cookie:
    /// let signedIn = URLSessionEndpointTransport(
    ///     configuration: URLSessionEndpointTransport.apiClientConfiguration(cookies: .shared))
    /// ```
    public static func apiClientConfiguration(
        cache: URLCache? = nil, cookies: HTTPCookieStorage? = nil, connectionsPerHost: Int = 16
    ) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = cache
        configuration.requestCachePolicy = cache == nil ? .reloadIgnoringLocalCacheData : .useProtocolCachePolicy
        configuration.httpCookieStorage = cookies
        configuration.httpShouldSetCookies = cookies != nil
        configuration.httpCookieAcceptPolicy = cookies?.cookieAcceptPolicy ?? .never
        configuration.httpMaximumConnectionsPerHost = connectionsPerHost
        return configuration
    }

    /// Sends `request` to `baseURL` joined with its path; the answer's body streams as it arrives.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        try await exchange(request, body: body, baseURL: baseURL, deadline: ExchangeDeadline(timeout: nil))
    }

    /// Sends `request` as ``send(_:body:baseURL:operationID:)`` does, within `timeout`: once it
    /// passes, the exchange is cancelled and fails with
    /// ``TransportDeadlineExceeded``, while waiting for the head or while the body streams in.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String, timeout: Duration)
        async throws -> (HTTPResponse, HTTPBody?)
    {
        try await exchange(request, body: body, baseURL: baseURL, deadline: ExchangeDeadline(timeout: timeout))
    }

    /// One exchange, stopped by `deadline` or by the caller's cancellation.
    private nonisolated(nonsending) func exchange(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, deadline: ExchangeDeadline) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        let upload: URLSessionUploadBody
        let urlRequest: URLRequest
        do {
            urlRequest = try Self.urlRequest(request, baseURL: baseURL, timeout: timeout)
            try Task.checkCancellation()
            upload = try await URLSessionUploadBody.make(body, inMemoryLimit: inMemoryBodyLimit, directory: temporaryDirectory)
        } catch {
            deadline.end()
            throw deadline.failure(error)
        }
        if responseDelivery == .buffered {
            #if canImport(FoundationNetworking)
            return try await sendCollected(urlRequest, upload: upload, method: request.method, deadline: deadline)
            #else
            guard deadline.timeout != nil else { return try await sendBuffered(urlRequest, upload: upload, method: request.method) }
            return try await sendBuffered(urlRequest, upload: upload, method: request.method, deadline: deadline)
            #endif
        }
        return try await sendStreamed(urlRequest, upload: upload, method: request.method, deadline: deadline)
    }

    #if !canImport(FoundationNetworking)
    /// Sends `urlRequest` through URLSession's own async calls, which hand the whole answer over at
    /// once (Apple platforms; on Linux see ``sendCollected(_:upload:method:deadline:)``). The
    /// session's delegate still refuses redirects.
    private nonisolated(nonsending) func sendBuffered(_ urlRequest: URLRequest, upload: URLSessionUploadBody, method: HTTPRequest.Method)
        async throws -> (HTTPResponse, HTTPBody?)
    {
        defer { upload.remove() }
        let (data, urlResponse) = switch upload {
        case .none: try await session.data(for: urlRequest)
        case .data(let body): try await session.upload(for: urlRequest, from: body)
        case .file(let file): try await session.upload(for: urlRequest, fromFile: file)
        }
        let response = try HTTPResponse(urlResponse: urlResponse)
        return (response, method == .head ? nil : HTTPBody(data))
    }

    /// Sends `urlRequest` through URLSession's async calls within `deadline`: in a task of its own,
    /// which the deadline cancels (Apple platforms).
    private nonisolated(nonsending) func sendBuffered(_ urlRequest: URLRequest, upload: URLSessionUploadBody, method: HTTPRequest.Method, deadline: ExchangeDeadline)
        async throws -> (HTTPResponse, HTTPBody?)
    {
        defer { deadline.end() }
        let exchange: Task<(HTTPResponse, HTTPBody?), any Error>
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            exchange = Task.immediate { try await sendBuffered(urlRequest, upload: upload, method: method) }
        } else {
            exchange = Task { try await sendBuffered(urlRequest, upload: upload, method: method) }
        }
        deadline.onStop { exchange.cancel() }
        let result = await withTaskCancellationHandler {
            await exchange.result
        } onCancel: {
            deadline.cancel()
        }
        return try result.mapError(deadline.failure).get()
    }
    #else
    /// Sends `urlRequest` as one task whose answer Foundation collects and hands to a completion
    /// handler, within `deadline` (Linux; ``URLSessionCollectingExchange`` says why not
    /// `URLSession.data(for:)`).
    private nonisolated(nonsending) func sendCollected(_ urlRequest: URLRequest, upload: URLSessionUploadBody, method: HTTPRequest.Method, deadline: ExchangeDeadline)
        async throws -> (HTTPResponse, HTTPBody?)
    {
        let exchange = URLSessionCollectingExchange(deadline: deadline, onComplete: { upload.remove() })
        let (data, urlResponse) = try await exchange.answer { completion in
            collectingTask(urlRequest, upload: upload, completion: completion)
        }
        let response = try HTTPResponse(urlResponse: urlResponse)
        return (response, method == .head ? nil : HTTPBody(data))
    }

    /// A task for `urlRequest` that hands its whole answer to `completion`.
    private func collectingTask(
        _ urlRequest: URLRequest, upload: URLSessionUploadBody,
        completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionTask {
        switch upload {
        case .none: session.dataTask(with: urlRequest, completionHandler: completion)
        case .data(let body): session.uploadTask(with: urlRequest, from: body, completionHandler: completion)
        case .file(let file): session.uploadTask(with: urlRequest, fromFile: file, completionHandler: completion)
        }
    }
    #endif

    /// Sends `urlRequest` as one task whose body is handed over as it arrives (through the
    /// session's delegate); `deadline` bounds the body too.
    private nonisolated(nonsending) func sendStreamed(_ urlRequest: URLRequest, upload: URLSessionUploadBody, method: HTTPRequest.Method, deadline: ExchangeDeadline)
        async throws -> (HTTPResponse, HTTPBody?)
    {
        let task: URLSessionTask = switch upload {
        case .none: session.dataTask(with: urlRequest)
        case .data(let data): session.uploadTask(with: urlRequest, from: data)
        case .file(let file): session.uploadTask(with: urlRequest, fromFile: file)
        }
        let exchange = URLSessionDataExchange(
            canceller: URLSessionTaskCanceller(task), mapFailure: deadline.failure,
            onComplete: {
                deadline.end()
                upload.remove()
            })
        router.observe(task, with: exchange)
        deadline.onStop { exchange.stop() }
        let urlResponse = try await withTaskCancellationHandler {
            try await exchange.head { task.resume() }
        } onCancel: {
            deadline.cancel()
        }
        let response = try HTTPResponse(urlResponse: urlResponse)
        guard method != .head else { return (response, nil) }
        let length: HTTPBody.Length = urlResponse.handedOverBodyLength.map { .known($0) } ?? .unknown
        return (response, HTTPBody(exchange.body, length: length, iterationBehavior: .single))
    }

    /// Sends `request` and writes the answer's body to `file`.
    ///
    /// On Apple platforms this is a download task: Foundation writes the body, which is moved to
    /// `file`. On Linux it is a data task whose body is written to `file` as it arrives, because
    /// Foundation there leaves a failed download task's file behind in the temporary directory
    /// (``URLSessionFileWritingExchange``). Either way a failed download leaves no file.
    public func download(
        _ request: HTTPRequest, baseURL: URL, operationID: String, to file: URL,
        progress: @escaping @Sendable (_ written: Int64, _ expected: Int64?) -> Void
    ) async throws -> HTTPResponse {
        let urlRequest = try Self.urlRequest(request, baseURL: baseURL, timeout: timeout)
        try Task.checkCancellation()
        #if canImport(FoundationNetworking)
        let task = session.dataTask(with: urlRequest)
        let exchange = URLSessionFileWritingExchange(file: file, progress: progress, canceller: URLSessionTaskCanceller(task))
        let stop: @Sendable () -> Void = { exchange.stop(URLError(.cancelled)) }
        #else
        let task = session.downloadTask(with: urlRequest)
        let exchange = URLSessionDownloadExchange(file: file, progress: progress)
        let stop: @Sendable () -> Void = { task.cancel() }
        #endif
        router.observe(task, with: exchange)
        let urlResponse = try await withTaskCancellationHandler {
            try await exchange.response { task.resume() }
        } onCancel: {
            stop()
        }
        do {
            return try HTTPResponse(urlResponse: urlResponse)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }

    /// The `URLRequest` for a head: `baseURL` and the head's path joined and parsed once, the
    /// fields copied (repeated names joined with `, `, or `; ` for `Cookie`).
    static func urlRequest(_ request: HTTPRequest, baseURL: URL, timeout: Duration?) throws(URLSessionEndpointTransportError)
        -> URLRequest
    {
        var base = baseURL.absoluteString
        if base.hasSuffix("/") { base.removeLast() }
        let text = base + (request.path ?? "/")
        guard let url = URL(string: text) else { throw .invalidURL(text) }
        var urlRequest = URLRequest(url: url)
        // A new URLRequest is a GET already; setting a method normalises its case through
        // Foundation's string comparison, about 3 µs per request on Linux with cold caches.
        if request.method != .get { urlRequest.httpMethod = request.method.rawValue }
        if let timeout {
            let (seconds, attoseconds) = timeout.components
            urlRequest.timeoutInterval = Double(seconds) + Double(attoseconds) / 1e18
        }
        var headers = [String: String](minimumCapacity: request.headerFields.count)
        for field in request.headerFields {
            let name = field.name.rawName
            if let earlier = headers[name] {
                headers[name] = earlier + (field.name == .cookie ? "; " : ", ") + field.value
            } else {
                headers[name] = field.value
            }
        }
        if !headers.isEmpty { urlRequest.allHTTPHeaderFields = headers }
        return urlRequest
    }
}
