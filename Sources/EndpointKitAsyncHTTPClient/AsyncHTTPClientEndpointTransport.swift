import AsyncHTTPClient
import EndpointKit
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import OpenAPIRuntime

/// A `ClientTransport` over AsyncHTTPClient's `HTTPClient`, made for `EndpointController`: the
/// request head maps straight onto AsyncHTTPClient's (the URL is the base URL and the head's path
/// joined, never re-parsed through `URLComponents`), bodies stream both ways with back-pressure,
/// and each exchange carries its own deadline, from the send to the last byte of the answer
/// (`DeadlineEnforcingTransport`), so the controller runs each attempt in its caller's task.
///
/// ```swift
/// let controller = EndpointController<EndpointDefaultServerError>.asyncHTTPClient()
/// let user = try await controller.load(Endpoint<User>(serverURL: api, pathPrefix: "users", objectID: "867"))
/// ```
///
/// The client must not follow redirects (`redirectConfiguration: .disallow`): the controller
/// follows them itself, and keeps credentials from other origins. Leave its own tracing off
/// (`tracing.tracer = nil`) when the controller traces, as ``nonRedirectingClient`` does.
public struct AsyncHTTPClientEndpointTransport: DeadlineEnforcingTransport, Sendable {
    /// The client that sends.
    public let client: HTTPClient
    /// The longest an exchange sent through ``send(_:body:baseURL:operationID:)`` may take, to the
    /// last byte of its answer; `nil` for no limit of the transport's own. The controller gives
    /// each attempt its own (``send(_:body:baseURL:operationID:timeout:)``).
    public var timeout: Duration?
    /// Request bodies of known length up to this many bytes are read into memory and sent with
    /// their head in one write; larger ones, and bodies of unknown length, stream. Default 1 MiB.
    public var inMemoryBodyLimit: Int

    /// A transport over `client` (``nonRedirectingClient`` by default), limiting each exchange to
    /// `timeout` when one is given.
    public init(
        client: HTTPClient = AsyncHTTPClientEndpointTransport.nonRedirectingClient, timeout: Duration? = nil,
        inMemoryBodyLimit: Int = 1 << 20
    ) {
        self.client = client
        self.timeout = timeout
        self.inMemoryBodyLimit = inMemoryBodyLimit
    }

    /// One client for the process that leaves redirects to the controller, on AsyncHTTPClient's
    /// shared event loops. It lives as long as the process, so it is never shut down.
    ///
    /// Its own tracing is off: the controller makes each request's client span and sends its
    /// context (`EndpointTelemetry`). AsyncHTTPClient's delegate API, which this transport uses,
    /// starts its spans on an event loop, outside the caller's task, so they would stand apart
    /// from the controller's trace as spans of their own.
    public static let nonRedirectingClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.tracing.tracer = nil
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Sends `request` to `baseURL` joined with its path, streaming `body`; the answer's body
    /// streams as it arrives.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        try await exchange(request, body: body, baseURL: baseURL, timeout: timeout)
    }

    /// Sends `request` as ``send(_:body:baseURL:operationID:)`` does, within `timeout`: once it
    /// passes, the exchange's AsyncHTTPClient task is cancelled, and this throws
    /// `TransportDeadlineExceeded` (from here while the head is awaited, from the body's iteration
    /// after).
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String, timeout: Duration)
        async throws -> (HTTPResponse, HTTPBody?)
    {
        try await exchange(request, body: body, baseURL: baseURL, timeout: timeout)
    }

    private nonisolated(nonsending) func exchange(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, timeout: Duration?) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        let deadline = ExchangeDeadline(timeout: timeout)
        let outgoing: HTTPClient.Request
        do {
            outgoing = try Self.clientRequest(request, body: try await outgoingBody(body), baseURL: baseURL)
        } catch {
            deadline.end()
            throw deadline.failure(error)
        }
        let client = self.client
        return try await AsyncHTTPClientExchange(method: request.method, deadline: deadline).answer { exchange in
            client.execute(request: outgoing, delegate: exchange, eventLoop: .indifferent, deadline: nil, logger: nil)
        }
    }

    /// AsyncHTTPClient's request for a head, a base URL and a body.
    static func clientRequest(_ request: HTTPRequest, body: HTTPClient.Body?, baseURL: URL) throws -> HTTPClient.Request {
        var base = baseURL.absoluteString
        if base.hasSuffix("/") { base.removeLast() }
        var headers = HTTPHeaders()
        headers.reserveCapacity(request.headerFields.count)
        for field in request.headerFields { headers.add(name: field.name.rawName, value: field.value) }
        return try HTTPClient.Request(
            url: base + (request.path ?? "/"), method: HTTPMethod(rawValue: request.method.rawValue), headers: headers, body: body)
    }

    /// `body` as AsyncHTTPClient sends it: in one buffer when its known length is at most
    /// ``inMemoryBodyLimit``, so the whole request goes out before the server can answer, else
    /// streamed, each chunk written once the one before is taken.
    private nonisolated(nonsending) func outgoingBody(_ body: HTTPBody?) async throws -> HTTPClient.Body? {
        guard let body else { return nil }
        guard case .known(let length) = body.length, length <= inMemoryBodyLimit else {
            return Self.streamed(body, eventLoopGroup: client.eventLoopGroup)
        }
        var buffer = ByteBuffer()
        buffer.reserveCapacity(Int(length))
        for try await chunk in body {
            guard buffer.readableBytes + chunk.count <= length else {
                throw AsyncHTTPClientEndpointTransportError.bodyLengthMismatch(declared: length, actual: Int64(buffer.readableBytes + chunk.count))
            }
            buffer.writeBytes(chunk)
        }
        guard buffer.readableBytes == length else {
            throw AsyncHTTPClientEndpointTransportError.bodyLengthMismatch(declared: length, actual: Int64(buffer.readableBytes))
        }
        return .byteBuffer(buffer)
    }

    /// `body` streamed from a task of its own as AsyncHTTPClient asks for it.
    private static func streamed(_ body: HTTPBody, eventLoopGroup: any EventLoopGroup) -> HTTPClient.Body {
        let length: Int64? = switch body.length {
        case .known(let count): count
        case .unknown: nil
        }
        return .stream(contentLength: length) { writer in
            let written = eventLoopGroup.any().makePromise(of: Void.self)
            written.completeWithTask {
                for try await chunk in body { try await writer.write(.byteBuffer(ByteBuffer(bytes: chunk))).get() }
            }
            return written.futureResult
        }
    }

    /// An answer's head as `HTTPTypes` has it.
    static func response(status: HTTPResponseStatus, headers: HTTPHeaders) -> HTTPResponse {
        var fields = HTTPFields()
        fields.reserveCapacity(headers.count)
        for header in headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        return HTTPResponse(status: .init(code: Int(status.code), reasonPhrase: status.reasonPhrase), headerFields: fields)
    }
}
