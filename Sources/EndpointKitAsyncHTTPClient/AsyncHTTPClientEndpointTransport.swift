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
/// and an exchange can carry its own deadline for the answer's head, which AsyncHTTPClient enforces
/// (its deadline ends when the head arrives: the controller's own deadline bounds the body).
///
/// ```swift
/// let controller = EndpointController<EndpointDefaultServerError>.asyncHTTPClient()
/// let user = try await controller.load(Endpoint<User>(serverURL: api, pathPrefix: "users", objectID: "867"))
/// ```
///
/// The client must not follow redirects (`redirectConfiguration: .disallow`): the controller
/// follows them itself, and keeps credentials from other origins.
public struct AsyncHTTPClientEndpointTransport: ClientTransport, Sendable {
    /// The client that sends.
    public let client: HTTPClient
    /// The longest to wait for the answer's head; `nil` for no limit of the transport's own.
    /// AsyncHTTPClient stops enforcing it once the head has arrived.
    public var timeout: Duration?

    /// A transport over `client` (``nonRedirectingClient`` by default), waiting at most `timeout`
    /// for each answer's head when one is given.
    public init(client: HTTPClient = AsyncHTTPClientEndpointTransport.nonRedirectingClient, timeout: Duration? = nil) {
        self.client = client
        self.timeout = timeout
    }

    /// One client for the process that leaves redirects to the controller, on AsyncHTTPClient's
    /// shared event loops. It lives as long as the process, so it is never shut down.
    public static let nonRedirectingClient = HTTPClient(
        eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))

    /// Sends `request` to `baseURL` joined with its path, streaming `body`; the answer's body
    /// streams as it arrives.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        let outgoing = Self.clientRequest(request, body: body, baseURL: baseURL)
        let deadline = timeout.map { NIODeadline.now() + TimeAmount($0) } ?? .distantFuture
        let response = try await client.execute(outgoing, deadline: deadline)
        return (Self.response(of: response), Self.body(of: response, method: request.method))
    }

    /// AsyncHTTPClient's request for a head, a base URL and a body.
    static func clientRequest(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL) -> HTTPClientRequest {
        var base = baseURL.absoluteString
        if base.hasSuffix("/") { base.removeLast() }
        var outgoing = HTTPClientRequest(url: base + (request.path ?? "/"))
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        outgoing.headers.reserveCapacity(request.headerFields.count)
        for field in request.headerFields { outgoing.headers.add(name: field.name.rawName, value: field.value) }
        if let body {
            let length: HTTPClientRequest.Body.Length = switch body.length {
            case .known(let count): .known(count)
            case .unknown: .unknown
            }
            outgoing.body = .stream(body.map { ByteBuffer(bytes: $0) }, length: length)
        }
        return outgoing
    }

    /// The answer's head as `HTTPTypes` has it.
    static func response(of response: HTTPClientResponse) -> HTTPResponse {
        var fields = HTTPFields()
        fields.reserveCapacity(response.headers.count)
        for header in response.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        return HTTPResponse(status: .init(code: Int(response.status.code), reasonPhrase: response.status.reasonPhrase), headerFields: fields)
    }

    /// The answer's body as it streams in (its length when `Content-Length` gives it); none for a
    /// HEAD request, whose answer has no body whatever its `Content-Length` says.
    static func body(of response: HTTPClientResponse, method: HTTPRequest.Method) -> HTTPBody? {
        guard method != .head else { return nil }
        let length = response.headers.first(name: "content-length").flatMap { Int64($0) }.map(HTTPBody.Length.known) ?? .unknown
        return HTTPBody(response.body.map { ArraySlice($0.readableBytesView) }, length: length, iterationBehavior: .single)
    }
}
