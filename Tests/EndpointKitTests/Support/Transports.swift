import AsyncHTTPClient
import EndpointKitAsyncHTTPClient
import Foundation
import Logging
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import OpenAPIURLSession
import Testing

@testable import EndpointKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transports every integration test runs with.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// ``URLSessionEndpointTransport``, EndpointKit's own transport over URLSession (the default).
    case endpointKitURLSession
    /// The same, handing answers over as they arrive (`responseDelivery: .streamed`).
    case endpointKitURLSessionStreamed
    /// swift-openapi-urlsession's `URLSessionTransport`.
    case urlSession
    case asyncHTTPClient
    /// ``AsyncHTTPClientEndpointTransport``, EndpointKit's own transport over AsyncHTTPClient.
    case endpointKitAsyncHTTPClient

    var testDescription: String { rawValue }

    /// One AsyncHTTPClient for the whole test run that fails at once when a connection is refused.
    static let httpClientWithoutConnectionRetries: HTTPClient = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Whether the transport rides AsyncHTTPClient (and so streams bodies on Linux).
    var ridesAsyncHTTPClient: Bool { self == .asyncHTTPClient || self == .endpointKitAsyncHTTPClient }

    /// Whether the transport rides URLSession.
    var ridesURLSession: Bool { !ridesAsyncHTTPClient }

    /// Whether a download's progress comes as the bytes arrive (swift-openapi-urlsession holds the
    /// whole body first on Linux; EndpointKit's URLSession transport writes each chunk as it arrives).
    var streamsDownloads: Bool {
        #if canImport(FoundationNetworking)
        self != .urlSession
        #else
        true
        #endif
    }

    /// Whether the transport hands answers over as they arrive (swift-openapi-urlsession and
    /// EndpointKit's buffered URLSession transport hold them whole first on Linux).
    var streams: Bool {
        #if canImport(FoundationNetworking)
        self != .urlSession && self != .endpointKitURLSession
        #else
        true
        #endif
    }

    /// One URLSessionEndpointTransport for the whole test run, without Foundation's URL cache.
    static let endpointKitURLSessionTransport = URLSessionEndpointTransport(
        configuration: URLSessionEndpointTransport.apiClientConfiguration())

    /// One streaming URLSessionEndpointTransport for the whole test run.
    static let endpointKitURLSessionStreamedTransport = URLSessionEndpointTransport(
        configuration: URLSessionEndpointTransport.apiClientConfiguration(), responseDelivery: .streamed)

    /// A transport that reports a refused connection at once (AsyncHTTPClient's default retries
    /// it until its connect timeout).
    func makeWithoutConnectionRetries() -> any ClientTransport {
        switch self {
        case .urlSession, .endpointKitURLSession, .endpointKitURLSessionStreamed: make()
        case .asyncHTTPClient: AsyncHTTPClientTransport(configuration: .init(client: Self.httpClientWithoutConnectionRetries))
        case .endpointKitAsyncHTTPClient: AsyncHTTPClientEndpointTransport(client: Self.httpClientWithoutConnectionRetries)
        }
    }

    /// One AsyncHTTPClient for the whole test run, leaving redirects to the controller.
    static let nonRedirectingHTTPClient = HTTPClient(
        eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))

    /// A transport that does not follow redirects, as the controller requires.
    func make() -> any ClientTransport {
        switch self {
        case .endpointKitURLSession:
            TransportKind.endpointKitURLSessionTransport
        case .endpointKitURLSessionStreamed:
            TransportKind.endpointKitURLSessionStreamedTransport
        case .urlSession:
            URLSessionTransport(configuration: .init(session: NonRedirectingSession.make(configuration: .ephemeral)))
        case .asyncHTTPClient:
            AsyncHTTPClientTransport(configuration: .init(client: TransportKind.nonRedirectingHTTPClient))
        case .endpointKitAsyncHTTPClient:
            AsyncHTTPClientEndpointTransport(client: TransportKind.nonRedirectingHTTPClient)
        }
    }
}

/// A controller for tests: a private notification center, quick retries.
func makeController(
    _ kind: TransportKind,
    retryPolicy: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10)),
    // Long enough that a test process whose threads are all busy (the full suite on 2 cores) does
    // not time out a request whose answer is waiting to be read; tests of timeouts set their own.
    timeout: Duration = .seconds(60),
    interceptors: [any EndpointInterceptor] = [],
    logger: Logger = Logger(label: "EndpointKitTests"),
    notificationCenter: NotificationCenter? = NotificationCenter()
) -> EndpointController<EndpointDefaultServerError> {
    EndpointController(
        transport: kind.make(),
        configuration: .init(
            retryPolicy: retryPolicy, interceptors: interceptors, timeout: timeout, logger: logger,
            notificationCenter: notificationCenter))
}

/// Runs `body` with a server, and stops the server afterwards.
func withServer<T>(
    storedBodyLimit: Int = 1 << 20, recordsRequests: Bool = true, _ handler: @escaping TestHTTPServer.Handler,
    _ body: (TestHTTPServer) async throws -> T
) async throws -> T {
    let server = try await TestHTTPServer.start(storedBodyLimit: storedBodyLimit, recordsRequests: recordsRequests, handler: handler)
    do {
        let result = try await body(server)
        try await server.stop()
        return result
    } catch {
        try? await server.stop()
        throw error
    }
}
