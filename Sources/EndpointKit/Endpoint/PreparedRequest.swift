import Foundation
import HTTPTypes
import HTTPTypesFoundation
import OpenAPIRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request ready for a transport: the `HTTPRequest` head and the body.
///
/// This is the form a `ClientTransport` takes:
/// `transport.send(prepared.request, body: prepared.httpBody, baseURL: prepared.baseURL, operationID: …)`.
/// ``urlRequest`` is the same request for `URLSession`.
///
/// A prepared request is checked when it is made and cannot be changed afterwards, so its URLs
/// always exist; they are derived from the head only when asked for, which keeps preparing cheap.
public struct PreparedRequest: Sendable {
    /// Method, scheme, authority, path with query, and header fields (including `Content-Type`
    /// and, when the body's length is known, `Content-Length`).
    public let request: HTTPRequest
    /// The body's bytes, if the request has a body.
    public let body: RequestBodyEntity?

    /// `scheme://authority`, checked by ``ServerURL`` to parse as a URL with any checked target.
    let origin: String
    /// The scheme and authority alone (such as `http://foo.com:8080`): the `baseURL` a
    /// `ClientTransport` prefixes to ``request``'s path, which already holds the server URL's path.
    ///
    /// Kept rather than derived: the controller hands it to the transport at every attempt, and
    /// parsing it again cost about 2 µs per request.
    public let baseURL: URL

    init(request: HTTPRequest, body: RequestBodyEntity?, origin: String, baseURL: URL) {
        self.request = request
        self.body = body
        self.origin = origin
        self.baseURL = baseURL
    }

    /// The full URL.
    public var url: URL {
        // The origin's host was checked to hold only URL characters and the target holds only
        // percent-encoded bytes, so this parses (see ServerURL).
        URL(string: origin + (request.path ?? "/"))!
    }

    /// The body as OpenAPI's `HTTPBody`, readable any number of times.
    public var httpBody: HTTPBody? {
        switch body {
        case nil:
            nil
        case .data(let data):
            HTTPBody(data)
        case .stream(let stream):
            HTTPBody(stream, length: stream.length.map { .known($0) } ?? .unknown, iterationBehavior: .multiple)
        }
    }

    /// The request as a Foundation `URLRequest`; a streamed body becomes `httpBodyStream`.
    ///
    /// A streamed body is framed one way, as RFC 9112 §6.3 requires: on Apple platforms URLSession
    /// sends a stream of the `Content-Length` given, so the field stays; Foundation on Linux sends
    /// every stream chunked, so the field is left out there (with it, the request carried both, and
    /// strict servers refuse it with 400).
    public var urlRequest: URLRequest {
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        var headers = [String: String](minimumCapacity: request.headerFields.count)
        // `prepare` gives each name one field, so nothing is overwritten here.
        for field in request.headerFields {
            headers[field.name.rawName] = field.value
        }
        urlRequest.allHTTPHeaderFields = headers
        switch body {
        case nil:
            break
        case .data(let data):
            urlRequest.httpBody = data
        case .stream(let stream):
            urlRequest.httpBodyStream = stream.makeInputStream()
            #if canImport(FoundationNetworking)
            urlRequest.setValue(nil, forHTTPHeaderField: "Content-Length")
            #endif
        }
        return urlRequest
    }
}

extension Request {
    /// The request for `page` (1-based), with `extraHeaders` added over ``headerFields``.
    ///
    /// - Parameters:
    ///   - page: The page to ask for. Pages other than 1 need a ``Response`` that is
    ///     ``EndpointPageable``; for such responses the page parameters are always sent.
    ///   - extraHeaders: Headers for this request only; they replace fields of the same name.
    /// - Throws: ``EndpointRequestError`` naming what was wrong.
    public func prepare(page: Int = 1, extraHeaders: [String: String] = [:]) throws -> PreparedRequest {
        let server = try ServerURL.checked(baseURL)
        let method = self.method

        var target = server.pathBytes
        target.reserveCapacity(256)
        try path.appendEncoded(to: &target)
        if target.isEmpty { target.append(UInt8(ascii: "/")) }

        try appendQuery(to: &target, server: server, page: page, method: method)
        let targetString = String(decoding: target, as: UTF8.self)

        var fields = HTTPFields()
        var entity: RequestBodyEntity?
        if let body = try bodyParameters {
            guard method.allowsRequestBody else {
                throw EndpointRequestError.bodyNotAllowed(method: method.rawValue)
            }
            let built = try body.buildEntity(forHTTPMethod: method)
            try validateContentType(body.contentType)
            fields[.contentType] = body.contentType
            if let length = built.length { fields[.contentLength] = String(length) }
            entity = built
        }
        try Self.append(headerFields, to: &fields)
        try Self.append(extraHeaders, to: &fields)

        let head = HTTPRequest(
            method: method, scheme: server.scheme, authority: server.authority, path: targetString, headerFields: fields)
        return PreparedRequest(request: head, body: entity, origin: server.origin, baseURL: server.originURL)
    }

    /// Validates `headers` and sets them in `fields`, in the order of their names (so a request's
    /// head is the same whatever the dictionary's order); an empty dictionary is not sorted.
    private static func append(_ headers: [String: String], to fields: inout HTTPFields) throws {
        guard !headers.isEmpty else { return }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            let field = try HeaderValidation.field(name: name, value: value)
            fields[field.name] = field.value
        }
    }

    /// The request as a Foundation `URLRequest`, for `page` (1-based) with `extraHeaders`
    /// (the seed's `urlRequest(page:extraHeaders:)`, throwing a typed error instead of returning `nil`).
    public func urlRequest(page: Int = 1, extraHeaders: [String: String] = [:]) throws -> URLRequest {
        try prepare(page: page, extraHeaders: extraHeaders).urlRequest
    }
}
