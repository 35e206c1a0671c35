import EndpointKit
import EndpointKitAsyncHTTPClient
import Foundation
import OxfordDictionaries
import OxfordSandbox
import Testing

/// The client over EndpointKit's own AsyncHTTPClient transport, whose deadline AsyncHTTPClient
/// enforces: the same answers as over URLSession, v2 and v1, successes and the service's errors.
@Suite("OxfordClient over AsyncHTTPClientEndpointTransport")
struct SandboxClientTransportTests {
    private func clientOverAHC(_ server: OxfordSandboxServer) -> OxfordClient {
        OxfordClient(
            api: OxfordAPI(baseURL: server.baseURL, credentials: testCredentials),
            transport: AsyncHTTPClientEndpointTransport(timeout: .seconds(30)),
            configuration: .init(retryPolicy: .none, enforcesTimeouts: false, notificationCenter: nil))
    }

    @Test("entries, lemmas, translations, search and a v1 request, as over URLSession")
    func answers() async throws {
        try await withSandbox { server in
            let overAHC = clientOverAHC(server)
            let overURLSession = client(server)
            #expect(try await overAHC.entries("serendipity") == overURLSession.entries("serendipity"))
            #expect(try await overAHC.lemmas("pixels").headwords == ["pixel"])
            #expect(try await overAHC.translations("house", to: "es") == overURLSession.translations("house", to: "es"))
            #expect(try await overAHC.search("recieve", limit: 3).results.first?.id == "receive")
            let v1 = try await overAHC.send(OxfordAPIRequest(withWord: "ace", withFilters: [.lexicalCategory([.verb])]), as: OxfordRetrieveEntry.self)
            #expect(v1.results.flatMap(\.lexicalEntries).map(\.lexicalCategory.text) == ["Verb"])
        }
    }

    @Test("the service's errors: 404 with its message, v1's HTML page, the gateway's 403")
    func errors() async throws {
        try await withSandbox { server in
            let overAHC = clientOverAHC(server)
            let missing = try #require(await endpointError { try await overAHC.entries("zzyzx") })
            #expect(OxfordClient.message(of: missing) == "No entry found matching supplied source_lang, word and provided filters")
            let v1 = try #require(await endpointError { try await overAHC.send(OxfordAPIRequest(withWord: "zzyzx", withFilters: nil), as: Data.self) })
            #expect(OxfordClient.message(of: v1) == "No entry available for 'zzyzx' in 'en'")
            let anonymous = OxfordClient(
                api: OxfordAPI(baseURL: server.baseURL, credentials: nil), transport: AsyncHTTPClientEndpointTransport(),
                configuration: .init(retryPolicy: .none, notificationCenter: nil))
            let denied = try #require(await endpointError { try await anonymous.entries("ace") })
            #expect(OxfordClient.status(of: denied) == .authenticationFailed && OxfordClient.message(of: denied) == "Authentication failed")
        }
    }
}
