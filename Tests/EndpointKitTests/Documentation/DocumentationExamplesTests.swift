import Foundation
import Testing

import DocumentationSnippets
import EndpointKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Every ```swift block of README.md and of the DocC articles appears verbatim in this file, where it
// is compiled and run, followed by checks of what the documentation says it does.
// `documentationBlocksAreTested` fails when a block is edited in one place and not the other.

@Suite("Documentation examples")
struct DocumentationExamplesTests {
    @Test("README: the first example")
    func readmeFirstExample() throws {
        struct User: Decodable, Sendable {
            let id: Int
            let name: String
        }

        let followers = Endpoint<[User]>(
            serverURL: URL(string: "http://foo.com/api/v1.0")!,
            pathPrefix: "users",
            objectID: "867",
            pathSuffix: "followers",
            queryParameters: ["expand": 1]
        )
        let request = try followers.urlRequest()
        // GET http://foo.com/api/v1.0/users/867/followers?expand=1

        #expect(request.httpMethod == "GET")
        #expect(request.url?.absoluteString == "http://foo.com/api/v1.0/users/867/followers?expand=1")
    }

    @Test("Describing endpoints: an endpoint is a value")
    func endpointIsAValue() throws {
        struct Restaurant: Decodable, Sendable {
            let name: String
        }

        let api = URL(string: "https://api.example.com/v1")!
        let menu = Endpoint<Restaurant>(
            serverURL: api,
            pathPrefix: "restaurants",
            objectID: "42",
            pathSuffix: "menu",
            queryParameters: ["lang": "en", "vegetarian": true]
        )

        let prepared = try menu.prepare()
        // prepared.request: GET /v1/restaurants/42/menu?lang=en&vegetarian=true
        // prepared.baseURL: https://api.example.com
        let urlRequest = try menu.urlRequest()

        #expect(prepared.request.method == .get)
        #expect(prepared.request.path == "/v1/restaurants/42/menu?lang=en&vegetarian=true")
        #expect(prepared.baseURL.absoluteString == "https://api.example.com")
        #expect(urlRequest.url == prepared.url)
    }

    @Test("Describing endpoints: identifiers stay one segment")
    func identifiersStayOneSegment() throws {
        let userInput = "../admin?delete=1"
        let file = Endpoint<Data>(
            serverURL: URL(string: "https://files.example.com")!,
            pathPrefix: "files",
            objectID: userInput
        )
        // GET https://files.example.com/files/..%2Fadmin%3Fdelete%3D1

        #expect(try file.prepare().request.path == "/files/..%2Fadmin%3Fdelete%3D1")
    }

    @Test("Describing endpoints: query styles")
    func queryStyles() throws {
        let encoder = QueryEncoder(arrayStyle: .brackets, boolStyle: .numeric)
        let query = try encoder.encode(["ids": [3, 1], "full": true, "q": "fish & chips"])
        // full=1&ids%5B%5D=3&ids%5B%5D=1&q=fish%20%26%20chips

        #expect(query == "full=1&ids%5B%5D=3&ids%5B%5D=1&q=fish%20%26%20chips")
    }

    @Test("Describing endpoints: parameters that render themselves")
    func keyedParameters() throws {
        struct Search: KeyedAPIParameters {
            enum Key: String, ParamJSONKey {
                case query = "q"
                case limit
                case exactMatch = "exact"
            }

            var query: String
            var limit: Int
            var exactMatch: Bool?

            func toKeyedDictionary() -> [Key: any APIParamConvertible] {
                [.query: query, .limit: limit, .exactMatch: exactMatch]
            }
        }

        let search = Search(query: "swift", limit: 10, exactMatch: nil)
        let endpoint = Endpoint<Data>(
            serverURL: URL(string: "https://api.example.com")!,
            pathPrefix: "search",
            queryParameters: try search.toParamDictionary()
        )
        // GET /search?limit=10&q=swift   (a nil optional is left out of a query)
        let body = JSONBodyParameters(value: search)
        // {"exact":null,"limit":10,"q":"swift"}   (and is null in JSON)

        #expect(try endpoint.prepare().request.path == "/search?limit=10&q=swift")
        guard case .data(let json) = try body.buildEntity(forHTTPMethod: .post) else {
            Issue.record("JSON is in memory")
            return
        }
        #expect(String(decoding: json, as: UTF8.self) == #"{"exact":null,"limit":10,"q":"swift"}"#)
    }

    @Test("Describing endpoints: Encodable values as parameters")
    func encodableParameters() throws {
        struct Filter: Encodable, Sendable {
            var word: String
            var limit: Int
        }

        let parameters = try EncodableParameters(Filter(word: "ace", limit: 5)).toParamDictionary()
        let endpoint = Endpoint<Data>(
            serverURL: URL(string: "https://api.example.com")!,
            pathPrefix: "words",
            queryParameters: parameters
        )
        // GET /words?limit=5&word=ace

        #expect(try endpoint.prepare().request.path == "/words?limit=5&word=ace")
    }

    @Test("Describing endpoints: bodies")
    func bodies() throws {
        let token = Endpoint<Data>(
            serverURL: URL(string: "https://auth.example.com")!,
            pathPrefix: "oauth2/token",
            method: .post,
            body: FormURLEncodedBodyParameters([
                "grant_type": "client_credentials",
                "scope": "read write",
            ])
        )
        // POST /oauth2/token
        // Content-Type: application/x-www-form-urlencoded
        // grant_type=client_credentials&scope=read+write

        let prepared = try token.prepare()
        #expect(prepared.request.headerFields[.contentType] == "application/x-www-form-urlencoded")
        #expect(try token.urlRequest().httpBody == Data("grant_type=client_credentials&scope=read+write".utf8))
    }

    @Test("Describing endpoints: multipart uploads stream their files")
    func multipart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let photoURL = directory.appendingPathComponent("beach.jpg")
        try Data(repeating: 0xFF, count: 1000).write(to: photoURL)

        let upload = Endpoint<Data>(
            serverURL: URL(string: "https://photos.example.com")!,
            pathPrefix: "albums",
            objectID: "7",
            pathSuffix: "photos",
            method: .post,
            body: MultipartFormDataBodyParameters(parts: [
                .init(string: "Holiday", name: "title"),
                .init(fileURL: photoURL, name: "photo"),
            ])
        )
        let prepared = try upload.prepare()
        // Content-Type: multipart/form-data; boundary=EndpointKit-…
        // Content-Length: the exact size; the file is read in chunks as it is sent.

        let length = try #require(prepared.body?.length)
        #expect(length > 1000)
        #expect(prepared.request.headerFields[.contentLength] == String(length))
        #expect(prepared.request.headerFields[.contentType]?.hasPrefix("multipart/form-data; boundary=EndpointKit-") == true)
    }

    @Test("Describing endpoints: requests as types")
    func requestsAsTypes() throws {
        struct SearchRepositories: Request {
            typealias Response = Data

            var query: String
            var method: HTTPRequest.Method = .get

            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: EndpointPath { "search/repositories" }
            var parameters: [String: any APIParamConvertible]? {
                ["q": query, "sort": "stars"]
            }
        }

        let get = try SearchRepositories(query: "swift").prepare()
        // GET /search/repositories?q=swift&sort=stars
        let post = try SearchRepositories(query: "swift", method: .post).prepare()
        // POST /search/repositories with the JSON body {"q":"swift","sort":"stars"}

        #expect(get.request.path == "/search/repositories?q=swift&sort=stars")
        #expect(post.request.path == "/search/repositories")
        guard case .data(let json)? = post.body else {
            Issue.record("JSON is in memory")
            return
        }
        #expect(String(decoding: json, as: UTF8.self) == #"{"q":"swift","sort":"stars"}"#)
    }

    @Test("Describing endpoints: paging")
    func paging() throws {
        struct Followers: Decodable, EndpointPageable {
            var users: [String]
        }

        let followers = Endpoint<Followers>(
            serverURL: URL(string: "http://foo.com/api/v1.0")!,
            pathPrefix: "users",
            objectID: "867",
            pathSuffix: "followers"
        )
        let third = try followers.urlRequest(page: 3)
        // GET http://foo.com/api/v1.0/users/867/followers?page=3&per_page=30

        #expect(third.url?.absoluteString == "http://foo.com/api/v1.0/users/867/followers?page=3&per_page=30")
    }

    @Test("Describing endpoints: errors name what was wrong")
    func errors() throws {
        let endpoint = Endpoint<Data>(
            serverURL: URL(string: "https://api.example.com")!,
            pathPrefix: "me",
            headerFields: ["Authorization": "Bearer abc\r\nX-Admin: 1"]
        )
        do {
            _ = try endpoint.prepare()
        } catch let error as EndpointRequestError {
            print(error)
            // invalid value for header Authorization: it contains a carriage return (CR) at byte 10; …
        }

        let error = try #require(throws: EndpointRequestError.self) { try endpoint.prepare() }
        #expect("\(error)".hasPrefix("invalid value for header Authorization: it contains a carriage return (CR) at byte 10;"))
        #expect(!"\(error)".contains("abc"))
    }

    @Test("Describing endpoints: decoding options")
    func decodingOptions() throws {
        struct Token: Decodable {
            let accessToken: String
            let expiresAt: Date
        }

        let endpoint = Endpoint<Token>(
            serverURL: URL(string: "https://auth.example.com")!,
            pathPrefix: "token",
            decoding: JSONDecodingOptions(
                dateDecodingStrategy: JSONDecodingOptions.dateFormat("yyyy-MM-dd HH:mm:ss"),
                keyDecodingStrategy: .convertFromSnakeCase
            )
        )
        let token = try endpoint.decode(Data(#"{"access_token":"t","expires_at":"2030-01-01 00:00:00"}"#.utf8))

        #expect(token.accessToken == "t")
        #expect(token.expiresAt == Date(timeIntervalSince1970: 1_893_456_000))
    }

    /// The files whose ```swift blocks must appear here.
    static let documents = [
        "README.md", "Sources/EndpointKit/Documentation.docc/DescribingEndpoints.md",
        "Sources/EndpointKit/Documentation.docc/SendingRequests.md",
    ]

    @Test("every documentation block is compiled and run here", arguments: documents)
    func documentationBlocksAreTested(document: String) throws {
        let root = DocumentationSnippets.packageRoot(fromTestFile: #filePath)
        let markdown = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let testFiles = try ["DocumentationExamplesTests.swift", "SendingRequestsExamplesTests.swift", "TelemetryExamplesTests.swift"].map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }
        // The README's Oxford examples are checked by OxfordDictionariesTests' OxfordExamplesTests.
        let blocks = DocumentationSnippets.swiftBlocks(in: markdown).filter { !$0.contains("Oxford") }
        #expect(!blocks.isEmpty, "\(document) has no swift examples")
        for block in DocumentationSnippets.untested(blocks, in: testFiles) {
            Issue.record("this example of \(document) is in no documentation test file:\n\(block)")
        }
    }
}

@Suite("Documentation examples: request shapes")
struct RequestShapesExamplesTests {
    @Test("Describing endpoints: trailing slashes")
    func trailingSlashes() throws {
        let users = Endpoint<Data>(
            serverURL: URL(string: "https://api.example.com")!,
            pathPrefix: "users",
            trailingSlash: true
        )
        // GET https://api.example.com/users/
        let member = EndpointPath("users").withTrailingSlash() / "42"
        // renders as /users/42/

        #expect(try users.prepare().url.absoluteString == "https://api.example.com/users/")
        #expect(member.description == "/users/42/")
    }

    @Test("Describing endpoints: a server URL with a fixed query")
    func fixedQuery() throws {
        let management = URL(string: "https://management.azure.com/subscriptions/s1?api-version=2024-05-01")!
        let groups = Endpoint<Data>(
            serverURL: management,
            pathPrefix: "resourcegroups",
            queryParameters: ["$top": 10]
        )
        // GET https://management.azure.com/subscriptions/s1/resourcegroups?api-version=2024-05-01&%24top=10

        #expect(try groups.prepare().url.absoluteString
            == "https://management.azure.com/subscriptions/s1/resourcegroups?api-version=2024-05-01&%24top=10")
    }

    @Test("Describing endpoints: snake_case in declared order")
    func encodingOptions() throws {
        struct ListInvoices: Encodable, Sendable {
            var customerID: String
            var pageSize: Int
            var startingAfter: String?
        }
        let invoices = Endpoint<Data>(
            serverURL: URL(string: "https://api.example.com/v1")!,
            pathPrefix: "invoices",
            queryObject: EncodableParameters(ListInvoices(customerID: "cus_42", pageSize: 20, startingAfter: nil)),
            queryEncoder: QueryEncoder(keyEncoding: .convertToSnakeCase, keyOrder: .declared)
        )
        // GET https://api.example.com/v1/invoices?customer_id=cus_42&page_size=20

        #expect(try invoices.prepare().url.absoluteString == "https://api.example.com/v1/invoices?customer_id=cus_42&page_size=20")
    }

    @Test("Describing endpoints: key=null")
    func nullLiteral() throws {
        let clearing = QueryEncoder(nilEncoding: .nullLiteral)
        let query = try clearing.encode(["nickname": String?.none, "name": "Ada"], forHTTPMethod: .patch)
        // name=Ada&nickname=null

        #expect(query == "name=Ada&nickname=null")
    }

    @Test("Describing endpoints: WHATWG's escape set")
    func allowedCharacters() throws {
        let browserLike = QueryEncoder(spaceStyle: .plus, allowedCharacters: .whatwgFormURLEncoded)
        let form = try browserLike.encode(["q": "fish & chips*", "mark": "~"], forHTTPMethod: .get)
        // mark=%7E&q=fish+%26+chips*

        #expect(form == "mark=%7E&q=fish+%26+chips*")
    }

    @Test("Describing endpoints: JSON key encoding and output options")
    func jsonOptions() throws {
        struct NewUser: Encodable, Sendable {
            var displayName: String
            var homePage: URL
        }
        var newUser = JSONBodyParameters(value: EncodableParameters(NewUser(displayName: "Ada", homePage: URL(string: "https://ada.example/")!)))
        newUser.keyEncoding = .convertToSnakeCase
        newUser.outputFormatting = [.sortedKeys]
        // {"display_name":"Ada","home_page":"https:\/\/ada.example\/"}

        guard case .data(let data) = try newUser.buildEntity(forHTTPMethod: .post) else { Issue.record("not in memory"); return }
        #expect(String(decoding: data, as: UTF8.self) == #"{"display_name":"Ada","home_page":"https:\/\/ada.example\/"}"#)
    }
}
