import EndpointKit
import Foundation
import OpenAPIRuntime

/// The Oxford Dictionaries API v2 as async methods.
///
/// ```swift
/// let client = OxfordClient(api: .fromEnvironment())
/// let entry = try await client.define("running")   // resolves the inflection to "run"
/// ```
///
/// Methods throw ``OxfordArgumentError`` for arguments the endpoint does not take (before anything
/// is sent) and `EndpointError` for everything that happens after; ``OxfordClient/status(of:)`` and
/// ``OxfordClient/message(of:)`` read the service's status and message from the latter, including
/// the plain-text `Authentication failed` the gateway sends for a 403.
public final class OxfordClient: Sendable {
    /// The request factory: server and credentials.
    public let api: OxfordAPI
    /// The controller that sends the requests.
    public let controller: EndpointController<OxfordServerError>

    /// A client of `api` over `transport`.
    ///
    /// - Parameters:
    ///   - api: The server and the credentials.
    ///   - transport: Any `ClientTransport` that does not follow redirects itself (the controller
    ///     does, and keeps credentials from other hosts); ``URLSessionEndpointTransport`` by default.
    ///   - configuration: The controller's configuration (retries, timeouts, logging, events).
    ///   - rateLimit: A client-side limit that makes requests wait rather than meet the service's
    ///     429 (plans of 60 requests a minute: `RateLimiter.perMinute(60)`). Off by default.
    ///   - cache: A cache of answers, kept apart per credential pair (keys hold a salted digest,
    ///     never the credentials). Off by default: the service's terms allow caching only on
    ///     some plans.
    public init(
        api: OxfordAPI, transport: any ClientTransport = URLSessionEndpointTransport.shared,
        configuration: EndpointController<OxfordServerError>.Configuration = .init(), rateLimit: RateLimiter? = nil,
        cache: ResponseCache? = nil
    ) {
        self.api = api
        var configuration = configuration
        if let rateLimit { configuration.interceptors.insert(rateLimit, at: 0) }
        if let cache { configuration.cache = cache }
        controller = EndpointController(transport: transport, configuration: configuration)
    }

    // MARK: Dictionary data

    /// The entries of a headword.
    public func entries(
        _ word: String, language: OxfordLanguage = .britishEnglish, fields: [OxfordField]? = nil, selection: OxfordSelection = .all,
        strictMatch: Bool? = nil
    ) async throws -> OxfordRetrieveEntry {
        try await controller.load(api.entries(word, language: language, fields: fields, selection: selection, strictMatch: strictMatch))
    }

    /// The entries of a word or an inflected form, by the headwords it belongs to.
    ///
    /// The entries endpoint answers 404 for inflected forms (`pixels`, `running`); this asks for the
    /// entries, and on a 404 asks the lemmas endpoint for the headword and then asks for its entries.
    /// The lemmas dataset of English is `en`; other languages use the same code for both.
    public func define(_ word: String, language: OxfordLanguage = .britishEnglish, fields: [OxfordField]? = nil) async throws
        -> OxfordRetrieveEntry
    {
        do {
            return try await entries(word, language: language, fields: fields)
        } catch let error as EndpointError where error.status == .notFound {
            let lemmaLanguage: OxfordLanguage = [.britishEnglish, .americanEnglish].contains(language) ? .English : language
            guard OxfordLanguage.lemmas.contains(lemmaLanguage) else { throw error }
            let lemmas: OxfordLemmatron
            do {
                lemmas = try await self.lemmas(word, language: lemmaLanguage)
            } catch let lemmaError as EndpointError where lemmaError.status == .notFound {
                throw error
            }
            guard let headword = lemmas.headwords.first(where: { $0 != word }) else { throw error }
            return try await entries(headword, language: language, fields: fields)
        }
    }

    /// Entries through the words endpoint, which resolves inflections itself.
    public func words(_ query: String, language: OxfordLanguage = .britishEnglish, fields: [OxfordField]? = nil, selection: OxfordSelection = .all)
        async throws -> OxfordRetrieveEntry
    {
        try await controller.load(api.words(query, language: language, fields: fields, selection: selection))
    }

    /// The headwords of an inflected form.
    public func lemmas(
        _ word: String, language: OxfordLanguage = .English, grammaticalFeatures: [OxfordGrammaticalFeature] = [],
        lexicalCategories: [OxfordLexicalCategory] = []
    ) async throws -> OxfordLemmatron {
        try await controller.load(
            api.lemmas(word, language: language, grammaticalFeatures: grammaticalFeatures, lexicalCategories: lexicalCategories))
    }

    /// The inflected forms of a headword.
    public func inflections(_ word: String, language: OxfordLanguage = .britishEnglish, strictMatch: Bool? = nil) async throws
        -> OxfordInflections
    {
        try await controller.load(api.inflections(word, language: language, strictMatch: strictMatch))
    }

    /// Synonyms and antonyms.
    public func thesaurus(_ word: String, language: OxfordLanguage = .English, fields: [OxfordField] = [.synonyms, .antonyms], strictMatch: Bool? = nil)
        async throws -> OxfordThesaurus
    {
        try await controller.load(api.thesaurus(word, language: language, fields: fields, strictMatch: strictMatch))
    }

    /// Corpus sentences.
    public func sentences(_ word: String, language: OxfordLanguage = .English, strictMatch: Bool? = nil) async throws -> OxfordSentences {
        try await controller.load(api.sentences(word, language: language, strictMatch: strictMatch))
    }

    /// Bilingual entries.
    public func translations(
        _ word: String, from source: OxfordLanguage = .English, to target: OxfordLanguage, fields: [OxfordField]? = nil,
        selection: OxfordSelection = .all, strictMatch: Bool? = nil
    ) async throws -> OxfordRetrieveEntry {
        try await controller.load(
            api.translations(word, from: source, to: target, fields: fields, selection: selection, strictMatch: strictMatch))
    }

    // MARK: Search

    /// Headwords matching a query.
    public func search(_ query: String, language: OxfordLanguage = .britishEnglish, prefix: Bool? = nil, limit: Int? = nil, offset: Int? = nil)
        async throws -> OxfordWordlist
    {
        try await controller.load(api.search(query, language: language, prefix: prefix, limit: limit, offset: offset))
    }

    // MARK: LexiStats

    /// How often a word occurs.
    public func frequency(
        language: OxfordLanguage = .English, corpus: String = "nmc", wordform: String? = nil, trueCase: String? = nil,
        lemma: String? = nil, lexicalCategory: OxfordLexicalCategory? = nil
    ) async throws -> OxfordWordFrequency {
        try await controller.load(
            api.wordFrequency(
                language: language, corpus: corpus, wordform: wordform, trueCase: trueCase, lemma: lemma, lexicalCategory: lexicalCategory))
    }

    /// How often words occur.
    public func frequencies(
        language: OxfordLanguage = .English, corpus: String = "nmc", lemmas: [String] = [], sort: [OxfordSortKey] = [],
        offset: Int? = nil, limit: Int? = nil
    ) async throws -> OxfordWordFrequencies {
        try await controller.load(api.wordFrequencies(language: language, corpus: corpus, lemmas: lemmas, sort: sort, offset: offset, limit: limit))
    }

    /// Ngram counts.
    public func ngrams(language: OxfordLanguage = .English, corpus: String = "nmc", size: Int, tokens: [String] = [], offset: Int? = nil, limit: Int? = nil)
        async throws -> OxfordNgrams
    {
        try await controller.load(api.ngrams(language: language, corpus: corpus, size: size, tokens: tokens, offset: offset, limit: limit))
    }

    // MARK: Utility

    /// The datasets.
    public func languages(source: OxfordLanguage? = nil, target: OxfordLanguage? = nil) async throws -> OxfordLanguages {
        try await controller.load(api.languages(source: source, target: target))
    }

    /// The domains of a dataset.
    public func domains(_ language: OxfordLanguage, target: OxfordLanguage? = nil) async throws -> OxfordUtilityLabels {
        try await controller.load(api.domains(language, target: target))
    }

    /// The registers of a dataset.
    public func registers(_ language: OxfordLanguage, target: OxfordLanguage? = nil) async throws -> OxfordUtilityLabels {
        try await controller.load(api.registers(language, target: target))
    }

    /// The lexical categories of a dataset.
    public func lexicalCategories(_ language: OxfordLanguage, target: OxfordLanguage? = nil) async throws -> OxfordUtilityLabels {
        try await controller.load(api.lexicalCategories(language, target: target))
    }

    /// The grammatical features of a dataset.
    public func grammaticalFeatures(_ language: OxfordLanguage, target: OxfordLanguage? = nil) async throws -> OxfordUtilityLabels {
        try await controller.load(api.grammaticalFeatures(language, target: target))
    }

    /// The filters of the endpoints.
    public func filters(endpoint: String? = nil) async throws -> OxfordFilterList {
        try await controller.load(api.filters(endpoint: endpoint))
    }

    /// The fields of the endpoints.
    public func fields(endpoint: String? = nil) async throws -> OxfordFilterList {
        try await controller.load(api.fields(endpoint: endpoint))
    }

    // MARK: The original (v1) layout

    /// Sends a request in the original (v1) layout, as the tutorial builds it, and decodes the
    /// answer into `Response` (the models read v1's bodies too: labels may be bare strings).
    ///
    /// ```swift
    /// let request = OxfordAPIRequest(withWord: "ace", withFilters: [.lexicalCategory([.noun])])
    /// let entry = try await client.send(request, as: OxfordRetrieveEntry.self)
    /// ```
    ///
    /// It goes to the client's server (``OxfordAPI/v1BaseURL``) with the client's credentials,
    /// through the same controller as every v2 method: the same retries, rate limit, cache, logging
    /// and redaction. The answer's type follows the request: entries decode into
    /// ``OxfordRetrieveEntry`` (synonyms and antonyms into ``OxfordThesaurus``, sentences into
    /// ``OxfordSentences``), inflections (v1's lemmatron) into ``OxfordLemmatron``, search and the
    /// wordlist into ``OxfordWordlist``, the utility lists into ``OxfordUtilityLabels``; `Data`
    /// gives the body as it came.
    ///
    /// - Throws: ``OxfordRequestError`` before anything is sent (a filter the endpoint does not
    ///   take, an empty word); `EndpointError` after, with the service's message (v1's HTML error
    ///   pages included) as its server error's reason.
    public func send<Response: Decodable & Sendable>(_ request: OxfordAPIRequest, as type: Response.Type = Response.self)
        async throws -> Response
    {
        try await controller.load(api.request(request, as: type))
    }

    // MARK: Errors

    /// The service's status for an error, when the server answered.
    public static func status(of error: EndpointError) -> OxfordStatus? {
        error.status.map { OxfordStatus(code: $0.code) }
    }

    /// The service's message for an error: the JSON `error`, the message of an HTML error page
    /// (v1's `No entry available for 'x' in 'en'`), the plain text the gateway sends
    /// (`Authentication failed`), or else the status's documented meaning.
    public static func message(of error: EndpointError) -> String {
        guard case .unacceptableStatus(let status, let serverError, _) = error.kind else { return error.description }
        if let reason = serverError?.reason, !reason.isEmpty { return reason }
        return OxfordStatus(code: status.code).message
    }
}
