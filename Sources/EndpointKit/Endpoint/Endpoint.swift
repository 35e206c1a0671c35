import Foundation
import HTTPTypes

/// An API endpoint as a value: everything needed to request it and to read its answer.
///
/// The path follows the common REST template `serverURL/pathPrefix/objectID/pathSuffix?query`:
///
/// ```swift
/// let followers = Endpoint<[User]>(
///     serverURL: URL(string: "http://foo.com/api/v1.0")!,
///     pathPrefix: "users",
///     objectID: "867",
///     pathSuffix: "followers",
///     queryParameters: ["expand": 1]
/// )
/// // GET http://foo.com/api/v1.0/users/867/followers?expand=1
/// ```
///
/// ``pathPrefix`` and ``pathSuffix`` are templates you write, split at `/`; ``objectID`` is one
/// segment, always, so an identifier from user input cannot reach another resource.
/// A server that does not follow the template takes the whole path as ``pathPrefix``.
/// A server URL may carry a fixed query (`?api-version=2024-05-01`): every request sends it
/// first, then the endpoint's parameters (see ``Request/prepare(page:extraHeaders:)``).
///
/// `Endpoint` conforms to ``Request``: build it with ``Request/urlRequest(page:extraHeaders:)``
/// or ``Request/prepare(page:extraHeaders:)``.
public struct Endpoint<Payload>: Request {
    /// The type the answer decodes to.
    public typealias Response = Payload

    /// The root URL of the service, such as `http://foo.com/api/v1.0`.
    public var serverURL: URL
    /// The path after ``serverURL``, such as `users` or `oauth2/token`.
    public var pathPrefix: String
    /// The identifier of one object, sent as exactly one path segment.
    public var objectID: String?
    /// The path after ``objectID``, such as `followers`.
    public var pathSuffix: String?
    /// Whether the path ends with `/` (`/users/`, as Django REST framework routes). Default `false`.
    public var trailingSlash: Bool
    /// The method. Default GET.
    public var method: HTTPRequest.Method
    /// The query parameters.
    public var queryParameters: [String: any APIParamConvertible]?
    /// Query parameters as one value that keeps its order (see ``Request/queryObject``).
    public var queryObject: (any APIParamConvertible)?
    /// Header fields sent with the request.
    public var headerFields: [String: String]
    /// The body: ``JSONBodyParameters``, ``FormURLEncodedBodyParameters``, ``DataBodyParameters``,
    /// ``MultipartFormDataBodyParameters`` or your own.
    public var bodyParameters: (any BodyParameters)?
    /// The encoder of the query.
    public var queryEncoder: QueryEncoder
    /// How the JSON answer is decoded; `nil` uses the controller's options.
    public var decoding: JSONDecodingOptions?
    /// The statuses that count as success; `nil` uses the controller's (200..<300).
    public var acceptableStatusCodes: Range<Int>?
    /// The type an error body is decoded into; `nil` uses the controller's `ServerError`.
    public var serverErrorType: (any EndpointServerError.Type)?
    /// Reads the answer yourself (the seed's `parse()`); `nil` decodes by the payload's type
    /// (see ``Request/decodeResponse(_:response:decoder:)``).
    public var parse: (@Sendable (_ body: Data, _ response: HTTPResponse) throws -> Payload)?

    /// An endpoint. Only the server URL and the path prefix are required.
    public init(
        serverURL: URL,
        pathPrefix: String,
        objectID: String? = nil,
        pathSuffix: String? = nil,
        trailingSlash: Bool = false,
        method: HTTPRequest.Method = .get,
        queryParameters: [String: any APIParamConvertible]? = nil,
        queryObject: (any APIParamConvertible)? = nil,
        headerFields: [String: String] = [:],
        body: (any BodyParameters)? = nil,
        queryEncoder: QueryEncoder = .query,
        decoding: JSONDecodingOptions? = nil,
        acceptableStatusCodes: Range<Int>? = nil,
        serverErrorType: (any EndpointServerError.Type)? = nil,
        parse: (@Sendable (_ body: Data, _ response: HTTPResponse) throws -> Payload)? = nil
    ) {
        self.serverURL = serverURL
        self.pathPrefix = pathPrefix
        self.objectID = objectID
        self.pathSuffix = pathSuffix
        self.trailingSlash = trailingSlash
        self.method = method
        self.queryParameters = queryParameters
        self.queryObject = queryObject
        self.headerFields = headerFields
        self.bodyParameters = body
        self.queryEncoder = queryEncoder
        self.decoding = decoding
        self.acceptableStatusCodes = acceptableStatusCodes
        self.serverErrorType = serverErrorType
        self.parse = parse
    }

    /// ``serverURL``.
    public var baseURL: URL { serverURL }

    /// ``pathPrefix``, then ``objectID`` as one segment, then ``pathSuffix``; a final `/` when
    /// ``trailingSlash``.
    public var path: EndpointPath {
        var path = EndpointPath(pathPrefix)
        if let objectID { path = path / objectID }
        if let pathSuffix { path = path.appending(EndpointPath(pathSuffix)) }
        path.hasTrailingSlash = trailingSlash
        return path
    }
}

extension Endpoint {
    /// ``parse`` when given, otherwise the decoding by the payload's type.
    public func decodeResponse(_ body: Data, response: HTTPResponse, decoder: JSONDecoder) throws -> Payload {
        if let parse { return try parse(body, response) }
        return try ResponseDecoder.decode(Payload.self, body: body, response: response, decoder: decoder)
    }
}

extension Endpoint where Payload: Decodable {
    /// Decodes recorded JSON with ``decoding`` (default options when `nil`): how a unit test checks
    /// a payload type without a server.
    public func decode(_ data: Data) throws -> Payload {
        try (decoding ?? JSONDecodingOptions()).makeDecoder().decode(Payload.self, from: data)
    }
}
