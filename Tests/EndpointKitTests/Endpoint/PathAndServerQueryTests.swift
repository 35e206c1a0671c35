import Foundation
import Testing

@testable import EndpointKit

@Suite("Trailing slashes, empty segments and server URLs with a fixed query")
struct PathAndServerQueryTests {
    private let api = URL(string: "https://api.example.com/v1")!

    @Test("a trailing slash is sent only when asked for")
    func trailingSlash() throws {
        #expect(try Endpoint<Data>(serverURL: api, pathPrefix: "users/").prepare().url.absoluteString == "https://api.example.com/v1/users")
        let users = Endpoint<Data>(serverURL: api, pathPrefix: "users", trailingSlash: true)
        #expect(try users.prepare().url.absoluteString == "https://api.example.com/v1/users/")
        let user = Endpoint<Data>(serverURL: api, pathPrefix: "users", objectID: "4 2", pathSuffix: "groups", trailingSlash: true, queryParameters: ["a": 1])
        #expect(try user.prepare().url.absoluteString == "https://api.example.com/v1/users/4%202/groups/?a=1")
        let root = Endpoint<Data>(serverURL: api, pathPrefix: "", trailingSlash: true)
        #expect(try root.prepare().url.absoluteString == "https://api.example.com/v1/")
    }

    @Test("EndpointPath keeps its trailing slash through appends, and says so in its description")
    func pathTrailingSlash() {
        let path = EndpointPath("users").withTrailingSlash() / "42"
        #expect(path.hasTrailingSlash)
        #expect(path.description == "/users/42/")
        #expect(EndpointPath("a").appending(EndpointPath("b").withTrailingSlash()).description == "/a/b/")
        #expect(EndpointPath("users").withTrailingSlash().withTrailingSlash(false).description == "/users")
        #expect(EndpointPath("users/") == EndpointPath("users"))
    }

    @Test("an empty segment is refused unless the path allows it; dot segments always are")
    func emptySegments() throws {
        struct Legacy: Request {
            typealias Response = Data
            var path: EndpointPath
            var baseURL: URL { URL(string: "https://legacy.example.com")! }
        }
        #expect(throws: EndpointRequestError.self) { try Legacy(path: EndpointPath(segments: ["a", "", "b"])).prepare() }
        let allowed = Legacy(path: EndpointPath(segments: ["a", "", "b"]).allowingEmptySegments())
        #expect(try allowed.prepare().url.absoluteString == "https://legacy.example.com/a//b")
        #expect(throws: EndpointRequestError.self) { try Legacy(path: EndpointPath(segments: ["a", ".."]).allowingEmptySegments()).prepare() }
    }

    @Test("a server URL's query is sent first, as written, then the endpoint's")
    func fixedQuery() throws {
        let azure = URL(string: "https://example.management.azure.com/subscriptions?api-version=2024-05-01")!
        let list = Endpoint<Data>(serverURL: azure, pathPrefix: "resourceGroups", queryParameters: ["$top": 5, "filter": "a b"])
        #expect(try list.prepare().url.absoluteString
            == "https://example.management.azure.com/subscriptions/resourceGroups?api-version=2024-05-01&%24top=5&filter=a%20b")
        #expect(try Endpoint<Data>(serverURL: azure, pathPrefix: "x").prepare().request.path == "/subscriptions/x?api-version=2024-05-01")
        let bare = URL(string: "https://example.com/api?")!
        #expect(try Endpoint<Data>(serverURL: bare, pathPrefix: "x").prepare().url.absoluteString == "https://example.com/api/x")
    }

    @Test("the same parameter with the same value is sent once; with another value it is refused, without the query in the message")
    func fixedQueryConflicts() throws {
        let server = URL(string: "https://maps.example.com/api?key=s3cr3t&v=3&opt%5Bmode%5D=fast")!
        let same = Endpoint<Data>(serverURL: server, pathPrefix: "geocode", queryParameters: ["v": 3, "q": "x"])
        #expect(try same.prepare().request.path == "/api/geocode?key=s3cr3t&v=3&opt%5Bmode%5D=fast&q=x")
        let nestedSame = Endpoint<Data>(serverURL: server, pathPrefix: "geocode", queryParameters: ["opt": ["mode": "fast"]])
        #expect(try nestedSame.prepare().request.path == "/api/geocode?key=s3cr3t&v=3&opt%5Bmode%5D=fast")
        let other = Endpoint<Data>(serverURL: server, pathPrefix: "geocode", queryParameters: ["key": "other"])
        let error = #expect(throws: EndpointRequestError.self) { try other.prepare() }
        #expect(error == .conflictingQueryParameter("key", serverURL: "https://maps.example.com/api"))
        #expect(!(error?.description.contains("s3cr3t") ?? true))
        let nestedOther = Endpoint<Data>(serverURL: server, pathPrefix: "geocode", queryParameters: ["opt": ["mode": "slow"]])
        #expect(throws: EndpointRequestError.conflictingQueryParameter("opt", serverURL: "https://maps.example.com/api")) { try nestedOther.prepare() }
        // A name that only starts like a fixed one is another parameter.
        let prefix = Endpoint<Data>(serverURL: server, pathPrefix: "geocode", queryParameters: ["version": 4])
        #expect(try prefix.prepare().request.path == "/api/geocode?key=s3cr3t&v=3&opt%5Bmode%5D=fast&version=4")
    }

    @Test("a key in the server URL's query is redacted like any other: cURL and descriptions")
    func fixedQueryRedacted() throws {
        let endpoint = Endpoint<Data>(serverURL: URL(string: "https://maps.example.com/api?key=s3cr3t&v=3")!, pathPrefix: "geocode")
        let curl = try endpoint.prepare().curlCommand()
        #expect(!curl.contains("s3cr3t") && curl.contains("redacted"))
        #expect(!endpoint.description.contains("s3cr3t"))
    }

    @Test("a fixed query is checked: only RFC 3986 query characters and whole percent-encodings")
    func invalidFixedQuery() throws {
        // Foundation's URL(string:) escapes what a query cannot hold, so the check guards URLs made otherwise.
        #expect(FixedQuery(percentEncoded: "token=abc%zz") == nil)
        #expect(FixedQuery(percentEncoded: "token=abc%2") == nil)
        #expect(FixedQuery(percentEncoded: "a=1|2") == nil)
        #expect(FixedQuery(percentEncoded: "a=1 2") == nil)
        #expect(FixedQuery(percentEncoded: "q=a+b&x=%7E&flag&path=/a?b:c@d!$'()*,;") != nil)
        #expect(FixedQuery(percentEncoded: "q=a+b&flag&n=%41")?.pairs == [.init(name: "q", value: "a b"), .init(name: "flag", value: nil), .init(name: "n", value: "A")])
        let escaped = try #require(URL(string: "https://example.com/api?t=abc%zz"))
        #expect(try Endpoint<Data>(serverURL: escaped, pathPrefix: "x").prepare().request.path == "/api/x?t=abc%25zz")
    }

    @Test("the endpoint's parameters follow the encoder's key encoding and order after a fixed query")
    func fixedQueryWithOptions() throws {
        struct Page: Encodable, Sendable { var pageSize: Int; var afterID: String }
        var encoder = QueryEncoder(keyEncoding: .convertToSnakeCase, keyOrder: .declared)
        encoder.nilEncoding = .drop
        let endpoint = Endpoint<Data>(
            serverURL: URL(string: "https://example.com/api?api-version=2")!, pathPrefix: "items",
            queryParameters: ["zIndex": 1], queryObject: EncodableParameters(Page(pageSize: 50, afterID: "x9")), queryEncoder: encoder)
        #expect(try endpoint.prepare().request.path == "/api/items?api-version=2&page_size=50&after_id=x9&z_index=1")
        encoder.keyOrder = .sorted
        var sorted = endpoint
        sorted.queryEncoder = encoder
        #expect(try sorted.prepare().request.path == "/api/items?api-version=2&after_id=x9&page_size=50&z_index=1")
    }

    @Test("a name given by both the query object and the dictionary is refused")
    func queryObjectDuplicate() {
        struct Page: Encodable, Sendable { var limit: Int }
        let endpoint = Endpoint<Data>(
            serverURL: URL(string: "https://example.com")!, pathPrefix: "items", queryParameters: ["limit": 1], queryObject: EncodableParameters(Page(limit: 2)))
        #expect(throws: EndpointRequestError.duplicateParameterName("limit")) { try endpoint.prepare() }
        let notObject = Endpoint<Data>(serverURL: URL(string: "https://example.com")!, pathPrefix: "items", queryObject: [1, 2] as [Int])
        #expect(throws: EndpointRequestError.parametersNotAnObject(location: "query", kind: "array")) { try notObject.prepare() }
    }
}
