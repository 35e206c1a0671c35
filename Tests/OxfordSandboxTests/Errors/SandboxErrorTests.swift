import EndpointKit
import Foundation
import OxfordDictionaries
import OxfordSandbox
import Testing

/// Every error status the sandbox answers, with the service's body, read raw and through the client.
@Suite("Sandbox errors")
struct SandboxErrorTests {
    @Test("403: missing, empty or wrong credentials get the gateway's plain-text body, never JSON")
    func authentication() async throws {
        try await withSandbox(credentials: .exactly(appID: "right-id", appKey: "right-key")) { server in
            for headers in [[:], ["app_id": "right-id"], ["app_id": "right-id", "app_key": "wrong-key"], ["app_id": "", "app_key": "right-key"]] {
                let answer = try await raw(server, "/api/v2/entries/en-gb/ace", headers: headers)
                #expect(answer.status == 403)
                #expect(answer.body == "Authentication failed")
                #expect(answer.contentType == "text/plain; charset=us-ascii")
                #expect(answer.apiVersion == nil)
            }
            // The same for unknown routes and v1: the gateway answers before the API.
            let answer1 = try await raw(server, "/api/v1/entries/en/ace", headers: [:])
            #expect(answer1.status == 403)
            let answer2 = try await raw(server, "/nowhere", headers: [:])
            #expect(answer2.body == "Authentication failed")
            let right = try await raw(server, "/api/v2/entries/en-gb/ace", headers: ["App-Id": "right-id", "App-Key": "right-key"])
            #expect(right.status == 200)

            let wrong = client(server, credentials: OxfordCredentials(appID: "right-id", appKey: "wrong-key"))
            let error = try #require(await endpointError { try await wrong.entries("ace") })
            #expect(error.status == .forbidden)
            #expect(OxfordClient.message(of: error) == "Authentication failed")
            #expect(!error.description.contains("wrong-key"))
        }
    }

    @Test("403 by default only for a missing or empty pair; --open takes anything")
    func credentialModes() async throws {
        try await withSandbox { server in
            let answer3 = try await raw(server, "/api/v2/entries/en-gb/ace", headers: ["app_id": "a", "app_key": "b"])
            #expect(answer3.status == 200)
            let answer4 = try await raw(server, "/api/v2/entries/en-gb/ace", headers: ["app_id": "a"])
            #expect(answer4.status == 403)
            let answer5 = try await raw(server, "/api/v2/entries/en-gb/ace", headers: ["app_id": "a", "app_key": ""])
            #expect(answer5.status == 403)
        }
        try await withSandbox(credentials: .open) { server in
            let answer6 = try await raw(server, "/api/v2/entries/en-gb/ace", headers: [:])
            #expect(answer6.status == 200)
            let anonymous = try await client(server, credentials: nil).entries("ace")
            #expect(anonymous.results.first?.id == "ace")
        }
    }

    @Test("400: unknown filters, filter values, fields, languages, parameters and malformed numbers, each named")
    func badRequests() async throws {
        try await withSandbox { server in
            let cases: [(String, String)] = [
                ("/api/v2/entries/en-gb/ace?lexicalCategory=bogus", "Unknown value 'bogus' for the filter 'lexicalCategory'"),
                ("/api/v2/entries/en-gb/ace?domains=nowhere", "Unknown value 'nowhere' for the filter 'domains'"),
                ("/api/v2/entries/en-gb/ace?fields=etymology", "It is not possible to project a non-existing field: 'etymology'"),
                ("/api/v2/entries/en-gb/ace?colour=red", "Unknown parameter 'colour' for the entries endpoint. Allowed: domains, fields"),
                ("/api/v2/entries/xx/ace", "Source language 'xx' is not supported by the entries endpoint. Supported: en, en-gb, en-us"),
                ("/api/v2/entries/en-gb/ace?strictMatch=maybe", "The parameter 'strictMatch' must be true or false, not 'maybe'"),
                ("/api/v2/search/en-gb?q=ace&limit=ten", "The parameter 'limit' must be an integer, not 'ten'"),
                ("/api/v2/search/en-gb?q=ace&limit=6000", "The parameter 'limit' must be between 1 and 5000, not 6000"),
                ("/api/v2/search/en-gb?q=ace&limit=5000&offset=5001", "offset and limit exceeded 10000 together"),
                ("/api/v2/search/en-gb", "The parameter 'q' is required"),
                ("/api/v2/words/en-gb", "The parameter 'q' is required"),
                ("/api/v2/translations/en/en/ace", "source_lang and target_lang can not be same"),
                ("/api/v2/translations/en/xx/ace", "Target language 'xx' is not supported by the translations endpoint"),
                ("/api/v2/search/translations/en/en?q=ace", "source_lang and target_lang can not be same"),
                ("/api/v2/domains/en/en", "source_lang and target_lang can not be same"),
                ("/api/v2/thesaurus/en/ace?fields=", "The parameter 'fields' cannot be empty"),
                ("/api/v2/thesaurus/en/ace?fields=definitions", "It is not possible to project a non-existing field: 'definitions'"),
                ("/api/v2/lemmas/en-gb/pixels", "Source language 'en-gb' is not supported by the lemmas endpoint"),
                ("/api/v2/entries/en-gb/ace?lexicalCategory=noun&lexicalCategory=verb&strictMatch=true&strictMatch=false",
                 "The parameter 'strictMatch' was given 2 times"),
                ("/api/v2/stats/frequency/words/en?corpus=wordfreq&minFrequency=3", "needs counts, which wordfreq does not publish"),
            ]
            for (path, message) in cases {
                let answer = try await raw(server, path)
                #expect(answer.status == 400, "\(path)")
                let error = try jsonObject(answer.body)["error"] as? String
                #expect(error?.contains(message) == true, "\(path): \(error ?? answer.body)")
            }
            let unknownValue = try await raw(server, "/api/v2/translations/en/id/ace?lexicalCategory=bogus")
            #expect(unknownValue.status == 400)

            let typed = try #require(await endpointError {
                try await client(server).entries("ace", selection: OxfordSelection(lexicalCategories: ["bogus"]))
            })
            #expect(typed.status == .badRequest)
            #expect(OxfordClient.message(of: typed).hasPrefix("Unknown value 'bogus' for the filter 'lexicalCategory'"))
        }
    }

    @Test("404: unknown words, languages without sandbox data, unknown routes, list endpoints")
    func notFound() async throws {
        try await withSandbox { server in
            let cases: [(String, String, String)] = [
                ("/api/v2/entries/en-gb/zzyzx", "error", "No entry found matching supplied source_lang, word and provided filters"),
                ("/api/v2/entries/es/ace", "error", "No entry found matching supplied source_lang, word and provided filters"),
                ("/api/v2/lemmas/de/haus", "error", "No lemma was found in dictionary 'de' for the inflected form 'haus'"),
                ("/api/v2/translations/en/tpi/ace", "error", "No bilingual entry is found matching supplied source_lang and id"),
                ("/api/v2/search/en-gb?q=zzyzx", "error", "No entry was found matching the selection parameters"),
                ("/api/v2/filters/thesaurus", "error", "The endpoint 'thesaurus' has no filters. Endpoints: entries, lemmas"),
                ("/api/v2/languages?sourceLanguage=xx", "error", "Unknown language 'xx'"),
                ("/api/v2/nothing/here", "message", "404 Not Found: The requested URL was not found on the server."),
                ("/api/v3/entries/en-gb/ace", "message", "404 Not Found"),
            ]
            for (path, key, message) in cases {
                let answer = try await raw(server, path)
                #expect(answer.status == 404, "\(path)")
                #expect((try jsonObject(answer.body)[key] as? String)?.hasPrefix(message) == true, "\(path): \(answer.body)")
            }
        }
    }

    @Test("405 for methods other than GET and HEAD; HEAD answers headers only")
    func methods() async throws {
        try await withSandbox { server in
            let post = try await raw(server, "/api/v2/entries/en-gb/ace", method: "POST")
            #expect(post.status == 405)
            #expect((try jsonObject(post.body)["message"] as? String)?.hasPrefix("405 Method Not Allowed") == true)
            let head = try await raw(server, "/api/v2/entries/en-gb/ace", method: "HEAD")
            #expect(head.status == 200 && head.body.isEmpty)
        }
    }

    @Test("414 for a word id longer than 128 characters")
    func uriTooLong() async throws {
        try await withSandbox { server in
            let answer = try await raw(server, "/api/v2/entries/en-gb/" + String(repeating: "a", count: 129))
            #expect(answer.status == 414)
            #expect((try jsonObject(answer.body)["error"] as? String) == "The word_id has 129 characters; the maximum is 128")
            let answer7 = try await raw(server, "/api/v2/entries/en-gb/" + String(repeating: "a", count: 128))
            #expect(answer7.status == 404)
        }
    }

    @Test("Path tricks stay inside one segment: an encoded slash or dot-dot is part of the word")
    func pathSegments() async throws {
        try await withSandbox { server in
            for word in ["..%2F..%2Fentries%2Fen-gb%2Face", "%2E%2E", "ace%3Fq%3D1", "ace%23x"] {
                let answer = try await raw(server, "/api/v2/entries/en-gb/" + word)
                #expect(answer.status == 404, "\(word)")
            }
            let invalid = try await raw(server, "/api/v2/entries/en-gb/%ff%fe")
            #expect(invalid.status == 400)
        }
    }
}

/// Issue 7 (hostile input): word ids built to escape their path segment, sent by the typed client.
@Suite("Sandbox: hostile word ids through the client")
struct HostileWordTests {
    @Test("../, %2e%2e, /, ?, # and spaces in a word id stay in the word's segment: 404, never another resource")
    func wordsStayInTheirSegment() async throws {
        try await withSandbox { server in
            let client = client(server)
            let words = [
                "../../entries/en-gb/ace", "%2e%2e", "%2E%2E/ace", "ace/../../languages", "../languages", "/", "?", "#",
                "ace?fields=pronunciations", "ace#senses", "ace/", "/ace", "ace%2Fx", "a\r\nX-Injected: 1", "ace\u{0}", "..\\ace",
            ]
            for word in words {
                do {
                    let entry = try await client.entries(word)
                    Issue.record("\(word.debugDescription) answered \(entry.results.map(\.id))")
                } catch {
                    #expect((error as? EndpointError)?.status?.code == 404, "\(word.debugDescription): \(error)")
                }
            }
            // "ace" itself is there, so the 404s above are the word ids, not the server.
            let ace = try await client.entries("ace")
            #expect(ace.results.first?.id == "ace")
        }
    }

    @Test("Dot segments, blank and oversized word ids are refused before anything is sent")
    func refusedWords() async throws {
        try await withSandbox { server in
            let client = client(server)
            for word in [".", ".."] {
                await #expect {
                    _ = try await client.entries(word)
                } throws: { error in
                    guard let error = error as? EndpointError, case .invalidRequest(.invalidPathSegment(let segment, _)) = error.kind else { return false }
                    return segment == word && error.attempts == 0
                }
            }
            for (word, reason) in [("   ", "it is empty"), (String(repeating: "a", count: 129), "it has 129 characters; the API takes at most 128")] {
                await #expect(throws: OxfordArgumentError.invalidParameter(name: "word", reason: reason)) { _ = try await client.entries(word) }
            }
        }
    }
}
