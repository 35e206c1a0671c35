import EndpointKit
import EndpointKitTesting
import Foundation
import HTTPTypes
import LogCapture
import Logging
import OxfordDictionaries
import Testing

private let secretID = "v1-tutorial-app-id"
private let secretKey = "v1-tutorial-app-key-0123456789"

private let v1Entry = #"""
    {"metadata":{"provider":"Oxford University Press"},"results":[{"id":"ace","language":"en","word":"ace","type":"headword",
     "lexicalEntries":[{"language":"en","lexicalCategory":"Noun","text":"ace",
     "entries":[{"homographNumber":"000","senses":[{"id":"s1","definitions":["a playing card with a single spot"]}]}]}]}]}
    """#

private let v1NotFoundPage = """
    <!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">
    <title>404 Not Found</title>
    <h1>Not Found</h1>
    <p>No entry available for 'zzyzx' in 'en'</p>
    """

private func v1Client(_ transport: StubTransport, retryPolicy: RetryPolicy = .none, logger: Logger = Logger(label: "v1-tests")) -> OxfordClient {
    OxfordClient(
        api: OxfordAPI(credentials: OxfordCredentials(appID: secretID, appKey: secretKey)), transport: transport,
        configuration: .init(retryPolicy: retryPolicy, logger: logger, notificationCenter: nil))
}

@Suite("OxfordClient: v1 requests")
struct OxfordV1ClientTests {
    @Test("the v1 server is beside the v2 one; the path is the tutorial's URL, filters and all")
    func requestShape() throws {
        let api = OxfordAPI(credentials: nil)
        #expect(api.v1BaseURL.absoluteString == "https://od-api.oxforddictionaries.com/api/v1")
        let sandbox = OxfordAPI(baseURL: URL(string: "http://127.0.0.1:8080/api/v2/")!, credentials: nil)
        #expect(sandbox.v1BaseURL.absoluteString == "http://127.0.0.1:8080/api/v1")
        let elsewhere = OxfordAPI(baseURL: URL(string: "http://127.0.0.1:8080/dictionary")!, credentials: nil)
        #expect(elsewhere.v1BaseURL == elsewhere.baseURL)

        let filtered = OxfordAPIRequest(withWord: "Ace", withFilters: [.lexicalCategory([.noun]), .domains(["card_games"])])
        #expect(try api.request(filtered, as: Data.self).prepare().url.absoluteString
            == "https://od-api.oxforddictionaries.com/api/v1/entries/en/ace/lexicalCategory=noun;domains=card_games")
        let search = OxfordAPIRequest(withEndpoint: .search, withQueryWord: "swimming pool", withFilters: nil)
        #expect(try api.request(search, as: Data.self).prepare().url.absoluteString
            == "https://od-api.oxforddictionaries.com/api/v1/search/en?q=swimming%20pool")
        var page = OxfordAPIRequest(withEndpoint: .wordlist, withQueryWord: "", withFilters: [.domains(["golf"])])
        page.limit = 50
        page.offset = 100
        #expect(try api.request(page, as: Data.self).prepare().url.absoluteString
            == "https://od-api.oxforddictionaries.com/api/v1/wordlist/en/domains=golf?limit=50&offset=100")
        #expect(try page.urlString() == "https://od-api.oxforddictionaries.com/api/v1/wordlist/en/domains=golf?limit=50&offset=100")
    }

    @Test("bad requests are refused before sending, naming what was wrong and what is allowed")
    func refusedBeforeSending() async throws {
        let transport = StubTransport()
        let client = v1Client(transport)
        await #expect(throws: OxfordRequestError.argument(.invalidParameter(name: "word", reason: "it is empty; the entries endpoint needs one"))) {
            _ = try await client.send(OxfordAPIRequest(withWord: " ", withFilters: nil), as: Data.self)
        }
        await #expect(throws: OxfordRequestError.filter(.notAllowed(filter: "domains", endpoint: "inflections", allowed: ["grammaticalFeatures", "lexicalCategory"]))) {
            _ = try await client.send(OxfordAPIRequest(withHeadword: "aces", withFilters: [.domains(["golf"])]), as: Data.self)
        }
        var paged = OxfordAPIRequest(withWord: "ace", withFilters: nil)
        paged.limit = 10
        await #expect(throws: OxfordRequestError.argument(.invalidParameter(name: "limit", reason: "only the wordlist endpoint pages"))) {
            _ = try await client.send(paged, as: Data.self)
        }
        var wordlist = OxfordAPIRequest(withEndpoint: .wordlist, withQueryWord: "", withFilters: [.domains(["golf"])])
        wordlist.offset = -1
        await #expect(throws: OxfordRequestError.argument(.invalidParameter(name: "offset", reason: "it is -1; it must not be negative"))) {
            _ = try await client.send(wordlist, as: Data.self)
        }
        let collate = OxfordAPIRequest(
            withEndpoint: .stats_words_frequency, withQueryWord: "", withFilters: [OxfordAPIEndpoint.OxfordAPIFilter.collate([.domains([])])])
        await #expect(throws: OxfordRequestError.filter(.unsupportedValue(
            filter: "collate", value: "domains", allowed: ["wordform", "trueCase", "lemma", "lexicalCategory", "frequency", "normalizedFrequency"]))) {
            _ = try await client.send(collate, as: Data.self)
        }
        #expect(transport.requests.isEmpty)
    }

    @Test("decodes v1 bodies into the models, with the client's credentials, retries and redacted logs")
    func sendsThroughTheController() async throws {
        let store = CapturingLogHandler.Lines()
        let logger = Logger(label: "oxford") { _ in CapturingLogHandler(store: store) }
        let transport = StubTransport()
        transport.stub(.get, "/api/v1/entries/en/ace/lexicalCategory=noun", with: [.status(.serviceUnavailable), .json(v1Entry)])
        let client = v1Client(transport, retryPolicy: RetryPolicy(baseDelay: .milliseconds(1)), logger: logger)
        var request = OxfordAPIRequest(withWord: "ace", withFilters: [.lexicalCategory([.noun])])
        request.credentials = OxfordCredentials(appID: "not-sent", appKey: "not-sent-either")

        let entry = try await client.send(request, as: OxfordRetrieveEntry.self)

        #expect(entry.results.first?.lexicalEntries.first?.lexicalCategory.text == "Noun")
        #expect(entry.results.first?.lexicalEntries.first?.entries?.first?.senses?.first?.definitions == ["a playing card with a single spot"])
        #expect(transport.requests.count == 2)
        let sent = try #require(transport.requests.last)
        #expect(sent.request.headerFields[HTTPField.Name("app_key")!] == secretKey)
        #expect(sent.request.headerFields[HTTPField.Name("app_id")!] == secretID)
        #expect(!store.all.isEmpty)
        #expect(!store.all.joined().contains(secretKey))
        #expect(!"\(try client.api.request(request, as: Data.self))".contains(secretKey))
    }

    @Test("a v1 HTML error page's message is the error's message")
    func htmlErrorPage() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/api/v1/entries/en/zzyzx", with: StubTransport.Response(
            status: .notFound, headerFields: [.contentType: "text/html"], body: Data(v1NotFoundPage.utf8)))
        let client = v1Client(transport)
        do {
            _ = try await client.send(OxfordAPIRequest(withWord: "zzyzx", withFilters: nil), as: OxfordRetrieveEntry.self)
            Issue.record("a 404 was decoded")
        } catch let error as EndpointError {
            #expect(OxfordClient.message(of: error) == "No entry available for 'zzyzx' in 'en'")
            #expect(error.serverError(as: OxfordServerError.self)?.reason == "No entry available for 'zzyzx' in 'en'")
            #expect(error.description.contains("No entry available for 'zzyzx' in 'en'"))
            #expect(!error.description.contains("<p>"))
            #expect(OxfordClient.status(of: error) == .notFound)
        }
    }

    @Test("v2 entries take plain en")
    func entriesTakeEnglish() throws {
        let request = try OxfordAPI(credentials: nil).entries("industry", language: .English)
        #expect(try request.prepare().url.absoluteString == "https://od-api.oxforddictionaries.com/api/v2/entries/en/industry")
        #expect(throws: OxfordArgumentError.self) { try OxfordAPI(credentials: nil).entries("industry", language: "en-au") }
    }
}

@Suite("OxfordServerError: the service's error bodies")
struct OxfordServerErrorBodyTests {
    private func reason(_ body: String, contentType: String? = nil) -> String? {
        OxfordServerError.decode(errorBody: Data(body.utf8), contentType: contentType, decoder: JSONDecoder())?.reason
    }

    @Test("JSON, HTML pages and plain text each give their message")
    func shapes() {
        #expect(reason(#"{"error":"No entry found matching supplied source_lang, word and provided filters"}"#)
            == "No entry found matching supplied source_lang, word and provided filters")
        #expect(reason(v1NotFoundPage, contentType: "text/html; charset=utf-8") == "No entry available for 'zzyzx' in 'en'")
        #expect(reason(v1NotFoundPage) == "No entry available for 'zzyzx' in 'en'")
        #expect(reason("Authentication failed", contentType: "text/plain") == "Authentication failed")
        #expect(reason("<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>")
            == "502 Bad Gateway")
        #expect(reason("<html><P class=\"msg\">No entry for &#39;caf&#xE9;&#39; &amp; &quot;x&quot; in <b>en</b></P></html>")
            == "No entry for 'café' & \"x\" in en")
        #expect(reason("<p>a &unknown; entity &amp stays</p>") == "a &unknown; entity &amp stays")
        #expect(reason("<param name=x><p>the paragraph</p>") == "the paragraph")
    }

    @Test("what is not a message gives no server error")
    func notMessages() {
        #expect(reason("") == nil)
        #expect(reason("   \n") == nil)
        #expect(reason("<html><body></body></html>") == nil)
        #expect(reason("<p>unclosed paragraph") == "unclosed paragraph")
        #expect(reason("{not json", contentType: "application/json") == nil)
        #expect(reason(String(repeating: "trace line\n", count: 200), contentType: "text/plain") == nil)
        #expect(OxfordServerError.decode(errorBody: Data([0xFF, 0xFE, 0x41]), contentType: "text/plain", decoder: JSONDecoder()) == nil)
    }
}

@Suite("OxfordHTTPStatusCode: the tutorial's statuses over OxfordStatus")
struct OxfordHTTPStatusCodeBridgeTests {
    @Test("every HTTP code maps to a case and back to the same status, named or other", arguments: 100..<600)
    func everyCode(code: Int) throws {
        let tutorial = try #require(OxfordHTTPStatusCode(rawValue: code))
        let status = OxfordStatus(code: code)
        #expect(OxfordHTTPStatusCode(status) == tutorial)
        if case .other = status {
            #expect(tutorial == .OtherStatusCode)
        } else {
            #expect(tutorial.rawValue == code && tutorial.status == status)
        }
    }
}
