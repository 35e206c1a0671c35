/// The endpoints of the original (v1) Oxford Dictionaries API layout (the seed's `OxfordAPIEndpoint`),
/// with the filters each allows.
public enum OxfordEndpoint: String, CaseIterable, Sendable, Hashable {
    /// `/entries/{lang}/{word}`: dictionary entries.
    case entries
    /// `/inflections/{lang}/{word}`: the headword of an inflected form (v1's lemmatron).
    case inflections
    /// `/search/{lang}?q=`: headwords matching a query.
    case search
    /// `/translations/…`: bilingual entries.
    case translations
    /// `/wordlist/{lang}/{filters}`: words matching filters.
    case wordlist
    /// The utility lists (`/domains/{lang}`, `/lexicalcategories/{lang}`, …).
    case utility = ""
    /// LexiStats: the frequency of one word.
    case statsWordFrequency = "stats/frequency/word"
    /// LexiStats: the frequencies of words.
    case statsWordsFrequency = "stats/frequency/words"
    /// LexiStats: ngram frequencies.
    case statsNgramsFrequency = "stats/frequency/ngrams"

    /// The endpoint's name for messages.
    public var name: String {
        switch self {
        case .utility: "utility"
        case .statsWordFrequency: "stats_word_frequency"
        case .statsWordsFrequency: "stats_words_frequency"
        case .statsNgramsFrequency: "stats_ngrams_frequency"
        default: rawValue
        }
    }

    /// The filters this endpoint takes (the seed's `getAvailableFilters()`, with `translations` added
    /// to entries, where v1 took `translations=es` as a path filter).
    public var availableFilters: Set<OxfordFilter.Kind> {
        let resultLimitation: Set<OxfordFilter.Kind> = [.offset, .limit]
        switch self {
        case .entries:
            return [
                .definitions, .domains, .etymologies, .examples, .grammaticalFeatures, .lexicalCategory, .pronunciations,
                .regions, .registers, .variantForms, .translations,
            ]
        case .inflections:
            return [.grammaticalFeatures, .lexicalCategory]
        case .wordlist:
            return [.domains, .lexicalCategory, .regions, .registers, .translations]
        case .statsWordFrequency:
            return [.wordform, .trueCase, .lemma, .lexicalCategory]
        case .statsWordsFrequency:
            return Set<OxfordFilter.Kind>([
                .collate, .sort, .minFrequency, .maxFrequency, .minNormalizedFrequency, .maxNormalizedFrequency, .wordforms,
                .trueCase, .lemma, .lexicalCategory, .grammaticalFeatures,
            ]).union(resultLimitation)
        case .statsNgramsFrequency:
            return Set<OxfordFilter.Kind>([
                .minDocumentFrequency, .maxDocumentFrequency, .minFrequency, .maxFrequency, .contains, .tokens,
            ]).union(resultLimitation)
        case .translations, .search, .utility:
            return []
        }
    }

    /// Throws unless every filter is allowed here; the error names the filter, this endpoint and
    /// what it allows.
    public func validate(_ filters: [OxfordFilter]) throws(OxfordFilterError) {
        let allowed = availableFilters
        for filter in filters where !allowed.contains(filter.kind) {
            throw .notAllowed(filter: filter.name, endpoint: name, allowed: allowed.sorted().map(\.name))
        }
    }
}
