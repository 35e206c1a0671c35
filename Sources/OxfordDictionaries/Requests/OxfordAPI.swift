import EndpointKit
import Foundation

/// Makes the requests of every endpoint of the Oxford Dictionaries API v2, checking each argument
/// against what the endpoint accepts.
///
/// ```swift
/// let api = OxfordAPI(credentials: .fromEnvironment())
/// let request = try api.entries("ace", language: .britishEnglish, fields: [.definitions, .examples])
/// // GET https://od-api.oxforddictionaries.com/api/v2/entries/en-gb/ace?fields=definitions,examples
/// ```
public struct OxfordAPI: Sendable {
    /// The production service.
    public static let production = URL(string: "https://od-api.oxforddictionaries.com/api/v2")!
    /// The vendor's sandbox (trial plans: words starting with "a" only).
    public static let sandbox = URL(string: "https://od-api-sandbox.oxforddictionaries.com/api/v2")!

    /// The server.
    public var baseURL: URL
    /// The server of the original (v1) layout, for ``request(_:as:)``: `…/api/v1` beside a
    /// `…/api/v2` base URL, otherwise the base URL itself (a sandbox serving both under one root).
    public var v1BaseURL: URL
    /// The credentials, sent as `app_id` and `app_key`; `nil` sends none.
    public var credentials: OxfordCredentials? {
        didSet { headerFields = Self.headerFields(credentials) }
    }
    /// The header fields of every request, made once for the credentials rather than per request.
    private var headerFields: [String: String]

    /// Requests for `baseURL` (production by default) with `credentials`; v1 requests go to
    /// `v1BaseURL`, by default the v1 server beside `baseURL`.
    public init(baseURL: URL = OxfordAPI.production, v1BaseURL: URL? = nil, credentials: OxfordCredentials?) {
        self.baseURL = baseURL
        self.v1BaseURL = v1BaseURL ?? Self.v1URL(beside: baseURL)
        self.credentials = credentials
        headerFields = Self.headerFields(credentials)
    }

    /// `…/api/v1` for `…/api/v2`; any other URL unchanged.
    static func v1URL(beside url: URL) -> URL {
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard text.hasSuffix("/api/v2") else { return url }
        return URL(string: String(text.dropLast(2)) + "v1") ?? url
    }

    private static func headerFields(_ credentials: OxfordCredentials?) -> [String: String] {
        var headers = ["Accept": "application/json"]
        if let credentials { headers.merge(credentials.headerFields) { _, new in new } }
        return headers
    }

    /// The base URL from `OXFORD_BASE_URL` (production when unset) and the credentials from
    /// `OXFORD_APP_ID` and `OXFORD_APP_KEY`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> OxfordAPI {
        let baseURL = environment["OXFORD_BASE_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) } ?? production
        return OxfordAPI(baseURL: baseURL, credentials: .fromEnvironment(environment))
    }

    // MARK: Dictionary data

    /// `/entries/{language}/{word}`: the entries of a headword (inflected forms answer 404; see
    /// ``words(_:language:fields:selection:)`` or ``OxfordClient/define(_:language:fields:)``).
    ///
    /// Besides the monolingual datasets it takes plain `en`, which the service answers with its
    /// British English (`en-gb`) data, labelled `en-gb`.
    public func entries(
        _ word: String, language: OxfordLanguage = .britishEnglish, fields: [OxfordField]? = nil,
        selection: OxfordSelection = .all, strictMatch: Bool? = nil
    ) throws(OxfordArgumentError) -> OxfordRequest<OxfordRetrieveEntry> {
        try check(language, in: OxfordLanguage.entries, endpoint: "entries")
        var query = selection.parameters
        try addFields(fields, allowed: OxfordField.entryFields, endpoint: "entries", to: &query)
        if let strictMatch { query["strictMatch"] = strictMatch }
        return request(["entries", language.rawValue, try wordID(word)], query, template: "/entries/{source_lang}/{word_id}")
    }

    /// `/words/{language}?q=`: entries for a headword or an inflected form (`running` gives `run`).
    public func words(
        _ query: String, language: OxfordLanguage = .britishEnglish, fields: [OxfordField]? = nil, selection: OxfordSelection = .all
    ) throws(OxfordArgumentError) -> OxfordRequest<OxfordRetrieveEntry> {
        try check(language, in: OxfordLanguage.monolingual, endpoint: "words")
        var parameters = selection.parameters
        parameters["q"] = try nonEmpty(query, name: "q")
        try addFields(fields, allowed: OxfordField.entryFields, endpoint: "words", to: &parameters)
        return request(["words", language.rawValue], parameters, template: "/words/{source_lang}")
    }

    /// `/lemmas/{language}/{word}`: the headwords an inflected form belongs to (`pixels` gives `pixel`).
    public func lemmas(
        _ word: String, language: OxfordLanguage = .English, grammaticalFeatures: [OxfordGrammaticalFeature] = [],
        lexicalCategories: [OxfordLexicalCategory] = []
    ) throws(OxfordArgumentError) -> OxfordRequest<OxfordLemmatron> {
        try check(language, in: OxfordLanguage.lemmas, endpoint: "lemmas")
        let selection = OxfordSelection(grammaticalFeatures: grammaticalFeatures, lexicalCategories: lexicalCategories)
        return request(["lemmas", language.rawValue, try wordID(word)], selection.parameters, template: "/lemmas/{source_lang}/{word_id}")
    }

    /// `/inflections/{language}/{word}`: the inflected forms of a headword.
    public func inflections(_ word: String, language: OxfordLanguage = .britishEnglish, strictMatch: Bool? = nil)
        throws(OxfordArgumentError) -> OxfordRequest<OxfordInflections>
    {
        try check(language, in: OxfordLanguage.inflections, endpoint: "inflections")
        return request(["inflections", language.rawValue, try wordID(word)], strictMatch.map { ["strictMatch": $0] } ?? [:], template: "/inflections/{source_lang}/{word_id}")
    }

    /// `/translations/{source}/{target}/{word}`: bilingual entries.
    public func translations(
        _ word: String, from source: OxfordLanguage = .English, to target: OxfordLanguage, fields: [OxfordField]? = nil,
        selection: OxfordSelection = .all, strictMatch: Bool? = nil
    ) throws(OxfordArgumentError) -> OxfordRequest<OxfordRetrieveEntry> {
        try check(source, in: OxfordLanguage.bilingualSource, endpoint: "translations")
        try check(target, in: OxfordLanguage.bilingualTarget, endpoint: "translations")
        guard source != target else {
            throw .invalidParameter(name: "target language", reason: "it is the source language \(source); they must differ")
        }
        var query = selection.parameters
        try addFields(fields, allowed: OxfordField.translationFields, endpoint: "translations", to: &query)
        if let strictMatch { query["strictMatch"] = strictMatch }
        return request(["translations", source.rawValue, target.rawValue, try wordID(word)], query, template: "/translations/{source_lang_translate}/{target_lang_translate}/{word_id}")
    }

    /// `/thesaurus/{language}/{word}`: synonyms and antonyms (both by default; not an empty list).
    public func thesaurus(
        _ word: String, language: OxfordLanguage = .English, fields: [OxfordField] = [.synonyms, .antonyms], strictMatch: Bool? = nil
    ) throws(OxfordArgumentError) -> OxfordRequest<OxfordThesaurus> {
        try check(language, in: OxfordLanguage.thesaurus, endpoint: "thesaurus")
        guard !fields.isEmpty else {
            throw .invalidParameter(name: "fields", reason: "it is empty; the thesaurus takes synonyms, antonyms or both")
        }
        var query: [String: any APIParamConvertible] = [:]
        try addFields(fields, allowed: OxfordField.thesaurusFields, endpoint: "thesaurus", to: &query)
        if let strictMatch { query["strictMatch"] = strictMatch }
        return request(["thesaurus", language.rawValue, try wordID(word)], query, template: "/thesaurus/{source_lang}/{word_id}")
    }

    /// `/sentences/{language}/{word}`: corpus sentences.
    public func sentences(_ word: String, language: OxfordLanguage = .English, strictMatch: Bool? = nil)
        throws(OxfordArgumentError) -> OxfordRequest<OxfordSentences>
    {
        try check(language, in: OxfordLanguage.sentences, endpoint: "sentences")
        return request(["sentences", language.rawValue, try wordID(word)], strictMatch.map { ["strictMatch": $0] } ?? [:], template: "/sentences/{source_lang}/{word_id}")
    }

    // MARK: Search

    /// `/search/{language}?q=`: headwords matching a query.
    public func search(_ query: String, language: OxfordLanguage = .britishEnglish, prefix: Bool? = nil, limit: Int? = nil, offset: Int? = nil)
        throws(OxfordArgumentError) -> OxfordRequest<OxfordWordlist>
    {
        try check(language, in: OxfordLanguage.monolingual, endpoint: "search")
        return request(["search", language.rawValue], try searchParameters(query, prefix: prefix, limit: limit, offset: offset), template: "/search/{source_lang}")
    }

    /// `/search/thesaurus/{language}?q=`: thesaurus headwords matching a query.
    public func searchThesaurus(_ query: String, language: OxfordLanguage = .English, prefix: Bool? = nil, limit: Int? = nil, offset: Int? = nil)
        throws(OxfordArgumentError) -> OxfordRequest<OxfordWordlist>
    {
        try check(language, in: OxfordLanguage.thesaurus, endpoint: "search/thesaurus")
        return request(["search", "thesaurus", language.rawValue], try searchParameters(query, prefix: prefix, limit: limit, offset: offset), template: "/search/thesaurus/{source_lang}")
    }

    /// `/search/translations/{source}/{target}?q=`: bilingual headwords matching a query.
    public func searchTranslations(
        _ query: String, from source: OxfordLanguage = .English, to target: OxfordLanguage, prefix: Bool? = nil, limit: Int? = nil,
        offset: Int? = nil
    ) throws(OxfordArgumentError) -> OxfordRequest<OxfordWordlist> {
        try check(source, in: OxfordLanguage.bilingualSource, endpoint: "search/translations")
        try check(target, in: OxfordLanguage.bilingualTarget, endpoint: "search/translations")
        guard source != target else {
            throw .invalidParameter(name: "target language", reason: "it is the source language \(source); they must differ")
        }
        return request(
            ["search", "translations", source.rawValue, target.rawValue], try searchParameters(query, prefix: prefix, limit: limit, offset: offset), template: "/search/translations/{source_lang_search}/{target_lang_search}")
    }

    // MARK: Utility

    /// `/languages`: the datasets, optionally of one source or target language.
    public func languages(source: OxfordLanguage? = nil, target: OxfordLanguage? = nil) -> OxfordRequest<OxfordLanguages> {
        var query: [String: any APIParamConvertible] = [:]
        if let source { query["sourceLanguage"] = source }
        if let target { query["targetLanguage"] = target }
        return request(["languages"], query, template: "/languages")
    }

    /// `/filters` or `/filters/{endpoint}` (`entries`, `lemmas`).
    public func filters(endpoint: String? = nil) throws(OxfordArgumentError) -> OxfordRequest<OxfordFilterList> {
        if let endpoint, !["entries", "lemmas"].contains(endpoint) {
            throw .invalidParameter(name: "endpoint", reason: "\(endpoint) has no filter list; entries and lemmas do")
        }
        return request(["filters"] + (endpoint.map { [$0] } ?? []), [:], template: endpoint == nil ? "/filters" : "/filters/{endpoint}")
    }

    /// `/fields` or `/fields/{endpoint}` (`entries`, `thesaurus`).
    public func fields(endpoint: String? = nil) throws(OxfordArgumentError) -> OxfordRequest<OxfordFilterList> {
        if let endpoint, !["entries", "thesaurus"].contains(endpoint) {
            throw .invalidParameter(name: "endpoint", reason: "\(endpoint) has no field list; entries and thesaurus do")
        }
        return request(["fields"] + (endpoint.map { [$0] } ?? []), [:], template: endpoint == nil ? "/fields" : "/fields/{endpoint}")
    }

    /// `/domains/{language}` or `/domains/{source}/{target}`.
    public func domains(_ language: OxfordLanguage, target: OxfordLanguage? = nil) throws(OxfordArgumentError) -> OxfordRequest<OxfordUtilityLabels> {
        try labels("domains", language, target)
    }

    /// `/registers/{language}` or `/registers/{source}/{target}`.
    public func registers(_ language: OxfordLanguage, target: OxfordLanguage? = nil) throws(OxfordArgumentError) -> OxfordRequest<OxfordUtilityLabels> {
        try labels("registers", language, target)
    }

    /// `/lexicalCategories/{language}` or `/lexicalCategories/{source}/{target}`.
    public func lexicalCategories(_ language: OxfordLanguage, target: OxfordLanguage? = nil) throws(OxfordArgumentError)
        -> OxfordRequest<OxfordUtilityLabels>
    {
        try labels("lexicalCategories", language, target)
    }

    /// `/grammaticalFeatures/{language}` or `/grammaticalFeatures/{source}/{target}` (two levels: type, then id).
    public func grammaticalFeatures(_ language: OxfordLanguage, target: OxfordLanguage? = nil) throws(OxfordArgumentError)
        -> OxfordRequest<OxfordUtilityLabels>
    {
        try labels("grammaticalFeatures", language, target)
    }

    // MARK: LexiStats

    /// `/stats/frequency/word/{language}`: how often a word occurs in a corpus (`nmc`, the New
    /// Monitor Corpus, by default). At least one of `wordform`, `trueCase`, `lemma` and
    /// `lexicalCategory` is required. (The v2 service's support is unconfirmed; see the spec, §2.4.)
    public func wordFrequency(
        language: OxfordLanguage = .English, corpus: String = "nmc", wordform: String? = nil, trueCase: String? = nil,
        lemma: String? = nil, lexicalCategory: OxfordLexicalCategory? = nil
    ) throws(OxfordArgumentError) -> OxfordRequest<OxfordWordFrequency> {
        var query: [String: any APIParamConvertible] = ["corpus": corpus]
        if let wordform { query["wordform"] = wordform }
        if let trueCase { query["trueCase"] = trueCase }
        if let lemma { query["lemma"] = lemma }
        if let lexicalCategory { query["lexicalCategory"] = lexicalCategory }
        guard query.count > 1 else {
            throw .invalidParameter(name: "word", reason: "none given; give a wordform, trueCase, lemma or lexicalCategory")
        }
        return request(["stats", "frequency", "word", language.rawValue], query, template: "/stats/frequency/word/{source_lang}")
    }

    /// `/stats/frequency/words/{language}`: frequencies of many words, sorted, paged by `offset` and `limit`.
    public func wordFrequencies(
        language: OxfordLanguage = .English, corpus: String = "nmc", wordforms: [String] = [], trueCases: [String] = [],
        lemmas: [String] = [], lexicalCategories: [OxfordLexicalCategory] = [], sort: [OxfordSortKey] = [],
        collate: [OxfordStatsField] = [], minFrequency: Int? = nil, maxFrequency: Int? = nil, offset: Int? = nil, limit: Int? = nil
    ) throws(OxfordArgumentError) -> OxfordRequest<OxfordWordFrequencies> {
        var query: [String: any APIParamConvertible] = ["corpus": corpus]
        if !wordforms.isEmpty { query["wordforms"] = wordforms }
        if !trueCases.isEmpty { query["trueCases"] = trueCases }
        if !lemmas.isEmpty { query["lemmas"] = lemmas }
        if !lexicalCategories.isEmpty { query["lexicalCategories"] = lexicalCategories }
        if !sort.isEmpty { query["sort"] = sort.map(\.rendered) }
        if !collate.isEmpty { query["collate"] = collate.map(\.rawValue) }
        if let minFrequency { query["minFrequency"] = try nonNegative(minFrequency, name: "minFrequency") }
        if let maxFrequency { query["maxFrequency"] = try nonNegative(maxFrequency, name: "maxFrequency") }
        if let offset { query["offset"] = try nonNegative(offset, name: "offset") }
        if let limit { query["limit"] = try positive(limit, name: "limit") }
        return request(["stats", "frequency", "words", language.rawValue], query, template: "/stats/frequency/words/{source_lang}")
    }

    /// `/stats/frequency/ngrams/{language}/{corpus}/{size}`: ngram counts (size 1 to 4). The v1 swagger
    /// wrote these paths with a trailing slash; EndpointKit paths end without one.
    public func ngrams(
        language: OxfordLanguage = .English, corpus: String = "nmc", size: Int, tokens: [String] = [], contains: [String] = [],
        punctuation: Bool? = nil, singleStrings: Bool? = nil, minFrequency: Int? = nil, maxFrequency: Int? = nil,
        offset: Int? = nil, limit: Int? = nil
    ) throws(OxfordArgumentError) -> OxfordRequest<OxfordNgrams> {
        guard (1...4).contains(size) else { throw .invalidParameter(name: "ngram size", reason: "\(size) is not 1, 2, 3 or 4") }
        var query: [String: any APIParamConvertible] = [:]
        if !tokens.isEmpty { query["tokens"] = tokens }
        if !contains.isEmpty { query["contains"] = contains }
        if let punctuation { query["punctuation"] = punctuation }
        if let singleStrings { query["format"] = singleStrings ? "google" : "oup" }
        if let minFrequency { query["minFrequency"] = try nonNegative(minFrequency, name: "minFrequency") }
        if let maxFrequency { query["maxFrequency"] = try nonNegative(maxFrequency, name: "maxFrequency") }
        if let offset { query["offset"] = try nonNegative(offset, name: "offset") }
        if let limit { query["limit"] = try positive(limit, name: "limit") }
        return request(["stats", "frequency", "ngrams", language.rawValue, corpus, String(size)], query, template: "/stats/frequency/ngrams/{source_lang}/{corpus}/{ngram-size}")
    }

    // MARK: The original (v1) layout

    /// A request in the original (v1) layout, for ``v1BaseURL`` with these credentials, decoding
    /// into `Response`: the path (filters included) exactly as ``OxfordAPIRequest/urlString()``
    /// writes it, so it can be sent, logged and printed like any v2 request.
    ///
    /// The request's own `baseURL` and `credentials` are not used: they are for
    /// ``OxfordAPIRequest/generateURLRequest()``; a client sends to its own server.
    ///
    /// - Throws: ``OxfordRequestError`` for filters the endpoint does not take or that conflict, an
    ///   empty word, or paging outside the wordlist.
    public func request<Response: Decodable & Sendable>(_ v1: OxfordAPIRequest, as type: Response.Type = Response.self)
        throws(OxfordRequestError) -> OxfordRequest<Response>
    {
        try v1.validate()
        let target: (path: String, query: [(name: String, value: String)])
        do throws(OxfordFilterError) { target = try v1.target() } catch { throw .filter(error) }
        var base = v1BaseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        // Every part of the path is percent-encoded, so it always parses.
        let url = URL(string: base + target.path) ?? v1BaseURL
        var query: [String: any APIParamConvertible] = [:]
        for item in target.query { query[item.name] = item.value }
        return OxfordRequest(
            baseURL: url, path: EndpointPath(segments: []), queryParameters: query.isEmpty ? nil : query, headerFields: headerFields,
            templateBelowServer: v1.pathTemplate, templateServer: v1BaseURL)
    }

    // MARK: - Building

    /// A request for the path `segments` below the server, whose template (for span names) is
    /// `template`: the segments with the language, word and other values in braces.
    private func request<Response>(_ segments: [String], _ query: [String: any APIParamConvertible], template: String) -> OxfordRequest<Response> {
        OxfordRequest(
            baseURL: baseURL, path: EndpointPath(segments: segments), queryParameters: query.isEmpty ? nil : query, headerFields: headerFields,
            templateBelowServer: template)
    }

    private func labels(_ list: String, _ language: OxfordLanguage, _ target: OxfordLanguage?) throws(OxfordArgumentError)
        -> OxfordRequest<OxfordUtilityLabels>
    {
        guard let target else {
            try check(language, in: OxfordLanguage.monolingual, endpoint: list)
            return request([list, language.rawValue], [:], template: "/\(list)/{source_lang}")
        }
        try check(language, in: OxfordLanguage.bilingualSource, endpoint: list)
        try check(target, in: OxfordLanguage.bilingualTarget, endpoint: list)
        guard language != target else {
            throw .invalidParameter(name: "target language", reason: "it is the source language \(language); they must differ")
        }
        return request([list, language.rawValue, target.rawValue], [:], template: "/\(list)/{source_lang}/{target_lang}")
    }

    private func check(_ language: OxfordLanguage, in allowed: [OxfordLanguage], endpoint: String) throws(OxfordArgumentError) {
        guard allowed.contains(language) else {
            throw .unsupportedLanguage(language.rawValue, endpoint: endpoint, allowed: allowed.map(\.rawValue))
        }
    }

    private func addFields(
        _ fields: [OxfordField]?, allowed: [OxfordField], endpoint: String, to query: inout [String: any APIParamConvertible]
    ) throws(OxfordArgumentError) {
        guard let fields else { return }
        for field in fields where !allowed.contains(field) {
            throw .unsupportedField(field.rawValue, endpoint: endpoint, allowed: allowed.map(\.rawValue))
        }
        // An empty list asks for the minimum payload: `fields=` is sent.
        query["fields"] = fields.isEmpty ? "" : fields.map(\.rawValue)
    }

    /// The word id as the API spells it: spaces become underscores; longer than 128 characters is refused.
    private func wordID(_ word: String) throws(OxfordArgumentError) -> String {
        var id = try nonEmpty(word, name: "word")
        // Spaces become underscores, character by character, as Foundation's
        // replacingOccurrences(of:with:) did at 11 % of the cost of a whole request (a space that
        // carries a combining mark is another character and stays).
        if id.utf8.contains(UInt8(ascii: " ")) { id = String(id.map { $0 == " " ? "_" : $0 }) }
        guard id.count <= 128 else {
            throw .invalidParameter(name: "word", reason: "it has \(id.count) characters; the API takes at most 128")
        }
        return id
    }

    private func nonEmpty(_ value: String, name: String) throws(OxfordArgumentError) -> String {
        guard !Self.isBlank(value) else { throw .invalidParameter(name: name, reason: "it is empty") }
        return value
    }

    /// Whether `value` holds only `CharacterSet.whitespaces` (space, tab and the other Zs
    /// separators), checked without trimming a copy.
    static func isBlank(_ value: String) -> Bool {
        for scalar in value.unicodeScalars where scalar != " " && scalar != "\t" {
            if scalar.isASCII || !CharacterSet.whitespaces.contains(scalar) { return false }
        }
        return true
    }

    private func searchParameters(_ query: String, prefix: Bool?, limit: Int?, offset: Int?) throws(OxfordArgumentError)
        -> [String: any APIParamConvertible]
    {
        var parameters: [String: any APIParamConvertible] = ["q": try nonEmpty(query, name: "q")]
        if let prefix { parameters["prefix"] = prefix }
        if let limit {
            guard (1...5000).contains(limit) else { throw .invalidParameter(name: "limit", reason: "\(limit) is not between 1 and 5000") }
            parameters["limit"] = limit
        }
        if let offset { parameters["offset"] = try nonNegative(offset, name: "offset") }
        if (limit ?? 0) + (offset ?? 0) > 10_000 {
            throw .invalidParameter(name: "offset", reason: "offset and limit add up to more than 10000")
        }
        return parameters
    }

    private func nonNegative(_ value: Int, name: String) throws(OxfordArgumentError) -> Int {
        guard value >= 0 else { throw .invalidParameter(name: name, reason: "\(value) is negative") }
        return value
    }

    private func positive(_ value: Int, name: String) throws(OxfordArgumentError) -> Int {
        guard value > 0 else { throw .invalidParameter(name: name, reason: "\(value) is not positive") }
        return value
    }
}
