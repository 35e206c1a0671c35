import Foundation
import HTTPTypes
import OxfordDictionaries

extension OxfordSandbox {
    /// What a search looks through.
    enum SearchKind: Sendable {
        /// Dictionary headwords (`/search/{language}`).
        case dictionary
        /// Headwords with synonyms or antonyms (`/search/thesaurus/en`).
        case thesaurus
        /// Headwords with translations into the target (`/search/translations/{source}/{target}`).
        case translations
    }

    /// The search endpoints: headwords matching `q` exactly, through an inflected form, or (without
    /// `prefix`) containing it; with `prefix=true`, headwords starting with it. Results are ordered
    /// by match, then by score: the word's Zipf frequency (wordfreq). `limit` (1–5000, default 5000)
    /// and `offset` page them; their sum may not exceed 10000. v2 metadata numbers are strings, v1's
    /// integers, as the services sent them.
    func search(_ request: SandboxRequest, kind: SearchKind, source: String, target: String?, version: APIVersion) throws(SandboxFailure)
        -> SandboxResponse
    {
        let endpoint = kind == .dictionary ? "search" : kind == .thesaurus ? "search/thesaurus" : "search/translations"
        switch kind {
        case .dictionary:
            try checkLanguage(source, in: version == .v2 ? Self.codes(OxfordLanguage.monolingual) : Self.v1EntryLanguages, endpoint: endpoint)
        case .thesaurus: try checkLanguage(source, in: Self.codes(OxfordLanguage.thesaurus), endpoint: endpoint)
        case .translations:
            try checkLanguage(source, in: Self.codes(OxfordLanguage.bilingualSource), endpoint: endpoint)
            try checkLanguage(target ?? "", in: translationTargets, endpoint: endpoint, role: "Target")
            guard source != target else { throw .badRequest("source_lang and target_lang can not be same") }
        }
        try request.allowOnly(version == .v2 ? ["q", "prefix", "limit", "offset"] : ["q", "prefix", "regions", "limit", "offset"], endpoint: endpoint)
        guard let query = try request.single("q"), !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .badRequest("The parameter 'q' is required: the text to search for")
        }
        let prefix = try request.bool("prefix") ?? false
        let limit = try request.int("limit", in: 1...5000) ?? 5000
        let offset = try request.int("offset", in: 0...10_000) ?? 0
        guard limit + offset <= 10_000 else { throw .badRequest("offset and limit exceeded 10000 together (\(offset) + \(limit))") }
        if version == .v1, let regions = request.list("regions") {
            for region in regions where region != "gb" && region != "us" {
                throw .badRequest("Unknown value '\(region)' for 'regions': use gb or us")
            }
        }
        let searchable = ["en", "en-gb", "en-us"].contains(source)
        let matches = searchable ? try searchMatches(JSON.id(ofText: query.lowercased()), prefix: prefix) { summary in
            switch kind {
            case .dictionary: true
            case .thesaurus: summary.hasSynonyms || summary.hasAntonyms
            case .translations: summary.hasTranslations(into: target ?? "")
            }
        } : []
        guard !matches.isEmpty else {
            throw version == .v2 ? .notFound("No entry was found matching the selection parameters") : .v1NotFound(query, source)
        }
        let page = matches.dropFirst(offset).prefix(limit)
        let results: [JSON] = page.map { match in
            .object([
                "id": .string(JSON.encodedID(match.id)), "word": .string(JSON.text(ofID: match.id)), "label": .string(JSON.text(ofID: match.id)),
                "matchString": .string(query), "matchType": .string(match.type),
                "region": kind == .dictionary && source != "en" ? .string(source == "en-us" ? "us" : "gb") : nil,
                "score": .double((match.score * 10_000).rounded() / 10_000),
                "inflection_id": version == .v1 ? match.inflection.map(JSON.string) : nil,
            ])
        }
        func number(_ value: Int) -> JSON { version == .v2 ? .string(String(value)) : .int(value) }
        let metadata = JSON.object([
            "limit": number(limit), "offset": number(offset), "total": number(matches.count),
            "operation": version == .v2 ? .string("search") : nil, "provider": .string(APIVersion.provider),
            "schema": version == .v2 ? .string("WordList") : nil,
            "sourceLanguage": .string(source), "targetLanguage": target.map(JSON.string),
        ])
        return .json(.object(["metadata": metadata, "results": .array(results)]))
    }

    struct SearchMatch {
        var id: String
        var type: String
        var score: Double
        var inflection: String?
    }

    /// The matches of `query` (a lowercase id) among the headwords `include` admits, by what the
    /// key index says of them (no record is read).
    private func searchMatches(_ query: String, prefix: Bool, include: (HeadwordSummary) -> Bool) throws(SandboxFailure) -> [SearchMatch] {
        let keys = lexicon.headwords
        var seen = Set<String>()
        var exact: [SearchMatch] = []
        var others: [SearchMatch] = []
        func add(_ id: String, _ type: String, inflection: String? = nil, into list: inout [SearchMatch]) {
            guard let summary = lexicon.summary(of: id), include(summary), seen.insert(id).inserted else { return }
            list.append(SearchMatch(id: id, type: type, score: Self.zipf(summary.frequency), inflection: inflection))
        }
        add(query, "headword", into: &exact)
        for lemma in try lemmaLinks(of: query) { add(lemma.headword, "inflection", inflection: query, into: &exact) }
        if prefix {
            var index = keys.lowerBound(query)
            while index < keys.count, keys.key(at: index, hasPrefix: query) {
                add(keys.key(at: index), "headword", into: &others)
                index += 1
            }
            // With prefix=true only words starting with q count: drop an inflection match that does not.
            exact.removeAll { !$0.id.hasPrefix(query) }
        } else if query.count >= 3 {
            for index in keys.indices(containing: query) { add(keys.key(at: index), "fuzzy", into: &others) }
        }
        others.sort { ($0.score, $1.id) > ($1.score, $0.id) }
        return exact + others + (prefix || !exact.isEmpty ? [] : nearSpellings(of: query, add: add))
    }

    /// When nothing matches exactly: the headwords one edit away (two for words of six letters or
    /// more), nearest first, then most frequent first (`recieve` → `receive`).
    private func nearSpellings(
        of query: String, add: (String, String, String?, inout [SearchMatch]) -> Void
    ) -> [SearchMatch] {
        guard query.count >= 3 else { return [] }
        let keys = lexicon.headwords
        var near: [(match: SearchMatch, distance: Int)] = []
        for candidate in keys.indices(nearSpelling: query, maxDistance: query.count >= 6 ? 2 : 1) {
            var added: [SearchMatch] = []
            add(keys.key(at: candidate.index), "fuzzy", nil, &added)
            if let match = added.first { near.append((match, candidate.distance)) }
        }
        near.sort { ($0.distance, -$0.match.score, $0.match.id) < ($1.distance, -$1.match.score, $1.match.id) }
        return near.map(\.match)
    }

    /// The Zipf frequency of a proportion: log10 of occurrences per billion words.
    static func zipf(_ frequency: Double) -> Double { frequency > 0 ? log10(frequency) + 9 : 0 }

    /// v1's entries languages.
    static let v1EntryLanguages = ["en", "es", "lv", "hi", "sw", "ta", "gu", "fr"]
}
