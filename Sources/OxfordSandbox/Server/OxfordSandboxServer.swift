import EndpointKit
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// Serves an ``OxfordSandbox`` over HTTP/1.1 with Hummingbird, under `/api/v2` and `/api/v1`.
///
/// Start one in-process, on an ephemeral loopback port, and stop it when done:
///
/// ```swift
/// let server = try await OxfordSandboxServer.start(try OxfordSandbox(lexicon: .bundled()))
/// let api = OxfordAPI(baseURL: server.baseURL, credentials: OxfordCredentials(appID: "id", appKey: "key"))
/// // … send requests …
/// await server.stop()
/// ```
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
public final class OxfordSandboxServer: Sendable {
    /// The address it listens on.
    public let host: String
    /// The port it listens on (the one the system chose when started with port 0).
    public let port: Int
    private let task: Task<Void, any Error>
    private let group: ServiceGroup

    /// The v2 base URL (`http://host:port/api/v2`), to give to `OxfordAPI(baseURL:)`.
    public var baseURL: URL { URL(string: "http://\(urlHost):\(port)/api/v2")! }
    /// The v1 base URL (`http://host:port/api/v1`), to give to `OxfordAPIRequest.baseURL`.
    public var v1BaseURL: URL { URL(string: "http://\(urlHost):\(port)/api/v1")! }
    private var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    private init(host: String, port: Int, task: Task<Void, any Error>, group: ServiceGroup) {
        self.host = host
        self.port = port
        self.task = task
        self.group = group
    }

    /// Starts serving `sandbox` on `host` and `port` (0: a free port the system picks) and returns
    /// once it accepts connections.
    ///
    /// - Throws: the bind error (such as the address being in use) when it cannot listen.
    public static func start(
        _ sandbox: OxfordSandbox, host: String = "127.0.0.1", port: Int = 0, logger: Logger = Logger(label: "OxfordSandbox")
    ) async throws -> OxfordSandboxServer {
        let started = StartSignal()
        let application = makeApplication(sandbox, host: host, port: port, logger: logger) { port in started.succeed(port) }
        let group = ServiceGroup(configuration: .init(services: [application], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            do {
                try await group.run()
                started.fail(SandboxServerError.stoppedBeforeStarting)
            } catch {
                started.fail(error)
                throw error
            }
        }
        do {
            let boundPort = try await started.wait()
            return OxfordSandboxServer(host: host, port: boundPort, task: task, group: group)
        } catch {
            task.cancel()
            throw error
        }
    }

    /// Serves `sandbox` until the process receives SIGINT or SIGTERM; `onStarted` gets the bound port.
    public static func serve(
        _ sandbox: OxfordSandbox, host: String, port: Int, logger: Logger, onStarted: @escaping @Sendable (Int) -> Void
    ) async throws {
        try await makeApplication(sandbox, host: host, port: port, logger: logger, onStarted: onStarted).runService()
    }

    /// Stops accepting connections, lets requests in flight finish, closes the connections and
    /// returns when the server is down.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    private static func makeApplication(
        _ sandbox: OxfordSandbox, host: String, port: Int, logger: Logger, onStarted: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        Application(
            responder: SandboxResponder(sandbox: sandbox, logger: logger),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in onStarted(channel.localAddress?.port ?? port) },
            logger: logger)
    }
}

/// Why the sandbox server did not start.
public enum SandboxServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server stopped before it listened.
    case stoppedBeforeStarting

    /// What happened.
    public var description: String { "the Oxford sandbox server stopped before it started listening" }
}

/// Hands each request to the sandbox and writes its answer.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct SandboxResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let sandbox: OxfordSandbox
    let logger: Logger
    private static let apiVersion = HTTPField.Name("Api-Version")!

    /// Hummingbird's server spans (their parent the caller's span, read from `traceparent`) and
    /// server metrics, through the bootstrapped tracer and metrics backend; nothing without them.
    private static let tracing = TracingMiddleware<Context>(redactingQueryParameters: Set(Redaction.default.queryNames))
    private static let metrics = MetricsMiddleware<Context>()

    func respond(to request: Request, context: Context) async throws -> Response {
        try await Self.tracing.handle(request, context: context) { request, context in
            try await Self.metrics.handle(request, context: context) { request, context in
                context.coreContext.endpointPath.value = Self.route(of: request.uri.path)
                return answer(request)
            }
        }
    }

    /// The route of a path for spans and metrics, without the words in it: `/api/v2/entries/*`.
    static func route(of path: String) -> String {
        let segments = path.split(separator: "/")
        return "/" + segments.prefix(3).joined(separator: "/") + (segments.count > 3 ? "/*" : "")
    }

    /// The sandbox's answer to `request`.
    private func answer(_ request: Request) -> Response {
        let target = request.head.path ?? "/"
        let answer = sandbox.respond(method: request.method, target: target, headers: request.headers)
        // The path only: credentials travel in headers, never in what is logged.
        logger.debug("\(request.method) \(target.prefix { $0 != "?" }) → \(answer.status.code)")
        var headers: HTTPFields = [.contentType: answer.contentType]
        if answer.fromAPI { headers[Self.apiVersion] = target.hasPrefix("/api/v1") ? "v1" : "v2" }
        let body = request.method == .head ? ByteBuffer() : answer.body
        return Response(status: answer.status, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}

/// A one-shot hand-over of the bound port (or the failure) from the server's task to `start`.
private final class StartSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Int, any Error>?
    private var continuation: CheckedContinuation<Int, any Error>?

    func succeed(_ port: Int) { finish(.success(port)) }
    func fail(_ error: any Error) { finish(.failure(error)) }

    private func finish(_ outcome: Result<Int, any Error>) {
        let waiting: CheckedContinuation<Int, any Error>? = lock.withLock {
            guard result == nil else { return nil }
            result = outcome
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: outcome)
    }

    func wait() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Int, any Error>? = lock.withLock {
                if let result { return result }
                self.continuation = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
