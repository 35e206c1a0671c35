import Foundation
import Testing

@testable import EndpointKit

/// `server.address` and `server.port` read from a request's origin, as `URLComponents` reads them.
@Suite("Server address and port of an origin")
struct ServerEndpointTests {
    @Test("host and port, the scheme's default port, IPv6 without brackets", arguments: [
        ("http://127.0.0.1:8080", "127.0.0.1", 8080),
        ("https://api.example.com", "api.example.com", 443),
        ("http://api.example.com", "api.example.com", 80),
        ("http://[::1]:9000", "::1", 9000),
        ("https://[2001:db8::1]", "2001:db8::1", 443),
    ])
    func origins(origin: String, address: String, port: Int) throws {
        let server = ServerEndpoint(origin: origin)
        #expect(server.address == address)
        #expect(server.port == port)
        // The origin a request is prepared with gives the same.
        let url = try #require(URL(string: origin))
        let prepared = try Endpoint<Data>(serverURL: url, pathPrefix: "x").prepare()
        #expect(ServerEndpoint(origin: prepared.origin).address == address)
        #expect(ServerEndpoint(origin: prepared.origin).port == port)
    }
}
