import ArgumentParser
import EndpointKit
import Foundation
import OxfordDictionaries

/// `oxford request ENDPOINT [WORD]`: the request as a cURL command, credentials redacted, not sent.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct RequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Print a request as a cURL command (credentials redacted) without sending it, in the v1 or v2 layout.",
        discussion: """
            Endpoints: \(Endpoint.allCases.map(\.rawValue).joined(separator: ", ")). Command names are taken \
            too: \(Endpoint.commandNames.keys.sorted().joined(separator: ", ")) (`request define ace` is \
            `request entries ace`). `words` is the v2 words endpoint; the `words` command's wordlist is \
            `request wordlist --api v1`.
            """)

    /// An API endpoint, named as the API or as the command that sends it.
    enum Endpoint: String, ExpressibleByArgument, CaseIterable {
        case entries, words, lemmas, inflections, thesaurus, sentences, translations, search, wordlist, languages, domains, registers
        case lexicalCategories = "lexicalcategories", grammaticalFeatures, regions, frequency, ngrams

        /// The commands whose names differ from their endpoint's.
        static let commandNames: [String: Endpoint] = [
            "define": .entries, "translate": .translations, "lexical-categories": .lexicalCategories,
            "grammatical-features": .grammaticalFeatures,
        ]

        /// An endpoint name, or a command name.
        init?(argument: String) {
            guard let endpoint = Endpoint(rawValue: argument) ?? Self.commandNames[argument] else { return nil }
            self = endpoint
        }

        static var allValueStrings: [String] { allCases.map(\.rawValue) + commandNames.keys.sorted() }
    }

    @Argument(help: "The endpoint, or the name of the command that sends it (define, translate, …).")
    var endpoint: Endpoint

    @Argument(help: "The word (or search text).")
    var word: String?

    @Option(help: "The target language of translations.")
    var to: String?

    @OptionGroup var lookup: LookupOptions
    @OptionGroup var service: ServiceOptions

    func validate() throws {
        let needsWord: Set<Endpoint> = [.entries, .words, .lemmas, .inflections, .thesaurus, .sentences, .translations, .search, .frequency, .ngrams]
        if needsWord.contains(endpoint), word == nil { throw ValidationError("\(endpoint.rawValue) needs a word") }
        if endpoint == .regions, service.api == .v2 { throw ValidationError("the regions list exists only in v1: add --api v1") }
        if [.frequency, .ngrams].contains(endpoint), service.api == .v1 {
            throw ValidationError("\(endpoint.rawValue) is printed in the v2 layout only: drop --api v1")
        }
        if endpoint == .translations, to == nil { throw ValidationError("translations needs --to LANG") }
        if endpoint == .wordlist, service.api == .v2 { throw ValidationError("the wordlist exists only in v1: add --api v1") }
        if endpoint == .inflections, service.api == .v1 { throw ValidationError("v2's inflections has no v1 form; v1's lemmatron is `request lemmas --api v1`") }
    }

    func run() async throws {
        let credentials = service.credentials()
        if credentials == nil { Terminal.note("no credentials configured: the request carries no app_id/app_key") }
        let (v2, v1) = service.givenBaseURL().map(Session.versions) ?? (OxfordAPI.production, OxfordAPIRequest.v1BaseURL)
        do {
            let command = try service.api == .v1 ? v1Command(v1, credentials) : v2Command(v2, credentials)
            Terminal(service.color).print(command)
        } catch {
            let failure = CommandFailure(error)
            Terminal.note(failure.description)
            throw ExitCode(failure.exitCode)
        }
    }

    private func v2Command(_ baseURL: URL, _ credentials: OxfordCredentials?) throws -> String {
        let api = OxfordAPI(baseURL: baseURL, credentials: credentials)
        let word = self.word ?? ""
        let selection = lookup.selection
        switch endpoint {
        case .entries:
            return try api.entries(word, language: lookup.monolingual, fields: lookup.fieldList, selection: selection, strictMatch: lookup.strict).curlCommand()
        case .words: return try api.words(word, language: lookup.monolingual, fields: lookup.fieldList, selection: selection).curlCommand()
        case .lemmas:
            return try api.lemmas(word, language: lookup.english, grammaticalFeatures: selection.grammaticalFeatures, lexicalCategories: selection.lexicalCategories).curlCommand()
        case .inflections: return try api.inflections(word, language: lookup.monolingual, strictMatch: lookup.strict).curlCommand()
        case .thesaurus: return try api.thesaurus(word, language: lookup.english, strictMatch: lookup.strict).curlCommand()
        case .sentences: return try api.sentences(word, language: lookup.english, strictMatch: lookup.strict).curlCommand()
        case .translations:
            return try api.translations(word, from: lookup.english, to: OxfordLanguage(to ?? ""), selection: selection, strictMatch: lookup.strict).curlCommand()
        case .search: return try api.search(word, language: lookup.monolingual).curlCommand()
        case .languages: return try api.languages().curlCommand()
        case .domains: return try api.domains(lookup.monolingual).curlCommand()
        case .registers: return try api.registers(lookup.monolingual).curlCommand()
        case .lexicalCategories: return try api.lexicalCategories(lookup.monolingual).curlCommand()
        case .grammaticalFeatures: return try api.grammaticalFeatures(lookup.monolingual).curlCommand()
        case .frequency:
            return try api.wordFrequency(lemma: word, lexicalCategory: selection.lexicalCategories.first).curlCommand()
        case .ngrams:
            let tokens = word.split(separator: " ").map(String.init)
            return try api.ngrams(size: tokens.count, tokens: [tokens.joined(separator: " ")]).curlCommand()
        case .wordlist: throw CommandFailure.usage("the wordlist exists only in v1")
        case .regions: throw CommandFailure.usage("the regions list exists only in v1")
        }
    }

    private func v1Command(_ baseURL: URL, _ credentials: OxfordCredentials?) throws -> String {
        let api = OxfordAPI(baseURL: baseURL, v1BaseURL: baseURL, credentials: credentials)
        if endpoint == .languages {
            return try Session.endpoint(url: baseURL.appendingPathComponent("languages"), headers: credentials?.headerFields ?? [:], as: Data.self).curlCommand()
        }
        return try api.request(try v1Request(), as: Data.self).curlCommand()
    }

    /// The tutorial's request for the endpoint and options.
    private func v1Request() throws -> OxfordAPIRequest {
        let language = OxfordLanguage(lookup.language ?? "en")
        let word = self.word ?? ""
        switch endpoint {
        case .entries, .words: return OxfordAPIRequest(withWord: word, withFilters: lookup.v1Filters, forLanguage: language)
        case .lemmas: return OxfordAPIRequest(withHeadword: word, withFilters: lookup.v1Filters, withQueryLanguage: language)
        case .thesaurus: return OxfordAPIRequest(withWord: word, hasRequestedAntonymsQuery: true, hasRequestedSynonymsQuery: true, forLanguage: language)
        case .sentences: return OxfordAPIRequest(withWord: word, hasRequestedExampleSentencesQuery: true, forLanguage: language)
        case .translations: return OxfordAPIRequest(withWord: word, withFilters: [.translations([OxfordLanguage(to ?? "")])], forLanguage: language)
        case .search: return OxfordAPIRequest(withEndpoint: .search, withQueryWord: word, withFilters: nil, withQueryLanguage: language)
        case .wordlist: return OxfordAPIRequest(withEndpoint: .wordlist, withQueryWord: "", withFilters: lookup.v1Filters, withQueryLanguage: language)
        case .languages, .domains, .registers, .lexicalCategories, .grammaticalFeatures, .regions:
            return OxfordAPIRequest(withEndpoint: .utility, withQueryWord: endpoint.rawValue, withFilters: nil, withQueryLanguage: language)
        case .inflections: throw CommandFailure.usage("v2's inflections has no v1 form")
        case .frequency, .ngrams: throw CommandFailure.usage("\(endpoint.rawValue) is printed in the v2 layout only")
        }
    }
}
