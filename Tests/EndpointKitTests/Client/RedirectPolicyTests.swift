import Foundation
import HTTPTypes
import Testing

@testable import EndpointKit

/// The pure part of following a redirect: where the next request goes, with which method, body
/// and headers.
@Suite("Redirect policy")
struct RedirectPolicyTests {
    private let base = URL(string: "https://api.example.com")!

    private func head(_ method: HTTPRequest.Method = .get, path: String = "/v1/users/7?page=2", headers: [String: String] = [:]) -> HTTPRequest {
        var fields = HTTPFields()
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        return HTTPRequest(method: method, scheme: "https", authority: "api.example.com", path: path, headerFields: fields)
    }

    private func redirect(_ status: Int, to location: String?) -> HTTPResponse {
        var fields = HTTPFields()
        if let location { fields[.location] = location }
        return HTTPResponse(status: .init(code: status), headerFields: fields)
    }

    private func hop(_ status: Int = 302, to location: String, from request: HTTPRequest? = nil, redaction: Redaction = .default) throws
        -> RedirectPolicy.Hop
    {
        try #require(try RedirectPolicy.hop(after: redirect(status, to: location), to: request ?? head(), at: base, redaction: redaction))
    }

    @Test("Relative locations resolve against the current URL; the fragment is not sent", arguments: [
        ("/v2/users/7", "/v2/users/7"), ("8", "/v1/users/8"), ("../groups/1", "/v1/groups/1"), ("?page=3", "/v1/users/7?page=3"),
        ("//cdn.example.com/a%20b?x=%2F#frag", "/a%20b?x=%2F"), ("https://API.example.com", "/"),
    ])
    func resolution(location: String, target: String) throws {
        #expect(try hop(to: location).head.path == target)
    }

    @Test("An origin is scheme, host (any case) and port (the default when left out)", arguments: [
        ("https://api.example.com:443/x", false), ("https://API.Example.COM/x", false), ("/x", false),
        ("http://api.example.com/x", true), ("https://api.example.com:8443/x", true), ("https://cdn.example.com/x", true),
        ("https://api.example.com.evil.test/x", true),
    ])
    func origins(location: String, crosses: Bool) throws {
        let next = try hop(to: location, from: head(headers: ["Authorization": "Bearer t", "App_Key": "k", "Accept": "application/json"]))
        #expect(next.crossesOrigin == crosses)
        #expect((next.head.headerFields[.authorization] == nil) == crosses)
        #expect((next.head.headerFields[HTTPField.Name("app_key")!] == nil) == crosses)
        #expect(next.head.headerFields[.accept] == "application/json", "non-secret headers always follow")
    }

    @Test("Headers a custom Redaction names are left out for another origin")
    func customRedaction() throws {
        let redaction = Redaction(headerNames: ["X-Tenant-Secret"], queryNames: [])
        let next = try hop(to: "https://other.example.com/", from: head(headers: ["x-tenant-secret": "s", "Authorization": "Bearer t"]), redaction: redaction)
        #expect(next.head.headerFields[HTTPField.Name("X-Tenant-Secret")!] == nil)
        #expect(next.head.headerFields[.authorization] == "Bearer t", "only what the redaction names is secret")
    }

    @Test("Method and body: 303 → GET (HEAD stays), 301/302 → GET for POST only, 307/308 keep both", arguments: [
        (303, HTTPRequest.Method.post, HTTPRequest.Method.get, false), (303, .put, .get, false), (303, .head, .head, true),
        (301, .post, .get, false), (302, .post, .get, false), (301, .put, .put, true), (302, .delete, .delete, true),
        (307, .post, .post, true), (308, .patch, .patch, true),
    ])
    func methods(status: Int, method: HTTPRequest.Method, expected: HTTPRequest.Method, keepsBody: Bool) throws {
        let request = head(method, headers: ["Content-Type": "application/json", "Content-Length": "12"])
        let next = try hop(status, to: "/next", from: request)
        #expect(next.head.method == expected && next.keepsBody == keepsBody)
        #expect((next.head.headerFields[.contentType] != nil) == keepsBody)
        #expect((next.head.headerFields[.contentLength] != nil) == keepsBody)
    }

    @Test("Other statuses are not redirects", arguments: [200, 204, 300, 304, 305, 306, 400, 404, 500])
    func notRedirects(status: Int) throws {
        #expect(try RedirectPolicy.hop(after: redirect(status, to: "/x"), to: head(), at: base, redaction: .default) == nil)
    }

    @Test("Unusable locations are refused with the reason", arguments: [
        (nil as String?, "no Location"), ("", "no Location"), ("mailto:a@b.c", "not http or https"), ("file:///etc/passwd", "not http or https"),
        ("javascript:alert(1)", "not http or https"), ("https://u:p@api.example.com/", "user credentials"), ("http:///path", "no host"),
        ("http://exa mple.com/", "not a URL"),
    ])
    func refusals(location: String?, reason: String) {
        #expect {
            _ = try RedirectPolicy.hop(after: redirect(302, to: location), to: head(), at: base, redaction: .default)
        } throws: { error in
            (error as? RedirectPolicy.Refusal)?.reason.contains(reason) == true
        }
    }

    @Test("maxRedirects is never negative; .none follows nothing")
    func limits() {
        #expect(RedirectPolicy(maxRedirects: -3).maxRedirects == 0)
        #expect(RedirectPolicy.none.maxRedirects == 0 && RedirectPolicy.default.maxRedirects == 10)
    }
}
