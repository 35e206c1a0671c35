import Foundation
import HTTPTypes

extension OxfordSandbox {
    /// v1 `/wordlist/{language}/{filters}`: the headwords with a sense matching every filter
    /// (`lexicalCategory`, `domains`, `registers`, `regions`, `translations`; at most 5 values each and
    /// 20 in all), alphabetically, paged by `limit` and `offset`. The advanced parameters narrow them
    /// (spec §3.3): `prefix`, `exact`, `word_length` (`>5`, `<10`, `>5<10`, `3`), and `exclude`,
    /// `exclude_senses`, `exclude_prime_senses`, each filters of the same syntax.
    func wordlist(_ request: SandboxRequest, language: String, filters segment: String) throws(SandboxFailure) -> SandboxResponse {
        try checkLanguage(language, in: Self.v1EntryLanguages, endpoint: "wordlist")
        try request.allowOnly(
            ["limit", "offset", "prefix", "exact", "word_length", "exclude", "exclude_senses", "exclude_prime_senses"], endpoint: "wordlist")
        let query = try WordlistQuery(request, filters: segment, allowed: Set(Self.v1Filters["wordlist"] ?? []))
        let limit = try request.int("limit", in: 1...5000) ?? 5000
        let offset = try request.int("offset", in: 0...Int.max) ?? 0
        guard language == "en" else { throw .v1NotFound("wordlist", language) }
        let matches = try wordlistMatches(query)
        let page = matches.dropFirst(offset).prefix(limit).map { JSON.object(["id": .string(JSON.encodedID($0)), "word": .string(JSON.text(ofID: $0))]) }
        return .json(.object([
            "metadata": .object(["limit": .int(limit), "offset": .int(offset), "provider": .string(APIVersion.provider), "total": .int(matches.count)]),
            "results": .array(Array(page)),
        ]))
    }

    /// The headwords `query` selects, alphabetically, by the key index and the facets alone.
    private func wordlistMatches(_ query: WordlistQuery) throws(SandboxFailure) -> [String] {
        let facets: WordlistFacets
        do { facets = try lexicon.facets() } catch { throw .damaged(error) }
        let keys = lexicon.headwords
        var matches: [String] = []
        for index in 0..<keys.count where query.lengths.contains(keys.characterCount(at: index)) {
            if let prefix = query.prefix {
                guard query.exact ? keys.key(at: index) == prefix : keys.key(at: index, hasPrefix: prefix) else { continue }
            }
            if let targets = query.targets, !targets.allSatisfy({ lexicon.summary(at: index).hasTranslations(into: $0) }) { continue }
            if query.selects(facets.facets(ofHeadword: index)) { matches.append(keys.key(at: index)) }
        }
        return matches
    }
}

/// What a wordlist request asks for.
struct WordlistQuery {
    /// The filters: every one must match one sense (a facet).
    var filters: FacetCondition
    var targets: [String]?
    /// Leave out headwords with any sense matching.
    var exclude: FacetCondition?
    /// Leave out the senses matching; a headword stays when another sense matches the filters.
    var excludeSenses: FacetCondition?
    /// Leave out headwords whose first sense matches (registers and domains only).
    var excludePrimeSenses: FacetCondition?
    var prefix: String?
    var exact: Bool
    var lengths: ClosedRange<Int>

    init(_ request: SandboxRequest, filters segment: String, allowed: Set<String>) throws(SandboxFailure) {
        let filters = try Self.checked(OxfordSandbox.pathFilters(segment), allowed: allowed, what: "filter")
        guard !filters.isEmpty else { throw .badRequest("The wordlist needs at least one filter, such as lexicalCategory=noun") }
        self.filters = FacetCondition(filters)
        targets = filters["translations"]
        func exclusion(_ name: String, allowed: Set<String>) throws(SandboxFailure) -> FacetCondition? {
            guard let text = try request.single(name) else { return nil }
            return FacetCondition(try Self.checked(OxfordSandbox.pathFilters(text), allowed: allowed, what: "\(name) parameter"))
        }
        let attributes: Set<String> = ["lexicalCategory", "domains", "registers", "regions"]
        exclude = try exclusion("exclude", allowed: attributes)
        excludeSenses = try exclusion("exclude_senses", allowed: attributes)
        excludePrimeSenses = try exclusion("exclude_prime_senses", allowed: ["domains", "registers"])
        prefix = try request.single("prefix").map { JSON.id(ofText: $0.lowercased()) }
        exact = try request.bool("exact") ?? false
        lengths = try Self.wordLength(try request.single("word_length"))
    }

    /// Whether a headword with these facets (its first the prime sense's) is selected.
    func selects(_ facets: [WordlistFacets.Facet]) -> Bool {
        if let exclude, facets.contains(where: exclude.touches) { return false }
        if let excludePrimeSenses, let prime = facets.first, excludePrimeSenses.touches(prime) { return false }
        return facets.contains { facet in filters.matchesEvery(facet) && !(excludeSenses?.touches(facet) ?? false) }
    }

    /// The lengths `word_length` allows: `3`, `>5`, `<10`, `>5<10` (also `>5,<10`).
    static func wordLength(_ text: String?) throws(SandboxFailure) -> ClosedRange<Int> {
        guard let text, !text.isEmpty else { return 0...Int.max }
        if let exact = Int(text) { return exact...exact }
        var low = 0, high = Int.max
        var rest = Substring(text.replacingOccurrences(of: ",", with: ""))
        while let sign = rest.first, sign == ">" || sign == "<" {
            rest = rest.dropFirst()
            let digits = rest.prefix { $0.isNumber }
            guard let value = Int(digits) else { break }
            rest = rest.dropFirst(digits.count)
            if sign == ">" { low = value + 1 } else { high = value - 1 }
        }
        guard rest.isEmpty, low <= high else {
            throw .badRequest("word_length '\(text)' is not a length: use 3, >5, <10 or >5<10")
        }
        return low...high
    }

    /// The filters, named and valued, within the limits (5 values each, 20 in all).
    private static func checked(_ filters: [String: [String]?], allowed: Set<String>, what: String) throws(SandboxFailure) -> [String: [String]] {
        var checked: [String: [String]] = [:]
        var total = 0
        for (name, values) in filters {
            guard allowed.contains(name) else {
                throw .badRequest("Unknown \(what) '\(name)' for the wordlist endpoint. Allowed: \(allowed.sorted().joined(separator: ", "))")
            }
            guard let values else { throw .badRequest("filter has no values: '\(name)'") }
            guard values.count <= 5 else { throw .badRequest("The filter '\(name)' has \(values.count) values; the limit is 5") }
            total += values.count
            checked[name] = values
        }
        guard total <= 20 else { throw .badRequest("total number of filters > 20 (\(total))") }
        return checked
    }
}

/// Attribute values a sense's facet is compared with: `lexicalCategory`, `domains`, `registers`,
/// `regions`, each a set of label ids.
struct FacetCondition {
    var categories: Set<String>?
    var domains: Set<String>?
    var registers: Set<String>?
    var regions: Set<String>?

    init(_ filters: [String: [String]]) {
        func ids(_ name: String) -> Set<String>? { filters[name].map { Set($0.map(SandboxLabels.id)) } }
        categories = ids("lexicalCategory")
        domains = ids("domains")
        registers = ids("registers")
        regions = ids("regions")
    }

    /// Whether the facet has one of the values of every attribute named (the filters).
    func matchesEvery(_ facet: WordlistFacets.Facet) -> Bool {
        (categories?.contains(facet.category) ?? true) && Self.meets(domains, facet.domains) && Self.meets(registers, facet.registers)
            && Self.meets(regions, facet.regions)
    }

    /// Whether the facet has any value named (an exclusion).
    func touches(_ facet: WordlistFacets.Facet) -> Bool {
        (categories?.contains(facet.category) ?? false) || !(domains ?? []).isDisjoint(with: facet.domains)
            || !(registers ?? []).isDisjoint(with: facet.registers) || !(regions ?? []).isDisjoint(with: facet.regions)
    }

    private static func meets(_ wanted: Set<String>?, _ labels: Set<String>) -> Bool { wanted.map { !$0.isDisjoint(with: labels) } ?? true }
}
