import Foundation
import HTTPTypes

/// A request as a type: where it goes, what it sends, and what it answers (APIKit's idea).
///
/// Declare the few members your API needs; everything else has a default.
///
/// Parameters come two ways:
/// - **Convenience** ``parameters``: one dictionary, as API documentation lists them. For GET,
///   HEAD and DELETE they go to the query; for the other methods they become a JSON body.
/// - **Actual** ``queryParameters`` and ``bodyParameters``: say exactly where each
///   parameter goes. When you implement one, it wins over the convenience parameters.
///
/// ```swift
/// struct SearchRepositories: Request {
///     typealias Response = [String]
///     var query: String
///     var baseURL: URL { URL(string: "https://api.example.com")! }
///     var path: EndpointPath { "search/repositories" }
///     var parameters: [String: any APIParamConvertible]? { ["q": query, "sort": "stars"] }
/// }
/// ```
///
/// ``Endpoint`` conforms, so one controller sends both kinds.
public protocol Request: Sendable {
    /// The type the answer decodes to.
    associatedtype Response

    /// The server's base URL: scheme, host, optional port and path prefix (such as `/api/v1.0`).
    var baseURL: URL { get }
    /// The method. Default GET.
    var method: HTTPRequest.Method { get }
    /// The path below ``baseURL``.
    var path: EndpointPath { get }
    /// Header fields sent with every request. Default none.
    var headerFields: [String: String] { get }
    /// The convenience parameters. Default `nil`.
    var parameters: [String: any APIParamConvertible]? { get throws }
    /// The query parameters. Default: ``parameters`` when the method prefers the query.
    var queryParameters: [String: any APIParamConvertible]? { get throws }
    /// Query parameters as one value that renders as an object: an ``EncodableParameters``, an
    /// ``APIParameters`` or ``KeyedAPIParameters`` type. Unlike a dictionary it keeps an order,
    /// which ``QueryEncoder/KeyOrder/declared`` sends. Sent together with ``queryParameters``
    /// (a name in both is refused). Default `nil`.
    var queryObject: (any APIParamConvertible)? { get throws }
    /// The body. Default: ``parameters`` as ``JSONBodyParameters`` when the method does not
    /// prefer the query.
    var bodyParameters: (any BodyParameters)? { get throws }
    /// The encoder of the query. Default ``QueryEncoder/query``.
    var queryEncoder: QueryEncoder { get }

    /// How a JSON answer is decoded; `nil` (the default) uses the controller's options.
    var decoding: JSONDecodingOptions? { get }
    /// The statuses that count as success; `nil` (the default) uses the controller's (200..<300).
    var acceptableStatusCodes: Range<Int>? { get }
    /// The type an error body is decoded into, overriding the controller's `ServerError`;
    /// `nil` (the default) uses the controller's.
    var serverErrorType: (any EndpointServerError.Type)? { get }
    /// Turns a successful answer into a ``Response``. The default reads `Data`, `String`,
    /// ``EmptyResponse`` and any `Decodable` (JSON) by the type of ``Response``.
    func decodeResponse(_ body: Data, response: HTTPResponse, decoder: JSONDecoder) throws -> Response
}

extension Request {
    /// GET.
    public var method: HTTPRequest.Method { .get }
    /// None.
    public var headerFields: [String: String] { [:] }
    /// `nil`.
    public var parameters: [String: any APIParamConvertible]? { nil }
    /// `nil`.
    public var queryObject: (any APIParamConvertible)? { nil }
    /// ``QueryEncoder/query``.
    public var queryEncoder: QueryEncoder { .query }
    /// `nil`: the controller's options.
    public var decoding: JSONDecodingOptions? { nil }
    /// `nil`: the controller's statuses.
    public var acceptableStatusCodes: Range<Int>? { nil }
    /// `nil`: the controller's `ServerError`.
    public var serverErrorType: (any EndpointServerError.Type)? { nil }

    /// ``parameters`` for GET, HEAD and DELETE; otherwise `nil`.
    public var queryParameters: [String: any APIParamConvertible]? {
        get throws {
            guard method.prefersQueryParameters else { return nil }
            return try parameters
        }
    }

    /// ``parameters`` as a JSON body for methods other than GET, HEAD and DELETE; otherwise `nil`.
    public var bodyParameters: (any BodyParameters)? {
        get throws {
            guard !method.prefersQueryParameters, let parameters = try parameters else { return nil }
            return JSONBodyParameters(parameters)
        }
    }
}
