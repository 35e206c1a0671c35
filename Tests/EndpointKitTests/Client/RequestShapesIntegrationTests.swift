import Foundation
import Testing

@testable import EndpointKit

/// The request shapes of issue 18, each sent to a loopback server that routes as the real
/// services do, over every transport.
@Suite("Request shapes real APIs need, over loopback")
struct RequestShapesIntegrationTests {
    struct User: Codable, Sendable, Equatable {
        var id: Int
        var name: String
    }

    @Test("a Django REST framework route that answers only /users/ (with the slash)", arguments: TransportKind.allCases)
    func djangoTrailingSlash(kind: TransportKind) async throws {
        try await withServer({ request in
            // DRF's router: /users/ is the list; /users is a redirect it would answer without APPEND_SLASH.
            request.path == "/api/users/" ? .json(#"[{"id":1,"name":"Ada"}]"#) : .status(404)
        }) { server in
            let controller = makeController(kind)
            let users = Endpoint<[User]>(serverURL: server.baseURL.appendingPathComponent("api"), pathPrefix: "users", trailingSlash: true)
            let listed = try await controller.load(users)
            #expect(listed == [User(id: 1, name: "Ada")])
            let withoutSlash = Endpoint<[User]>(serverURL: server.baseURL.appendingPathComponent("api"), pathPrefix: "users")
            await #expect(throws: EndpointError.self) { try await controller.load(withoutSlash) }
            #expect(server.requests.map(\.uri) == ["/api/users/", "/api/users"])
        }
    }

    @Test("an Azure-style base URL with ?api-version= merged with the endpoint's query", arguments: TransportKind.allCases)
    func apiVersionBaseURL(kind: TransportKind) async throws {
        try await withServer({ request in
            request.query?.hasPrefix("api-version=2024-05-01&") == true ? .json(#"{"id":2,"name":"rg"}"#) : .status(400)
        }) { server in
            let base = URL(string: server.baseURL.absoluteString + "/subscriptions/s1?api-version=2024-05-01")!
            let group = Endpoint<User>(serverURL: base, pathPrefix: "resourceGroups", objectID: "rg", queryParameters: ["$expand": "tags"])
            let loaded = try await makeController(kind).load(group)
            #expect(loaded == User(id: 2, name: "rg"))
            #expect(server.requests.map(\.uri) == ["/subscriptions/s1/resourceGroups/rg?api-version=2024-05-01&%24expand=tags"])
        }
    }

    @Test("snake_case names from a camelCase Encodable, in the query and in the JSON body", arguments: TransportKind.allCases)
    func snakeCaseFromEncodable(kind: TransportKind) async throws {
        struct NewUser: Encodable, Sendable {
            var displayName: String
            var emailAddress: String
        }
        struct Listing: Encodable, Sendable {
            var pageSize: Int
            var sortOrder: String
        }
        try await withServer({ request in
            .json(#"{"id":3,"name":"Ada"}"#, status: 201)
        }) { server in
            var body = JSONBodyParameters(value: EncodableParameters(NewUser(displayName: "Ada", emailAddress: "ada@example.com")))
            body.keyEncoding = .convertToSnakeCase
            let create = Endpoint<User>(
                serverURL: server.baseURL, pathPrefix: "users", method: .post,
                queryObject: EncodableParameters(Listing(pageSize: 10, sortOrder: "asc")), body: body,
                queryEncoder: QueryEncoder(keyEncoding: .convertToSnakeCase))
            let created = try await makeController(kind).load(create)
            #expect(created == User(id: 3, name: "Ada"))
            let received = try #require(server.requests.first)
            #expect(received.uri == "/users?page_size=10&sort_order=asc")
            #expect(String(decoding: received.body, as: UTF8.self) == #"{"display_name":"Ada","email_address":"ada@example.com"}"#)
        }
    }

    @Test("key=null clears a field, in the query and in a form body", arguments: TransportKind.allCases)
    func nullLiteral(kind: TransportKind) async throws {
        try await withServer({ _ in .json(#"{"id":4,"name":"Ada"}"#) }) { server in
            let encoder = QueryEncoder(nilEncoding: .nullLiteral)
            var formEncoder = QueryEncoder.form
            formEncoder.nilEncoding = .nullLiteral
            let clear = Endpoint<User>(
                serverURL: server.baseURL, pathPrefix: "users", objectID: "4", method: .patch,
                queryParameters: ["nickname": String?.none, "notify": true],
                body: FormURLEncodedBodyParameters(["avatar": String?.none, "name": "Ada"], encoder: formEncoder),
                queryEncoder: encoder)
            let cleared = try await makeController(kind).load(clear)
            #expect(cleared == User(id: 4, name: "Ada"))
            let received = try #require(server.requests.first)
            #expect(received.method == "PATCH")
            #expect(received.uri == "/users/4?nickname=null&notify=true")
            #expect(String(decoding: received.body, as: UTF8.self) == "avatar=null&name=Ada")
        }
    }
}
