import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@testable import EndpointKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Endpoint")
struct EndpointTests {
    let server = URL(string: "http://foo.com/api/v1.0")!

    @Test("the seed's example: users/867/followers?expand=1 under http://foo.com/api/v1.0")
    func seedExample() throws {
        let endpoint = Endpoint<User>(
            serverURL: server, pathPrefix: "users", objectID: "867", pathSuffix: "followers",
            queryParameters: ["expand": "1"])
        let request = try endpoint.urlRequest()
        #expect(request.url?.absoluteString == "http://foo.com/api/v1.0/users/867/followers?expand=1")
        #expect(request.httpMethod == "GET")
        #expect(request.httpBody == nil)

        let prepared = try endpoint.prepare()
        #expect(prepared.request.method == .get)
        #expect(prepared.request.scheme == "http")
        #expect(prepared.request.authority == "foo.com")
        #expect(prepared.target == "/api/v1.0/users/867/followers?expand=1")
        #expect(prepared.baseURL.absoluteString == "http://foo.com")
        #expect(prepared.httpBody == nil)
    }

    @Test("the seed's minimal endpoint: server URL and path prefix")
    func minimal() throws {
        let endpoint = Endpoint<User>(serverURL: server, pathPrefix: "bar")
        #expect(try endpoint.urlRequest().url?.absoluteString == "http://foo.com/api/v1.0/bar")
        let multiSegment = Endpoint<User>(serverURL: URL(string: "http://www.foo.com/")!, pathPrefix: "oauth2/token")
        #expect(try multiSegment.prepare().target == "/oauth2/token")
        let root = Endpoint<User>(serverURL: URL(string: "https://example.com")!, pathPrefix: "")
        #expect(try root.prepare().target == "/")
    }

    @Test("every method", arguments: [
        HTTPRequest.Method.get, .post, .put, .patch, .delete, .head, .options,
    ])
    func methods(method: HTTPRequest.Method) throws {
        let endpoint = Endpoint<User>(serverURL: server, pathPrefix: "users", method: method)
        #expect(try endpoint.urlRequest().httpMethod == method.rawValue)
        #expect(try endpoint.prepare().request.method == method)
    }

    @Test("an object id is one segment: /, ?, # and spaces are escaped")
    func objectIDIsOneSegment() throws {
        let endpoint = Endpoint<User>(serverURL: server, pathPrefix: "files", objectID: "a/b?c#d e")
        #expect(try endpoint.prepare().target == "/api/v1.0/files/a%2Fb%3Fc%23d%20e")
        #expect(try endpoint.urlRequest().url?.path(percentEncoded: true) == "/api/v1.0/files/a%2Fb%3Fc%23d%20e")
    }

    @Test("dot segments and empty segments are refused", arguments: ["..", ".", ""])
    func dotSegments(id: String) {
        let endpoint = Endpoint<User>(serverURL: server, pathPrefix: "files", objectID: id)
        let reason = id.isEmpty ? "it is empty, which would give \"//\"" : "it is a dot segment, which would move up the path"
        expectError(.invalidPathSegment(id, reason: reason)) { try endpoint.prepare() }
        let template = Endpoint<User>(serverURL: server, pathPrefix: "a/\(id)/b")
        expectError(.invalidPathSegment(id, reason: reason)) { try template.prepare() }
    }

    @Test("percent-encoded dots stay data: %2e%2e is sent as %252e%252e")
    func encodedDots() throws {
        let endpoint = Endpoint<User>(serverURL: server, pathPrefix: "files", objectID: "%2e%2e")
        #expect(try endpoint.prepare().target == "/api/v1.0/files/%252e%252e")
    }

    @Test("unusable server URLs are refused with the reason")
    func unusableServerURLs() {
        let cases: [(String, EndpointRequestError)] = [
            ("ftp://foo.com", .unusableServerURL("ftp://foo.com", reason: "the scheme \"ftp\" is not http or https")),
            ("/relative/path", .unusableServerURL("/relative/path", reason: "it has no scheme")),
            // A query is allowed now (issue 18: it is sent first); it is never shown, since it may hold a key.
            ("http://foo.com/api?key=s3cret#top", .unusableServerURL("http://foo.com/api", reason: "it has a fragment")),
            ("http://foo.com/api#top", .unusableServerURL("http://foo.com/api#top", reason: "it has a fragment")),
            ("http:///nohost", .unusableServerURL("http:///nohost", reason: "it has no host")),
            ("https://user:secret@foo.com", .unusableServerURL("https://foo.com", reason: "it carries user credentials; send them in a header instead")),
        ]
        for (string, expected) in cases {
            let endpoint = Endpoint<User>(serverURL: URL(string: string)!, pathPrefix: "users")
            expectError(expected) { try endpoint.prepare() }
        }
        // The credential never appears in the error.
        let leaky = Endpoint<User>(serverURL: URL(string: "https://user:secret@foo.com")!, pathPrefix: "x")
        #expect(throws: EndpointRequestError.self) { try leaky.prepare() }
        do { _ = try leaky.prepare() } catch { #expect(!"\(error)".contains("secret")) }
    }

    @Test("checked server URLs are remembered: twenty servers in turn, twice over, each its own; a refused one stays refused")
    func recentServers() throws {
        let servers = (0..<20).map { URL(string: "http://host\($0).example:\(8000 + $0)/v\($0)")! }
        for _ in 0..<2 {
            for (index, url) in servers.enumerated() {
                let prepared = try Endpoint<User>(serverURL: url, pathPrefix: "users").prepare()
                #expect(prepared.url.absoluteString == "http://host\(index).example:\(8000 + index)/v\(index)/users")
                #expect(try ServerURL.checked(url).origin == ServerURL(url).origin)
            }
        }
        let refused = URL(string: "ftp://foo.com")!
        for _ in 0..<2 {
            expectError(.unusableServerURL("ftp://foo.com", reason: "the scheme \"ftp\" is not http or https")) {
                try Endpoint<User>(serverURL: refused, pathPrefix: "users").prepare()
            }
        }
    }

    @Test("ports, IPv6 hosts and trailing slashes")
    func authority() throws {
        let withPort = Endpoint<User>(serverURL: URL(string: "http://127.0.0.1:8080/v2/")!, pathPrefix: "/entries/")
        let prepared = try withPort.prepare()
        #expect(prepared.request.authority == "127.0.0.1:8080")
        #expect(prepared.target == "/v2/entries")
        #expect(prepared.url.absoluteString == "http://127.0.0.1:8080/v2/entries")
        let ipv6 = Endpoint<User>(serverURL: URL(string: "http://[::1]:9000")!, pathPrefix: "x")
        #expect(try ipv6.prepare().url.absoluteString == "http://[::1]:9000/x")
    }

    @Test("a body on GET or HEAD is refused", arguments: [HTTPRequest.Method.get, .head])
    func bodyOnGet(method: HTTPRequest.Method) {
        let endpoint = Endpoint<User>(
            serverURL: server, pathPrefix: "users", method: method, body: JSONBodyParameters(["a": 1]))
        expectError(.bodyNotAllowed(method: method.rawValue)) { try endpoint.prepare() }
    }

    @Test("JSON, form and raw bodies set Content-Type and Content-Length")
    func bodies() throws {
        let json = Endpoint<User>(
            serverURL: server, pathPrefix: "users", method: .post, body: JSONBodyParameters(["name": "Ada", "age": 36]))
        let preparedJSON = try json.prepare()
        #expect(preparedJSON.header("Content-Type") == "application/json")
        #expect(preparedJSON.header("Content-Length") == "23")
        let request = try json.urlRequest()
        #expect(request.httpBody == Data(#"{"age":36,"name":"Ada"}"#.utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")

        let form = Endpoint<User>(
            serverURL: server, pathPrefix: "oauth2/token", method: .post,
            body: FormURLEncodedBodyParameters(["grant_type": "client_credentials", "scope": "read write"]))
        let formRequest = try form.urlRequest()
        #expect(formRequest.httpBody == Data("grant_type=client_credentials&scope=read+write".utf8))
        #expect(formRequest.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")

        let raw = Endpoint<User>(
            serverURL: server, pathPrefix: "notes", method: .put,
            body: DataBodyParameters(data: Data("<note/>".utf8), contentType: "application/xml"))
        let rawRequest = try raw.urlRequest()
        #expect(rawRequest.httpBody == Data("<note/>".utf8))
        #expect(rawRequest.value(forHTTPHeaderField: "Content-Type") == "application/xml")
        #expect(rawRequest.value(forHTTPHeaderField: "Content-Length") == "7")
    }

    @Test("the HTTPBody form carries the same bytes, and can be read twice")
    func httpBody() async throws {
        let endpoint = Endpoint<User>(
            serverURL: server, pathPrefix: "users", method: .post, body: JSONBodyParameters(["name": "Ada"]))
        let body = try #require(try endpoint.prepare().httpBody)
        #expect(body.length == .known(14))
        let first = try await Data(collecting: body, upTo: 1024)
        let second = try await Data(collecting: body, upTo: 1024)
        #expect(first == Data(#"{"name":"Ada"}"#.utf8))
        #expect(first == second)
    }

    @Test("headers: extra headers replace fields of the same name, case-insensitively")
    func headers() throws {
        let endpoint = Endpoint<User>(
            serverURL: server, pathPrefix: "users",
            headerFields: ["Accept": "application/json", "X-Trace": "1"])
        let prepared = try endpoint.prepare(extraHeaders: ["x-trace": "2", "Authorization": "Bearer t"])
        #expect(prepared.header("Accept") == "application/json")
        #expect(prepared.header("X-Trace") == "2")
        #expect(prepared.request.headerFields[values: HTTPField.Name("X-Trace")!] == ["2"])
        let request = try endpoint.urlRequest(extraHeaders: ["Authorization": "Bearer t"])
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t")
    }

    @Test("a header name that is not a token is refused", arguments: ["Bad Name", "", "X:Y", "Ünicode"])
    func badHeaderName(name: String) {
        let endpoint = Endpoint<User>(serverURL: server, pathPrefix: "users", headerFields: [name: "v"])
        expectError(.invalidHeaderName(name)) { try endpoint.prepare() }
    }

    @Test("a header value with CR, LF, NUL or controls is refused without quoting the value")
    func badHeaderValue() {
        let cases: [(String, String)] = [
            ("secret\r\nX-Injected: 1", "it contains a carriage return (CR) at byte 6"),
            ("secret\nX: 1", "it contains a line feed (LF) at byte 6"),
            ("a\u{0}b", "it contains a NUL byte at byte 1"),
            ("a\u{7}b", "it contains the control byte 0x7 at byte 1"),
            (" padded", "it starts or ends with whitespace"),
        ]
        for (value, reason) in cases {
            let endpoint = Endpoint<User>(serverURL: server, pathPrefix: "users", headerFields: ["Authorization": value])
            expectError(.invalidHeaderValue(name: "Authorization", reason: reason)) { try endpoint.prepare() }
            let extra = Endpoint<User>(serverURL: server, pathPrefix: "users")
            expectError(.invalidHeaderValue(name: "X-Key", reason: reason)) {
                try extra.urlRequest(extraHeaders: ["X-Key": value])
            }
            do {
                _ = try endpoint.prepare()
            } catch {
                #expect(!"\(error)".contains("secret"))
            }
        }
    }

    @Test("decoding options: the seed's date formatter as a strategy")
    func decoding() throws {
        struct Event: Decodable { var when: Date }
        var options = JSONDecodingOptions()
        options.dateDecodingStrategy = JSONDecodingOptions.dateFormat("yyyy-MM-dd HH:mm:ss")
        let endpoint = Endpoint<Event>(serverURL: server, pathPrefix: "events", decoding: options)
        let event = try endpoint.decode(Data(#"{"when":"2019-03-14 15:09:26"}"#.utf8))
        #expect(event.when == Date(timeIntervalSince1970: 1_552_576_166))

        let snake = Endpoint<[String: Int]>(
            serverURL: server, pathPrefix: "x", decoding: JSONDecodingOptions(keyDecodingStrategy: .convertFromSnakeCase))
        struct Counts: Decodable { var perPage: Int }
        let counts = try snake.decoding!.makeDecoder().decode(Counts.self, from: Data(#"{"per_page":30}"#.utf8))
        #expect(counts.perPage == 30)
    }
}

@Suite("Paging")
struct PagingTests {
    let server = URL(string: "http://foo.com/api/v1.0")!

    @Test("the seed's defaults: per_page=30, page numbered from 1")
    func defaults() throws {
        let endpoint = Endpoint<Followers>(serverURL: server, pathPrefix: "users", objectID: "867", pathSuffix: "followers",
            queryParameters: ["expand": 1])
        #expect(try endpoint.prepare().target == "/api/v1.0/users/867/followers?expand=1&page=1&per_page=30")
        #expect(try endpoint.prepare(page: 3).target == "/api/v1.0/users/867/followers?expand=1&page=3&per_page=30")
        #expect(try endpoint.urlRequest(page: 2).url?.query == "expand=1&page=2&per_page=30")
    }

    @Test("labels, size and offset are the payload's")
    func offset() throws {
        let endpoint = Endpoint<ZeroBasedPage>(serverURL: server, pathPrefix: "items")
        #expect(try endpoint.prepare(page: 1).target == "/api/v1.0/items?limit=50&p=0")
        #expect(try endpoint.prepare(page: 4).target == "/api/v1.0/items?limit=50&p=3")
    }

    @Test("page numbers below 1 are refused")
    func invalidPage() {
        let endpoint = Endpoint<Followers>(serverURL: server, pathPrefix: "users")
        expectError(.invalidPage(0)) { try endpoint.prepare(page: 0) }
        expectError(.invalidPage(-2)) { try endpoint.urlRequest(page: -2) }
        let plain = Endpoint<User>(serverURL: server, pathPrefix: "users")
        expectError(.invalidPage(0)) { try plain.prepare(page: 0) }
    }

    @Test("a page other than 1 of a payload that is not pageable is refused")
    func notPageable() throws {
        let endpoint = Endpoint<User>(serverURL: server, pathPrefix: "users")
        #expect(try endpoint.prepare(page: 1).target == "/api/v1.0/users")
        expectError(.pagingUnsupported(payload: "User")) { try endpoint.prepare(page: 2) }
    }

    @Test("a query parameter that collides with a paging parameter is refused")
    func collision() {
        let endpoint = Endpoint<Followers>(serverURL: server, pathPrefix: "users", queryParameters: ["page": 9])
        expectError(.duplicateParameterName("page")) { try endpoint.prepare() }
    }
}

@Suite("cURL rendering")
struct CURLTests {
    @Test("method, URL, headers and a text body; secrets redacted")
    func textBody() throws {
        let endpoint = Endpoint<Data>(
            serverURL: URL(string: "https://api.example.com/v1")!, pathPrefix: "notes", method: .post,
            queryParameters: ["token": "t0k", "draft": true],
            headerFields: ["Authorization": "Bearer s3cret", "app_key": "k3y", "Accept": "application/json"],
            body: JSONBodyParameters(["text": "it's"]))
        let command = try endpoint.curlCommand()
        #expect(
            command == """
                curl -X POST 'https://api.example.com/v1/notes?draft=true&token=<redacted>' \\
                  -H 'Content-Type: application/json' \\
                  -H 'Content-Length: 15' \\
                  -H 'Accept: application/json' \\
                  -H 'Authorization: <redacted>' \\
                  -H 'app_key: <redacted>' \\
                  --data-binary '{"text":"it'\\''s"}'
                """)
        #expect(!command.contains("t0k") && !command.contains("s3cret") && !command.contains("k3y"))
    }

    @Test("GET, HEAD, binary and streamed bodies")
    func otherForms() throws {
        let server = URL(string: "http://127.0.0.1:8080")!
        #expect(try Endpoint<Data>(serverURL: server, pathPrefix: "a b").curlCommand() == "curl 'http://127.0.0.1:8080/a%20b'")
        #expect(try Endpoint<Data>(serverURL: server, pathPrefix: "x", method: .head).curlCommand() == "curl --head 'http://127.0.0.1:8080/x'")
        let binary = Endpoint<Data>(serverURL: server, pathPrefix: "bin", method: .put, body: DataBodyParameters(data: Data([0, 1, 2]), contentType: "application/octet-stream"))
        #expect(try binary.curlCommand().hasSuffix("--data-binary @body.bin  # 3 bytes of binary data"))
        let directory = try TemporaryDirectory()
        let file = try directory.file("f.txt", contents: Data("abc".utf8))
        let multipart = Endpoint<Data>(serverURL: server, pathPrefix: "up", method: .post, body: MultipartFormDataBodyParameters(parts: [.init(fileURL: file, name: "f")], boundary: "b"))
        let length = try #require(try multipart.prepare().body?.length)
        #expect(try multipart.curlCommand().hasSuffix("--data-binary @body.bin  # streamed body, \(length) bytes"))
    }
}
