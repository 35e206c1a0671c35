import EndpointKit
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request in the original (v1) URL layout, exactly as the seed's `OxfordAPIRequest` built it,
/// for people who follow the original tutorial.
///
/// ```swift
/// let request = OxfordAPIRequest(withWord: "ace", withFilters: [.lexicalCategory([.noun])])
/// let urlRequest = try request.generateValidatedURLRequest()
/// // GET https://od-api.oxforddictionaries.com/api/v1/entries/en/ace/lexicalCategory=noun
/// ```
///
/// ``OxfordClient/send(_:as:)`` sends it through a client; ``OxfordAPI/request(_:as:)`` makes it an
/// ``OxfordRequest`` for any controller. The initializers also take the tutorial's string-valued
/// filters (``OxfordEndpoint/OxfordAPIFilter``).
///
/// Where this differs from the seed, on purpose:
/// - Credentials are not constants in source: they come from ``credentials`` (by default
///   `OXFORD_APP_ID` and `OXFORD_APP_KEY` from the environment).
/// - The initializers use the language they are given (the seed's entries initializers always used English).
/// - Word normalisation lowercases, turns spaces into underscores, *then* percent-encodes the word as
///   one path segment (the seed encoded first, so its spaces became `%20`, never `_`).
/// - Endpoints other than entries and the wordlist get a URL without filters too (the seed returned
///   an empty string, and crashed); search sends the word as `?q=`; the utility endpoint reads the
///   word as the list's name (`domains` gives `/domains/en`).
/// - Repeated filters of one kind are combined (see ``OxfordFilter/combined(_:)``).
/// - ``generateValidatedURLRequest()`` throws typed errors naming the filter, the endpoint and what it
///   allows, or the missing credentials.
public struct OxfordAPIRequest: Sendable {
    /// The v1 base URL.
    public static let v1BaseURL = URL(string: "https://od-api.oxforddictionaries.com/api/v1")!

    /// The endpoint.
    public var endpoint: OxfordEndpoint
    /// The word (empty for the wordlist).
    public var word: String
    /// The language.
    public var language: OxfordLanguage
    /// The filters, if any.
    public var filters: [OxfordFilter]? {
        didSet { unconvertibleFilter = nil }
    }
    /// Why a tutorial filter given to an initializer could not become an ``OxfordFilter`` (a
    /// `collate` or `sort` naming no LexiStats field); validation throws it. Cleared when
    /// ``filters`` is set.
    var unconvertibleFilter: OxfordFilterError?
    /// Whether synonyms are requested (entries).
    public var hasRequestedSynonyms = false
    /// Whether antonyms are requested (entries).
    public var hasRequestAntonyms = false
    /// Whether example sentences are requested (entries).
    public var hasRequestedExampleSentences = false
    /// Wordlist only: the number of words of a page, sent as `?limit=`.
    public var limit: Int?
    /// Wordlist only: the first word of a page (0-based), sent as `?offset=`.
    public var offset: Int?
    /// The base URL; the v1 service by default, or a sandbox. ``OxfordClient`` sends to its own
    /// server instead (``OxfordAPI/v1BaseURL``).
    public var baseURL: URL = OxfordAPIRequest.v1BaseURL
    /// The credentials sent as `app_id` and `app_key`; from the environment by default.
    public var credentials: OxfordCredentials? = .fromEnvironment()

    /// Example sentences for a word (entries endpoint).
    public init(withWord queryWord: String, hasRequestedExampleSentencesQuery: Bool, forLanguage queryLanguage: OxfordLanguage = .English) {
        endpoint = .entries
        word = queryWord
        language = queryLanguage
        hasRequestedExampleSentences = hasRequestedExampleSentencesQuery
    }

    /// Synonyms, antonyms or both for a word (entries endpoint).
    public init(
        withWord queryWord: String, hasRequestedAntonymsQuery: Bool, hasRequestedSynonymsQuery: Bool,
        forLanguage queryLanguage: OxfordLanguage = .English
    ) {
        endpoint = .entries
        word = queryWord
        language = queryLanguage
        hasRequestedSynonyms = hasRequestedSynonymsQuery
        hasRequestAntonyms = hasRequestedAntonymsQuery
    }

    /// The entry of a word, with optional filters (entries endpoint).
    public init(withWord queryWord: String, withFilters filters: [OxfordFilter]?, forLanguage queryLanguage: OxfordLanguage = .English) {
        endpoint = .entries
        word = queryWord
        language = queryLanguage
        self.filters = filters
    }

    /// The inflections of a headword, with optional filters (inflections endpoint).
    public init(withHeadword headWord: String, withFilters queryFilters: [OxfordFilter]?, withQueryLanguage queryLanguage: OxfordLanguage = .English) {
        endpoint = .inflections
        word = headWord
        language = queryLanguage
        filters = queryFilters
    }

    /// Any endpoint, word and filters.
    public init(
        withEndpoint queryEndpoint: OxfordEndpoint, withQueryWord queryWord: String, withFilters queryFilters: [OxfordFilter]?,
        withQueryLanguage queryLanguage: OxfordLanguage = .English
    ) {
        endpoint = queryEndpoint
        word = queryWord
        language = queryLanguage
        filters = queryFilters
    }

    /// The seed's placeholder request: the English entry of "love".
    public init() {
        endpoint = .entries
        word = "love"
        language = .English
    }

    /// A wordlist with filter groups (wordlist endpoint).
    public init(
        withDomainFilters domainFilters: [OxfordFilter], withRegionFilters regionFilters: [OxfordFilter],
        withRegisterFilters registerFilters: [OxfordFilter], withTranslationsFilters translationsFilters: [OxfordFilter],
        withLexicalCategoryFilters lexicalCategoryFilters: [OxfordFilter], withQueryLanguage queryLanguage: OxfordLanguage = .English
    ) {
        endpoint = .wordlist
        word = ""
        language = queryLanguage
        filters = domainFilters + regionFilters + registerFilters + translationsFilters + lexicalCategoryFilters
    }

    /// The word as sent: lowercased, spaces as underscores, percent-encoded as one path segment.
    public var processedWord: String {
        PercentEncoding.encode(word.lowercased().replacingOccurrences(of: " ", with: "_"))
    }

    /// The URL string, built as the seed's `getURLString()` did (with the fixes listed above).
    public func urlString() throws(OxfordFilterError) -> String {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        let target = try self.target()
        guard !target.query.isEmpty else { return base + target.path }
        return base + target.path + "?" + target.query.map { "\($0.name)=\(PercentEncoding.encode($0.value))" }.joined(separator: "&")
    }

    /// The path below the base URL (filters included, as v1 wrote them) and the query, in order.
    func target() throws(OxfordFilterError) -> (path: String, query: [(name: String, value: String)]) {
        if let unconvertibleFilter { throw unconvertibleFilter }
        let filters = try OxfordFilter.combined(self.filters ?? [])
        let filterSegment = filters.isEmpty ? "" : "/" + filters.map(\.rendered).joined(separator: ";")
        let language = PercentEncoding.encode(self.language.rawValue)
        switch endpoint {
        case .wordlist:
            return ("/wordlist/\(language)" + filterSegment, pageQuery)
        case .search:
            return ("/search/\(language)", [("q", word)])
        case .utility:
            return ("/\(processedWord)/\(language)", [])
        case .entries:
            let entry = "/entries/\(language)/\(processedWord)"
            if hasRequestedSynonyms && hasRequestAntonyms { return (entry + "/synonyms;antonyms", []) }
            if hasRequestedSynonyms { return (entry + "/synonyms", []) }
            if hasRequestAntonyms { return (entry + "/antonyms", []) }
            if hasRequestedExampleSentences { return (entry + "/sentences", []) }
            return (entry + filterSegment, [])
        default:
            let wordPart = word.isEmpty ? "" : "/\(processedWord)"
            return ("/\(endpoint.rawValue)/\(language)\(wordPart)" + filterSegment, [])
        }
    }

    /// `limit` and `offset`, when set.
    private var pageQuery: [(name: String, value: String)] {
        var query: [(name: String, value: String)] = []
        if let limit { query.append(("limit", String(limit))) }
        if let offset { query.append(("offset", String(offset))) }
        return query
    }

    /// The request without validating the filters (the seed's development convenience). What cannot
    /// be written is left out here, and the validated form reports it: conflicting scalar filters,
    /// and tutorial `collate` or `sort` filters naming no LexiStats field.
    public func generateURLRequest() -> URLRequest {
        let string = (try? urlString()) ?? unvalidatedURLString()
        // Every part of the string is percent-encoded, so it always parses.
        return urlRequest(URL(string: string) ?? baseURL)
    }

    /// The request after checking that the endpoint allows every filter and that credentials are set.
    ///
    /// - Throws: ``OxfordRequestError``: a filter not allowed here (naming the filter, the endpoint
    ///   and the filters it allows), conflicting filter values, or missing credentials.
    public func generateValidatedURLRequest() throws(OxfordRequestError) -> URLRequest {
        try validate()
        guard credentials != nil else { throw .missingCredentials }
        let string: String
        do throws(OxfordFilterError) { string = try urlString() } catch { throw .filter(error) }
        return urlRequest(URL(string: string) ?? baseURL)
    }

    /// Throws unless the endpoint allows every filter, the filters agree, and the word and the
    /// paging suit the endpoint.
    ///
    /// - Throws: ``OxfordRequestError/filter(_:)`` or ``OxfordRequestError/argument(_:)``.
    public func validate() throws(OxfordRequestError) {
        do throws(OxfordFilterError) {
            if let unconvertibleFilter { throw unconvertibleFilter }
            try endpoint.validate(filters ?? [])
            _ = try OxfordFilter.combined(filters ?? [])
        } catch {
            throw .filter(error)
        }
        do throws(OxfordArgumentError) { try checkArguments() } catch { throw .argument(error) }
    }

    /// The word is required by the endpoints that look one up; paging is the wordlist's alone.
    private func checkArguments() throws(OxfordArgumentError) {
        let needsWord: Set<OxfordEndpoint> = [.entries, .inflections, .search, .translations, .utility]
        if needsWord.contains(endpoint), OxfordAPI.isBlank(word) {
            throw .invalidParameter(name: "word", reason: "it is empty; the \(endpoint.name) endpoint needs one")
        }
        if endpoint != .wordlist, limit != nil || offset != nil {
            throw .invalidParameter(name: limit != nil ? "limit" : "offset", reason: "only the wordlist endpoint pages")
        }
        if let limit, limit < 1 { throw .invalidParameter(name: "limit", reason: "it is \(limit); it must be at least 1") }
        if let offset, offset < 0 { throw .invalidParameter(name: "offset", reason: "it is \(offset); it must not be negative") }
    }

    private func unvalidatedURLString() -> String {
        var copy = self
        copy.filters = copy.filters.map { filters in
            var seen = Set<OxfordFilter.Kind>()
            return filters.filter { !$0.kind.isScalar || seen.insert($0.kind).inserted }
        }
        return (try? copy.urlString()) ?? baseURL.absoluteString
    }

    private func urlRequest(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.addValue("application/json", forHTTPHeaderField: "Accept")
        if let credentials {
            request.addValue(credentials.appID, forHTTPHeaderField: "app_id")
            request.addValue(credentials.appKey, forHTTPHeaderField: "app_key")
        }
        return request
    }
}

/// Why an Oxford request cannot be made.
public enum OxfordRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A filter problem.
    case filter(OxfordFilterError)
    /// A word or paging value the endpoint does not take.
    case argument(OxfordArgumentError)
    /// No credentials: set `OXFORD_APP_ID` and `OXFORD_APP_KEY`, or pass ``OxfordCredentials``.
    case missingCredentials

    /// What was wrong.
    public var description: String {
        switch self {
        case .filter(let error): error.description
        case .argument(let error): error.description
        case .missingCredentials:
            "no Oxford Dictionaries credentials: set OXFORD_APP_ID and OXFORD_APP_KEY, or pass OxfordCredentials"
        }
    }
}
