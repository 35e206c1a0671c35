import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

/// Sends requests over a transport and turns the answers into typed payloads or typed errors.
///
/// One controller serves a whole app: it is `Sendable`, keeps no per-request state, and sends any
/// ``Request`` (an ``Endpoint`` or your own request types) over any `ClientTransport`:
/// ``URLSessionEndpointTransport`` by default, `AsyncHTTPClientEndpointTransport` from the
/// EndpointKitAsyncHTTPClient product (`EndpointController.asyncHTTPClient()`), or any other, such
/// as swift-openapi's. The controller follows redirects itself (``RedirectPolicy``), so give it a
/// transport that does not: EndpointKit's own, or an `HTTPClient` configured with
/// `redirectConfiguration = .disallow`.
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
    public typealias Configuration = EndpointControllerConfiguration

    /// What sends the requests: everything but the server-error type.
    let core: ControllerCore

    /// The transport requests go through.
    public var transport: any ClientTransport { core.transport }
    /// The configuration.
    public var configuration: Configuration { core.configuration }

    /// A controller over `transport`: by default ``URLSessionEndpointTransport/shared``, which
    /// leaves redirects to the controller.
    public init(transport: any ClientTransport = URLSessionEndpointTransport.shared, configuration: Configuration = Configuration()) {
        core = ControllerCore(transport: transport, configuration: configuration, serverErrorType: ServerError.self)
        core.notificationObject.withLock { $0.object = self }
    }

    /// A new stream of every event from now on. Subscribe before you start the requests you
    /// want to observe; the stream ends when you stop iterating it.
    public func events() -> AsyncStream<EndpointEvent> {
        core.hub.subscribe(bufferSize: configuration.eventBufferSize)
    }

    /// Sends `request` and returns its decoded answer.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - page: The 1-based page, for requests whose response is ``EndpointPageable``.
    ///   - extraHeaders: Headers for this call only.
    /// - Throws: ``EndpointError``, naming the method and the path. Cancelling the calling task
    ///   cancels the request and throws a `.transport(.cancelled)` error; it is never retried.
    public func load<R: Request>(_ request: R, page: Int = 1, extraHeaders: [String: String] = [:])
        async throws(EndpointError) -> R.Response
    {
        let (response, body, attempts) = try await core.cachedExchange(request, page: page, extraHeaders: extraHeaders)
        return try core.decode(request, body: body, response: response, attempts: attempts)
    }

    /// Sends `request` and returns the decoded answer with the response head (status, headers).
    public func loadWithResponse<R: Request>(_ request: R, page: Int = 1, extraHeaders: [String: String] = [:])
        async throws(EndpointError) -> (R.Response, HTTPResponse)
    {
        let (response, body, attempts) = try await core.cachedExchange(request, page: page, extraHeaders: extraHeaders)
        return (try core.decode(request, body: body, response: response, attempts: attempts), response)
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
}
