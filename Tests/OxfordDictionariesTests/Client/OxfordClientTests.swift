import EndpointKit
import EndpointKitTesting
import Foundation
import LogCapture
import Logging
import OxfordDictionaries
import Testing

private let secretKey = "k3y-s3cret-0xford"
private let secretID = "id-0xford-42"

private func makeClient(_ transport: StubTransport, logger: Logger = Logger(label: "oxford-tests")) -> OxfordClient {
    OxfordClient(
        api: OxfordAPI(credentials: OxfordCredentials(appID: secretID, appKey: secretKey)), transport: transport,
        configuration: .init(retryPolicy: .none, logger: logger, notificationCenter: nil))
}

private let entryBody = #"""
    {"id":"run","metadata":{"schema":"RetrieveEntry"},"word":"run","results":[{"id":"run","language":"en-gb","word":"run",
     "lexicalEntries":[{"language":"en-gb","lexicalCategory":{"id":"verb","text":"Verb"},"text":"run",
     "entries":[{"senses":[{"id":"s1","definitions":["move at a speed faster than a walk"]}]}]}]}]}
    """#

@Suite("OxfordClient")
struct OxfordClientTests {
    @Test("define resolves an inflected form through lemmas, then fetches the headword")
    func defineResolvesInflections() async throws {
        let transport = StubTransport()
        let notFound = StubTransport.Response.json(#"{"error":"No entry found matching supplied source_lang, word and provided filters"}"#, status: .notFound)
        transport.stub(.get, "/api/v2/entries/en-gb/running", with: notFound)
        transport.stub(.get, "/api/v2/lemmas/en/running", with: .json(#"""
            {"metadata":{"provider":"Oxford University Press"},"results":[{"id":"running","language":"en","word":"running",
             "lexicalEntries":[{"inflectionOf":[{"id":"run","text":"run"}],"language":"en","lexicalCategory":{"id":"verb","text":"Verb"},"text":"running"}]}]}
            """#))
        transport.stub(.get, "/api/v2/entries/en-gb/run", with: .json(entryBody))
        let entry = try await makeClient(transport).define("running")
        #expect(entry.id == "run")
        #expect(transport.requests.map(\.path) == ["/api/v2/entries/en-gb/running", "/api/v2/lemmas/en/running", "/api/v2/entries/en-gb/run"])
        #expect(transport.unexpectedRequests.isEmpty)
    }

    @Test("define of an unknown word throws the entries 404 with the service's message")
    func defineUnknown() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/api/v2/entries/en-gb/qwzx", with: .json(#"{"error":"No entry found matching supplied source_lang, word and provided filters"}"#, status: .notFound))
        transport.stub(.get, "/api/v2/lemmas/en/qwzx", with: .json(#"{"error":"No lemma was found in dictionary 'en' for the inflected form 'qwzx'"}"#, status: .notFound))
        do {
            _ = try await makeClient(transport).define("qwzx")
            Issue.record("expected an error")
        } catch let error as EndpointError {
            #expect(OxfordClient.status(of: error) == .notFound)
            #expect(OxfordClient.message(of: error) == "No entry found matching supplied source_lang, word and provided filters")
        }
    }

    @Test("a plain-text 403 'Authentication failed' becomes a clear error")
    func plainText403() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/api/v2/thesaurus/en/vapid", with: StubTransport.Response(
            status: .forbidden, headerFields: [.contentType: "text/plain; charset=us-ascii"], body: Data("Authentication failed".utf8)))
        do {
            _ = try await makeClient(transport).thesaurus("vapid")
            Issue.record("expected an error")
        } catch let error as EndpointError {
            #expect(OxfordClient.status(of: error) == .authenticationFailed)
            #expect(OxfordClient.message(of: error) == "Authentication failed")
            #expect(error.description == "GET /api/v2/thesaurus/en/vapid: unacceptable status 403 Forbidden: Authentication failed")
        }
    }

    @Test("search metadata numbers sent as strings decode as numbers")
    func searchNumbers() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/api/v2/search/en-gb", with: .json(#"{"metadata":{"limit":"5000","offset":"0","total":"21"},"results":[{"id":"ace","word":"ace","score":1}]}"#))
        let results = try await makeClient(transport).search("ace")
        #expect(results.metadata?.total == 21)
        #expect(transport.requests.first?.query == "q=ace")
    }

    @Test("every client method reaches its endpoint")
    func everyMethod() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/api/v2/entries/en-gb/run", with: .json(entryBody))
        transport.stub(.get, "/api/v2/words/en-gb", with: .json(#"{"query":"ran","results":[]}"#))
        transport.stub(.get, "/api/v2/lemmas/en/ran", with: .json(#"{"results":[]}"#))
        transport.stub(.get, "/api/v2/inflections/en-gb/run", with: .json(#"{"results":[]}"#))
        transport.stub(.get, "/api/v2/sentences/en/run", with: .json(#"{"results":[]}"#))
        transport.stub(.get, "/api/v2/translations/en/es/run", with: .json(#"{"results":[]}"#))
        transport.stub(.get, "/api/v2/stats/frequency/word/en", with: .json(#"{"result":{"frequency":3}}"#))
        transport.stub(.get, "/api/v2/stats/frequency/words/en", with: .json(#"{"results":[]}"#))
        transport.stub(.get, "/api/v2/stats/frequency/ngrams/en/nmc/2", with: .json(#"{"results":[]}"#))
        transport.stub(.get, "/api/v2/languages", with: .json(#"{"results":[]}"#))
        for list in ["domains", "registers", "lexicalCategories", "grammaticalFeatures"] {
            transport.stub(.get, "/api/v2/\(list)/en-gb", with: .json(#"{"results":{}}"#))
        }
        transport.stub(.get, "/api/v2/filters", with: .json(#"{"results":{}}"#))
        transport.stub(.get, "/api/v2/fields", with: .json(#"{"results":{}}"#))
        let client = makeClient(transport)
        _ = try await client.entries("run")
        _ = try await client.words("ran")
        _ = try await client.lemmas("ran")
        _ = try await client.inflections("run")
        _ = try await client.sentences("run")
        _ = try await client.translations("run", to: .Spanish)
        #expect(try await client.frequency(wordform: "run").result.frequency == 3)
        _ = try await client.frequencies(lemmas: ["run"])
        _ = try await client.ngrams(size: 2, tokens: ["to run"])
        _ = try await client.languages()
        _ = try await client.domains(.britishEnglish)
        _ = try await client.registers(.britishEnglish)
        _ = try await client.lexicalCategories(.britishEnglish)
        _ = try await client.grammaticalFeatures(.britishEnglish)
        _ = try await client.filters()
        _ = try await client.fields()
        #expect(transport.requests.count == 16)
        #expect(transport.unexpectedRequests.isEmpty)
        #expect(transport.requests.allSatisfy { $0.request.headerFields[HTTPField.Name("app_key")!] == secretKey })
    }

    @Test("no credential in trace logs, error descriptions, or cURL renderings")
    func secrets() async throws {
        let store = CapturingLogHandler.Lines()
        let logger = Logger(label: "oxford") { _ in CapturingLogHandler(store: store) }
        let transport = StubTransport()
        transport.stub(.get, "/api/v2/entries/en-gb/ace", with: .json(#"{"error":"No entry found"}"#, status: .notFound))
        let client = makeClient(transport, logger: logger)
        var descriptions: [String] = []
        do {
            _ = try await client.entries("ace")
        } catch {
            descriptions.append("\(error)")
        }
        descriptions.append(try client.api.entries("ace").curlCommand())
        descriptions.append(ResponseCache.key(method: .get, url: try client.api.entries("ace").prepare().url.absoluteString))
        descriptions.append("\(client.api.credentials!)")
        let everything = (store.all + descriptions).joined(separator: "\n")
        #expect(store.all.contains { $0.contains("trace → app_key: <redacted>") })
        #expect(!everything.contains(secretKey))
        #expect(!everything.contains(secretID))
    }
}

@Suite("OxfordClient rate limit")
struct OxfordClientRateLimitTests {
    @Test("the optional rate limit makes requests wait instead of failing")
    func rateLimit() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/api/v2/search/en-gb", with: .json(#"{"results":[]}"#))
        let client = OxfordClient(
            api: OxfordAPI(credentials: nil), transport: transport, configuration: .init(notificationCenter: nil),
            rateLimit: RateLimiter(limit: 2, per: .milliseconds(250)))
        let started = ContinuousClock.now
        for _ in 0..<5 { _ = try await client.search("a") }
        #expect(ContinuousClock.now - started >= .milliseconds(500))
        #expect(transport.requests.count == 5)
    }
}

@Suite("OxfordClient cache")
struct OxfordClientCacheTests {
    @Test("with a cache, a repeated lookup is answered without a request; off by default")
    func cache() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/api/v2/entries/en-gb/run", with: .json(entryBody))
        let cached = OxfordClient(
            api: OxfordAPI(credentials: nil), transport: transport, configuration: .init(notificationCenter: nil),
            cache: ResponseCache(storage: .memory(maxBytes: 1 << 20)))
        _ = try await cached.entries("run")
        _ = try await cached.entries("run")
        #expect(transport.requests.count == 1)
        let uncached = OxfordClient(api: OxfordAPI(credentials: nil), transport: transport, configuration: .init(notificationCenter: nil))
        _ = try await uncached.entries("run")
        _ = try await uncached.entries("run")
        #expect(transport.requests.count == 3)
        #expect(uncached.controller.configuration.cache == nil)
    }
}
