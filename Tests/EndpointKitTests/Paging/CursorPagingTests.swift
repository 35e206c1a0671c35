import Foundation
import Testing

@testable import EndpointKit

/// Slack's style: the cursor of the next page in `response_metadata.next_cursor`, empty at the end.
private struct SlackMembers: Codable, EndpointCursorPageable {
    struct Metadata: Codable { var next_cursor: String }
    var members: [String]
    var response_metadata: Metadata
    var pageItemCount: Int { members.count }
    var nextCursor: String? { response_metadata.next_cursor }
}

/// Stripe's style: `starting_after` the last item's id while `has_more`.
private struct StripeCustomers: Codable, EndpointCursorPageable {
    struct Customer: Codable { var id: String }
    var data: [Customer]
    var has_more: Bool
    static var cursorLabel: String { "starting_after" }
    var pageItemCount: Int { data.count }
    var nextCursor: String? { data.last?.id }
    var morePagesFollow: Bool? { has_more }
}

/// A payload with a cursor label no query can carry.
private struct BadLabel: Codable, EndpointCursorPageable {
    var items: [Int]
    static var cursorLabel: String { "" }
    var pageItemCount: Int { items.count }
    var nextCursor: String? { nil }
}

/// A payload that declares both kinds of paging.
private struct BothPagings: Codable, EndpointPageable, EndpointCursorPageable {
    var items: [Int]
    var pageItemCount: Int { items.count }
    var nextCursor: String? { nil }
}

/// The value of query parameter `name` in `query`.
private func queryValue(_ name: String, in query: String?) -> String? {
    query?.split(separator: "&").first { $0.hasPrefix("\(name)=") }.map { String($0.dropFirst(name.count + 1)) }
}

@Suite("Cursor paging against a real server")
struct CursorPagingTests {
    /// Slack's three pages: the cursors are opaque (with characters to percent-encode).
    static func slackPage(_ request: TestHTTPServer.ReceivedRequest) -> TestHTTPServer.Reply {
        switch queryValue("cursor", in: request.query) {
        case nil: .json(#"{"members":["ada","bob"],"response_metadata":{"next_cursor":"dXNlcjpC+/="}}"#)
        case "dXNlcjpC%2B%2F%3D": .json(#"{"members":["cy","dee"],"response_metadata":{"next_cursor":"dXNlcjpE"}}"#)
        case "dXNlcjpE": .json(#"{"members":["eve"],"response_metadata":{"next_cursor":""}}"#)
        default: .json(#"{"error":"invalid_cursor"}"#, status: 400)
        }
    }

    /// Stripe's three pages of two customers each, the last with `has_more: false`.
    static func stripePage(_ request: TestHTTPServer.ReceivedRequest) -> TestHTTPServer.Reply {
        let ids = ["cus_1", "cus_2", "cus_3", "cus_4", "cus_5", "cus_6"]
        let after = queryValue("starting_after", in: request.query)
        let start = after.flatMap { ids.firstIndex(of: $0).map { $0 + 1 } } ?? 0
        let page = ids[start..<min(start + 2, ids.count)].map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
        return .json(#"{"data":[\#(page)],"has_more":\#(start + 2 < ids.count)}"#)
    }

    @Test("Slack-style next_cursor: three pages, the first without a cursor", arguments: TransportKind.allCases)
    func slackStyle(kind: TransportKind) async throws {
        try await withServer({ Self.slackPage($0) }) { server in
            let endpoint = Endpoint<SlackMembers>(serverURL: server.baseURL, pathPrefix: "users.list", queryParameters: ["limit": 2])
            var members: [String] = []
            for try await page in makeController(kind).pages(of: endpoint) {
                members += page.members
            }
            #expect(members == ["ada", "bob", "cy", "dee", "eve"])
            let queries = server.requests.map { $0.query ?? "" }
            #expect(queries == ["limit=2", "limit=2&cursor=dXNlcjpC%2B%2F%3D", "limit=2&cursor=dXNlcjpE"])
        }
    }

    @Test("Stripe-style starting_after the last id while has_more: three pages", arguments: TransportKind.allCases)
    func stripeStyle(kind: TransportKind) async throws {
        try await withServer({ Self.stripePage($0) }) { server in
            let endpoint = Endpoint<StripeCustomers>(serverURL: server.baseURL, pathPrefix: "v1/customers")
            var ids: [String] = []
            for try await page in makeController(kind).pages(of: endpoint) {
                ids += page.data.map(\.id)
            }
            #expect(ids == ["cus_1", "cus_2", "cus_3", "cus_4", "cus_5", "cus_6"])
            #expect(server.requests.map { $0.query ?? "" } == ["", "starting_after=cus_2", "starting_after=cus_4"])
        }
    }

    @Test("iteration can start after a given cursor")
    func startingAfter() async throws {
        try await withServer({ Self.stripePage($0) }) { server in
            let endpoint = Endpoint<StripeCustomers>(serverURL: server.baseURL, pathPrefix: "v1/customers")
            var ids: [String] = []
            for try await page in makeController(.endpointKitAsyncHTTPClient).pages(of: endpoint, startingAfter: "cus_4") {
                ids += page.data.map(\.id)
            }
            #expect(ids == ["cus_5", "cus_6"])
        }
    }

    @Test("an empty page ends the iteration and is not delivered")
    func emptyPage() async throws {
        try await withServer({ request in
            request.query == nil
                ? .json(#"{"members":["ada"],"response_metadata":{"next_cursor":"next"}}"#)
                : .json(#"{"members":[],"response_metadata":{"next_cursor":"more"}}"#)
        }) { server in
            let endpoint = Endpoint<SlackMembers>(serverURL: server.baseURL, pathPrefix: "users.list")
            var pages = 0
            for try await _ in makeController(.endpointKitAsyncHTTPClient).pages(of: endpoint) { pages += 1 }
            #expect(pages == 1)
            #expect(server.requests.count == 2)
        }
    }

    @Test("a cursor the server hands out twice ends with a typed error, not a loop")
    func repeatedCursor() async throws {
        try await withServer({ request in
            // Page 2 hands out the cursor of page 1 again.
            request.query == nil
                ? .json(#"{"members":["ada"],"response_metadata":{"next_cursor":"abc"}}"#)
                : .json(#"{"members":["bob"],"response_metadata":{"next_cursor":"abc"}}"#)
        }) { server in
            let endpoint = Endpoint<SlackMembers>(serverURL: server.baseURL, pathPrefix: "users.list")
            var members: [String] = []
            let error = await #expect(throws: EndpointError.self) {
                for try await page in makeController(.endpointKitAsyncHTTPClient).pages(of: endpoint) { members += page.members }
            }
            #expect(members == ["ada", "bob"])
            guard case .cursorPaging(.repeatedCursor("abc", page: 2)) = error?.kind else {
                Issue.record("expected a repeated cursor, got \(String(describing: error))")
                return
            }
            #expect(error?.description == #"GET /users.list: cursor paging: page 2 returned the cursor "abc" a second time; a cursor must lead to a new page"#)
            #expect(server.requests.count == 2)
        }
    }

    @Test("a cursor label that cannot be a query name, or a payload paged both ways, is a typed error")
    func invalidDeclarations() async throws {
        try await withServer({ _ in .json(#"{"items":[1]}"#) }) { server in
            let controller = makeController(.endpointKitAsyncHTTPClient)
            let bad = await #expect(throws: EndpointError.self) {
                for try await _ in controller.pages(of: Endpoint<BadLabel>(serverURL: server.baseURL, pathPrefix: "items")) {}
            }
            #expect(bad.map { if case .cursorPaging(.invalidCursorLabel("", _)) = $0.kind { true } else { false } } == true)
            #expect(bad?.description.contains("use a non-empty query name") == true)
            let both = await #expect(throws: EndpointError.self) {
                for try await _ in controller.pages(of: Endpoint<BothPagings>(serverURL: server.baseURL, pathPrefix: "items"), startingAfter: nil) {}
            }
            #expect(both.map { if case .cursorPaging(.conflictingPaging) = $0.kind { true } else { false } } == true)
            #expect(server.requests.isEmpty)
        }
    }

    @Test("a cursor label the request's own query already uses is a typed error")
    func clashingLabel() async throws {
        try await withServer({ _ in .json(#"{"members":["ada"],"response_metadata":{"next_cursor":"next"}}"#) }) { server in
            let endpoint = Endpoint<SlackMembers>(serverURL: server.baseURL, pathPrefix: "users.list", queryParameters: ["cursor": "mine"])
            var pages = 0
            let error = await #expect(throws: EndpointError.self) {
                for try await _ in makeController(.endpointKitAsyncHTTPClient).pages(of: endpoint) { pages += 1 }
            }
            // The first page sends no cursor; the second would send a second `cursor`.
            #expect(pages == 1)
            #expect(error.map { if case .invalidRequest(.duplicateParameterName("cursor")) = $0.kind { true } else { false } } == true)
        }
    }
}
