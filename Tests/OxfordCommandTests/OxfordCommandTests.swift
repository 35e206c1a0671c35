import Foundation
import Logging
import OxfordSandbox
import ProcessTesting
import Testing

private let oxford = ProcessRunner(product: "oxford")

/// Runs `oxford arguments…`.
private func run(_ arguments: [String], environment: [String: String] = ProcessRunner.environment()) async throws -> ProcessRunner.Result {
    try await oxford.run(arguments, environment: environment)
}

@Suite("oxford: every command, run as a binary")
struct OxfordCommandTests {
    @Test("With no credentials it starts the offline sandbox, says so on stderr, and shows an entry")
    func offlineByDefault() async throws {
        let result = try await run(["define", "ace"])
        #expect(result.status == 0)
        #expect(result.errors.contains("no OXFORD_APP_ID/OXFORD_APP_KEY set: using the offline sandbox at http://127.0.0.1:"))
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "ace  /ˈeɪs/ (American English), /eɪs/")
        #expect(lines.contains("adjective") && lines.contains("noun") && lines.contains("verb"))
        #expect(lines.contains("  1. [Colloquialism] of the highest quality"))
        #expect(lines.contains("     “an ace reporter”"))
        #expect(lines.contains("  forms: aced, acing, aces"))
        #expect(!result.output.contains("\u{1B}["), "piped output must be plain")
    }

    @Test("Every data command against a configured server (credentials and base URL from the environment)")
    func dataCommands() async throws {
        try await withConfiguredServer { environment in
            let cases: [([String], [String])] = [
                (["define", "pixels"], ["pixels: a form of pixel", "pixel  /pˈɪksəl/ (American English), /ˈpɪksəl/, /ˈpɪksɛl/", "noun", "  forms: pixels"]),
                (["define", "ace", "--lexical-category", "verb", "--domain", "golf"], ["verb", "  1. [Golf] play (a hole) in one stroke"]),
                (["define", "ace", "--region", "us", "--fields", "definitions"], ["  1. of the highest quality"]),
                (["thesaurus", "good", "--antonyms"], ["good", "adjective", "  1. antonyms: bad"]),
                (["thesaurus", "ace"], ["  1. synonyms: a-one, crack, first-rate, super, tiptop, top-notch, topnotch, tops"]),
                (["sentences", "run"], ["run", "  • the Yankees scored 3 runs in the bottom of the 9th"]),
                (["lemmas", "pixels"], ["pixels → pixel (noun, plural)"]),
                (["lemmas", "ran"], ["ran → run (verb, past)"]),
                (["inflections", "ace"], ["  verb: ace, aced (past; past participle), acing (present participle), aces (third singular present)"]),
                (["search", "pix", "--prefix"], ["pixel (headword, 3.72)", "pixie (headword, 3.15)"]),
                (["search", "pixels"], ["pixel (inflection, 3.72)"]),
                (["translate", "the", "--to", "id"], ["determiner", "  1. article", "     → itu, sang, si"]),
                (["words", "--domain", "golf", "--lexical-category", "verb"], ["ace", "chip", "eagle"]),
                (["frequency", "run", "--corpus", "wordfreq"], ["run: 309 per million words, 1 record (wordfreq)"]),
                (["languages"], ["en-gb  English  monolingual, OxfordSandbox lexicon: WordNet 3.0, wordfreq 3.1.1, CMU Pronouncing Dictionary"]),
                (["domains"], ["golf  Golf"]),
                (["registers", "--language", "en-us"], ["slang  Slang"]),
                (["lexical-categories"], ["noun  Noun"]),
                (["grammatical-features"], ["Number", "  plural  Plural"]),
                (["regions"], ["united_kingdom  United Kingdom"]),
            ]
            for (arguments, expected) in cases {
                let result = try await run(arguments, environment: environment)
                #expect(result.status == 0, "\(arguments): \(result.errors)")
                #expect(!result.errors.contains("offline sandbox"), "\(arguments) used the sandbox instead of the configured server")
                let lines = Set(result.output.split(separator: "\n").map(String.init))
                for line in expected where !lines.contains(line) {
                    Issue.record("oxford \(arguments.joined(separator: " ")) printed no line \"\(line)\":\n\(result.output)")
                }
            }
        }
    }

    @Test("Offline, a real dictionary: rare and multi-word words, etymologies and derivatives, translations, suggestions")
    func dictionary() async throws {
        let cases: [([String], [String])] = [
            (["define", "serendipity"], ["origin: from English Serendip and -ity", "  1. good luck in making unexpected and fortunate discoveries", "  derivatives: serendipitous"]),
            (["define", "swimming_pool"], ["noun", "  1. pool that provides a facility for swimming"]),
            (["define", "ephemeral"], ["adjective"]),
            (["translate", "house", "--to", "es"], ["  1. a dwelling that serves as living quarters for one or more families", "     → casa"]),
            (["translate", "water", "--to", "de"], ["     → Wasser"]),
        ]
        for (arguments, expected) in cases {
            let result = try await run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            let lines = Set(result.output.split(separator: "\n").map(String.init))
            for line in expected where !lines.contains(line) {
                Issue.record("oxford \(arguments.joined(separator: " ")) printed no line \"\(line)\":\n\(result.output)")
            }
        }
        let misspelt = try await run(["define", "recieve"])
        #expect(misspelt.status == 2 && misspelt.output.isEmpty)
        #expect(misspelt.errors.contains("not found (404): No entry found matching supplied source_lang, word and provided filters; did you mean: receive"), "\(misspelt.errors)")
    }

    @Test("The v1 layout: define, thesaurus, sentences, lemmas (the lemmatron), search, translate, lists")
    func v1() async throws {
        let cases: [([String], String)] = [
            (["define", "ace", "--api", "v1", "--lexical-category", "verb"], "  1. succeed at easily"),
            (["thesaurus", "good", "--api", "v1"], "  1. antonyms: bad"),
            (["sentences", "run", "--api", "v1"], "  • the Yankees scored 3 runs in the bottom of the 9th"),
            (["lemmas", "pixels", "--api", "v1"], "pixels → pixel (noun, plural)"),
            (["search", "pixels", "--api", "v1"], "pixel (inflection, 3.72)"),
            (["translate", "the", "--to", "id", "--api", "v1"], "     → itu, sang, si"),
            (["domains", "--api", "v1"], "golf  Golf"),
        ]
        for (arguments, line) in cases {
            let result = try await run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            #expect(result.output.split(separator: "\n").map(String.init).contains(line), "\(arguments):\n\(result.output)")
        }
    }

    @Test("v1 goes through the client: a v1 404 page's message is the command's, with exit code 2")
    func v1NotFound() async throws {
        let result = try await run(["define", "zzyzx", "--api", "v1"])
        #expect(result.status == 2)
        #expect(result.errors.contains("not found (404): No entry available for 'zzyzx' in 'en'"), "\(result.errors)")
        let refused = try await run(["define", " ", "--api", "v1"])
        #expect(refused.status == 64 && refused.errors.contains("invalid word: it is empty; the entries endpoint needs one"), "\(refused.errors)")
    }

    @Test("--json prints the service's JSON as received")
    func json() async throws {
        let result = try await run(["lemmas", "pixels", "--json"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect((object?["metadata"] as? [String: String])?["provider"] == "Oxford University Press")
        #expect(result.output.contains(#""inflectionOf":[{"id":"pixel","text":"pixel"}]"#))
    }

    @Test("Failures: one line with the status and message, a distinct exit code per kind")
    func failures() async throws {
        let notFound = try await run(["define", "zzyzx"])
        #expect(notFound.status == 2)
        #expect(notFound.errors.hasSuffix("oxford: not found (404): No entry found matching supplied source_lang, word and provided filters\n"))
        #expect(notFound.output.isEmpty)

        let badValue = try await run(["define", "ace", "--lexical-category", "bogus"])
        #expect(badValue.status == 4)
        #expect(badValue.errors.contains("oxford: bad request (400): Unknown value 'bogus' for the filter 'lexicalCategory'"))

        // The sandbox has no ngram corpus: a 404 that says so, exit 2.
        let ngrams = try await run(["ngrams", "of", "the"])
        #expect(ngrams.status == 2)
        #expect(ngrams.errors.contains("oxford: not found (404): The sandbox has no ngram counts"))
        let tooLong = try await run(["ngrams", "a", "b", "c", "d", "e"])
        #expect(tooLong.status == 64 && tooLong.errors.contains("an ngram has 1 to 4 tokens; 5 given"))

        let notAllowed = try await run(["sentences", "run", "--domain", "golf"])
        #expect(notAllowed.status == 64)
        #expect(notAllowed.errors.contains("--domain is not a filter of sentences: it takes --strict-match"))

        let unsupported = try await run(["define", "ace", "--language", "xx"])
        #expect(unsupported.status == 64)
        #expect(unsupported.errors.contains("xx"))

        try await withConfiguredServer { environment in
            var wrong = environment
            wrong["OXFORD_APP_KEY"] = "not-the-key"
            let forbidden = try await run(["define", "ace"], environment: wrong)
            #expect(forbidden.status == 3)
            #expect(forbidden.errors.contains("oxford: authentication failed (403): Authentication failed"))
            #expect(!forbidden.errors.contains("not-the-key") && !forbidden.errors.contains("cli-key-s3cret"))
        }

        // A port nothing listens on: a network failure, not a hang.
        let closed = try await run(
            ["define", "ace", "--timeout", "5"],
            environment: ProcessRunner.environment(["OXFORD_APP_ID": "a", "OXFORD_APP_KEY": "b", "OXFORD_BASE_URL": "http://127.0.0.1:9/api/v2"]))
        #expect(closed.status == 7)
        #expect(closed.errors.contains("oxford: network failure: "))
    }

    @Test("Colour on request, plain when piped")
    func colour() async throws {
        let colored = try await run(["define", "ace", "--color", "always"])
        #expect(colored.output.hasPrefix("\u{1B}[1mace\u{1B}[0m"))
        let plain = try await run(["define", "ace", "--color", "never"])
        #expect(!plain.output.contains("\u{1B}["))
    }

    @Test("request prints cURL for v2 and v1 without sending; credentials are redacted")
    func request() async throws {
        let environment = ProcessRunner.environment(["OXFORD_APP_ID": "my-id", "OXFORD_APP_KEY": "my-secret-key"])
        let v2 = try await run(["request", "entries", "ace", "--lexical-category", "noun", "--fields", "definitions"], environment: environment)
        #expect(v2.status == 0)
        #expect(v2.output.contains("curl 'https://od-api.oxforddictionaries.com/api/v2/entries/en-gb/ace?fields=definitions&lexicalCategory=noun'"))
        #expect(v2.output.contains("-H 'app_key: <redacted>'") && v2.output.contains("-H 'app_id: <redacted>'"))
        let v1 = try await run(["request", "entries", "ace", "--api", "v1", "--lexical-category", "noun"], environment: environment)
        #expect(v1.output.contains("curl 'https://od-api.oxforddictionaries.com/api/v1/entries/en/ace/lexicalCategory=noun'"))
        let wordlist = try await run(["request", "wordlist", "--api", "v1", "--domain", "golf"], environment: environment)
        #expect(wordlist.output.contains("/api/v1/wordlist/en/domains=golf'"))
        for result in [v2, v1, wordlist] { #expect(!result.output.contains("my-secret-key") && !result.errors.contains("my-secret-key")) }
        let refused = try await run(["request", "wordlist", "--domain", "golf"], environment: environment)
        #expect(refused.status == 64 && refused.errors.contains("the wordlist exists only in v1"))
    }

    @Test("request takes the command names as well as the endpoints'")
    func requestByCommandName() async throws {
        let environment = ProcessRunner.environment(["OXFORD_APP_ID": "my-id", "OXFORD_APP_KEY": "my-secret-key"])
        let pairs: [([String], [String])] = [
            (["request", "define", "ace"], ["request", "entries", "ace"]),
            (["request", "define", "ace", "--api", "v1"], ["request", "entries", "ace", "--api", "v1"]),
            (["request", "translate", "house", "--to", "es"], ["request", "translations", "house", "--to", "es"]),
            (["request", "lexical-categories"], ["request", "lexicalcategories"]),
            (["request", "grammatical-features", "--api", "v1"], ["request", "grammaticalFeatures", "--api", "v1"]),
        ]
        for (command, endpoint) in pairs {
            let byCommand = try await run(command, environment: environment)
            let byEndpoint = try await run(endpoint, environment: environment)
            #expect(byCommand.status == 0 && byEndpoint.status == 0, "\(command): \(byCommand.errors)")
            #expect(byCommand.output == byEndpoint.output && !byCommand.output.isEmpty)
        }
        let define = try await run(["request", "define", "ace"], environment: environment)
        #expect(define.output.contains("curl 'https://od-api.oxforddictionaries.com/api/v2/entries/en-gb/ace'"))
        let frequency = try await run(["request", "frequency", "ace"], environment: environment)
        #expect(frequency.status == 0 && frequency.output.contains("/api/v2/stats/frequency/word/en?corpus=nmc&lemma=ace"), "\(frequency.output)")
        let unknown = try await run(["request", "definition", "ace"], environment: environment)
        #expect(unknown.status == 64 && unknown.errors.contains("define"), "\(unknown.errors)")
    }

    @Test("words --all fetches every page with progress on stderr")
    func wordsAll() async throws {
        let result = try await run(["words", "--domain", "golf", "--limit", "3", "--all"])
        #expect(result.status == 0)
        let words = result.output.split(separator: "\n").map(String.init)
        let total = try #require(result.errors.firstMatch(of: /fetched (\d+) of (\d+) words\n/))
        #expect(Int(total.1) == words.count && Int(total.2) == words.count)
        // In id order: `hole_in_one` sorts by its underscore, printed as `hole in one`.
        let ids = words.map { $0.replacingOccurrences(of: " ", with: "_") }
        #expect(words.count > 3 && ids == ids.sorted() && Set(words).count == words.count)
        #expect(result.errors.contains("fetched 3 of \(words.count) words…"))
    }

    @Test("sandbox serves on the given port until stopped")
    func sandbox() async throws {
        let server = try await oxford.start(["sandbox", "--port", "0", "--open"], readyWhen: /127\.0\.0\.1:(\d+)\/api\/v2.*Ctrl-C/)
        let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(server.announced)/api/v2/entries/en-gb/ace")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"{"id":"ace""#))
        await server.stop()
    }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
