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
    public var filters: [OxfordFilter]?
    /// Whether synonyms are requested (entries).
    public var hasRequestedSynonyms = false
    /// Whether antonyms are requested (entries).
    public var hasRequestAntonyms = false
    /// Whether example sentences are requested (entries).
    public var hasRequestedExampleSentences = false
    /// The base URL; the v1 service by default, or a sandbox.
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
        let filters = try OxfordFilter.combined(self.filters ?? [])
        let filterSegment = filters.map(\.rendered).joined(separator: ";")
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        let language = PercentEncoding.encode(self.language.rawValue)
        switch endpoint {
        case .wordlist:
            return "\(base)/wordlist/\(language)" + (filterSegment.isEmpty ? "" : "/\(filterSegment)")
        case .search:
            return "\(base)/search/\(language)?q=\(PercentEncoding.encode(word))"
        case .utility:
            return "\(base)/\(processedWord)/\(language)"
        case .entries:
            let entry = "\(base)/entries/\(language)/\(processedWord)"
            if hasRequestedSynonyms && hasRequestAntonyms { return entry + "/synonyms;antonyms" }
            if hasRequestedSynonyms { return entry + "/synonyms" }
            if hasRequestAntonyms { return entry + "/antonyms" }
            if hasRequestedExampleSentences { return entry + "/sentences" }
            return entry + (filterSegment.isEmpty ? "" : "/\(filterSegment)")
        default:
            let wordPart = word.isEmpty ? "" : "/\(processedWord)"
            return "\(base)/\(endpoint.rawValue)/\(language)\(wordPart)" + (filterSegment.isEmpty ? "" : "/\(filterSegment)")
        }
    }

    /// The request without validating the filters (the seed's development convenience). Conflicting
    /// scalar filters, which cannot be written, are left out here; the validated form reports them.
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
        let string: String
        do throws(OxfordFilterError) {
            try endpoint.validate(filters ?? [])
            string = try urlString()
        } catch {
            throw .filter(error)
        }
        guard credentials != nil else { throw .missingCredentials }
        return urlRequest(URL(string: string) ?? baseURL)
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
    /// No credentials: set `OXFORD_APP_ID` and `OXFORD_APP_KEY`, or pass ``OxfordCredentials``.
    case missingCredentials

    /// What was wrong.
    public var description: String {
        switch self {
        case .filter(let error): error.description
        case .missingCredentials:
            "no Oxford Dictionaries credentials: set OXFORD_APP_ID and OXFORD_APP_KEY, or pass OxfordCredentials"
        }
    }
}
