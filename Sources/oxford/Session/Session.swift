import AsyncHTTPClient
import EndpointKit
import Foundation
import Logging
import NIOCore
import EndpointKitAsyncHTTPClient
import OxfordDictionaries
import OxfordSandbox

/// The server a command talks to: the one configured, or the bundled sandbox started in-process on
/// a free loopback port when no credentials are configured.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct Session: Sendable {
    /// The client, for v2 and v1 requests.
    let client: OxfordClient
    /// The HTTP client under the transport, shut down on close.
    private let httpClient: HTTPClient
    /// The sandbox server, when one was started.
    private let sandbox: OxfordSandboxServer?

    /// Opens a session for `options`, announcing a sandbox on standard error.
    static func open(_ options: ServiceOptions, environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> Session {
        if options.trace { StderrTracer.bootstrap() }
        let credentials = options.credentials(environment)
        let given = options.givenBaseURL(environment)
        var sandbox: OxfordSandboxServer?
        let v2: URL, v1: URL
        if let given {
            (v2, v1) = Self.versions(of: given)
        } else if credentials != nil {
            (v2, v1) = (OxfordAPI.production, OxfordAPIRequest.v1BaseURL)
        } else {
            var logger = Logger(label: "oxford.sandbox")
            logger.logLevel = .warning
            let server = try await OxfordSandboxServer.start(OxfordSandbox(lexicon: try SandboxLexicon.bundled(), credentials: .open), logger: logger)
            sandbox = server
            (v2, v1) = (server.baseURL, server.v1BaseURL)
            Terminal.note("no OXFORD_APP_ID/OXFORD_APP_KEY set: using the offline sandbox at http://127.0.0.1:\(server.port)")
        }
        var configuration = EndpointController<OxfordServerError>.Configuration()
        configuration.timeout = .milliseconds(Int64(options.timeout * 1000))
        configuration.notificationCenter = nil
        var logger = Logger(label: "oxford")
        logger.logLevel = .critical
        configuration.logger = logger
        // A refused connection fails at once (AsyncHTTPClient would otherwise retry it until the
        // connect timeout); the controller's retry policy decides about retries.
        // Redirects are the controller's to follow: it keeps the credentials from other hosts.
        var httpConfiguration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        httpConfiguration.connectionPool.retryConnectionEstablishment = false
        // The controller makes the client spans and injects `traceparent`; AsyncHTTPClient would
        // add a second `traceparent`, which servers reject.
        httpConfiguration.tracing.tracer = nil
        httpConfiguration.timeout.connect = .milliseconds(Int64(min(options.timeout, 10) * 1000))
        let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: httpConfiguration)
        // The controller hands each attempt's deadline to the transport, which bounds head and body.
        let transport = AsyncHTTPClientEndpointTransport(client: httpClient)
        let client = OxfordClient(api: OxfordAPI(baseURL: v2, v1BaseURL: v1, credentials: credentials), transport: transport, configuration: configuration)
        return Session(client: client, httpClient: httpClient, sandbox: sandbox)
    }

    /// The v2 and v1 base URLs of a given one (`…/api/v2` ↔ `…/api/v1`; otherwise the same for both).
    static func versions(of url: URL) -> (v2: URL, v1: URL) {
        let text = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
        if text.hasSuffix("/api/v1") { return (URL(string: String(text.dropLast(2)) + "v2")!, URL(string: text)!) }
        if text.hasSuffix("/api/v2") { return (URL(string: text)!, URL(string: String(text.dropLast(2)) + "v1")!) }
        return (URL(string: text)!, URL(string: text)!)
    }

    /// Whether requests go to the sandbox started in-process.
    var isSandbox: Bool { sandbox != nil }

    /// Shuts the HTTP client down and stops the sandbox, if one was started.
    func close() async {
        try? await httpClient.shutdown()
        await sandbox?.stop()
    }

    /// The raw body of a v2 request.
    func raw<Response>(_ request: OxfordRequest<Response>) async throws -> Data {
        let prepared = try request.prepare()
        return try await client.controller.load(try Self.endpoint(url: prepared.url, headers: request.headerFields, as: Data.self))
    }

    /// An endpoint for a full URL: its path as the server URL's, its query as parameters.
    static func endpoint<Payload>(url: URL, headers: [String: String], as type: Payload.Type) throws -> Endpoint<Payload> {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { throw CommandFailure.usage("\(url) is not a URL") }
        var query: [String: any APIParamConvertible] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        components.query = nil
        guard let server = components.url else { throw CommandFailure.usage("\(url) is not a URL") }
        var headerFields = headers
        headerFields["Accept"] = "application/json"
        return Endpoint<Payload>(
            serverURL: server, pathPrefix: "", queryParameters: query.isEmpty ? nil : query, headerFields: headerFields,
            serverErrorType: OxfordServerError.self)
    }
}
