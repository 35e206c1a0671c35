import EndpointKit

/// A filter of an Oxford Dictionaries API request, with its values (the seed's `OxfordAPIFilter`).
///
/// Unlike the seed's, two filters are equal only when their kind and their values are equal
/// (`.lexicalCategory([.noun])` is not `.lexicalCategory([.verb])`); ``kind`` compares kinds.
/// When a request is given several filters of one kind, ``combined(_:)`` merges them: the values of
/// list filters are joined in order without repeats (the API reads the values of one filter as
/// "OR"), and scalar filters (`limit`, `offset`, `wordform`, the frequency bounds, `punctuation`,
/// `format`) must agree, or ``OxfordFilterError/conflictingValues(filter:values:)`` is thrown.
public enum OxfordFilter: Hashable, Sendable, CustomStringConvertible {
    /// Senses in these subject domains.
    case domains([OxfordDomain])
    /// Entries of these parts of speech.
    case lexicalCategory([OxfordLexicalCategory])
    /// Senses of these regions (v1).
    case regions([OxfordRegion])
    /// Senses in these registers.
    case registers([OxfordRegister])
    /// Translations into these languages (v1 entries, wordlist).
    case translations([OxfordLanguage])
    /// Project definitions (v1 projection; values are rarely used).
    case definitions([String])
    /// Project etymologies (v1 projection).
    case etymologies([String])
    /// Project examples (v1 projection).
    case examples([String])
    /// Entries with these grammatical features.
    case grammaticalFeatures([OxfordGrammaticalFeature])
    /// Project pronunciations (v1 projection).
    case pronunciations([String])
    /// Project variant forms (v1 projection).
    case variantForms([String])
    /// LexiStats: the exact word form.
    case wordform(String)
    /// LexiStats: several word forms.
    case wordforms([String])
    /// LexiStats: lemmas.
    case lemma([String])
    /// LexiStats: case-normalised forms.
    case trueCase([String])
    /// The number of results (LexiStats: default 100).
    case limit(Int)
    /// The first result (default 0).
    case offset(Int)
    /// LexiStats: group results by these fields.
    case collate([OxfordStatsField])
    /// LexiStats: order results by these keys.
    case sort([OxfordSortKey])
    /// LexiStats: the lowest frequency.
    case minFrequency(Int)
    /// LexiStats: the highest frequency.
    case maxFrequency(Int)
    /// LexiStats: the lowest normalised frequency.
    case minNormalizedFrequency(Int)
    /// LexiStats: the highest normalised frequency.
    case maxNormalizedFrequency(Int)
    /// Ngrams: the lowest document frequency.
    case minDocumentFrequency(Int)
    /// Ngrams: the highest document frequency.
    case maxDocumentFrequency(Int)
    /// Ngrams: whether punctuation tokens count.
    case punctuation(Bool)
    /// Ngrams: the tokens to look up.
    case tokens([String])
    /// Ngrams: ngrams containing these tokens.
    case contains([String])
    /// `true` asks for ngrams as single strings (`google`), `false` as token lists (`oup`).
    case format(Bool)

    /// The kind of a filter: its name, without values.
    public enum Kind: String, CaseIterable, Sendable, Hashable, Comparable {
        // One kind per case of OxfordFilter, named as the API names the filter.
        /// `domains`.
        case domains
        /// `lexicalCategory`.
        case lexicalCategory
        /// `regions`.
        case regions
        /// `registers`.
        case registers
        /// `translations`.
        case translations
        /// `definitions`.
        case definitions
        /// `etymologies`.
        case etymologies
        /// `examples`.
        case examples
        /// `grammaticalFeatures`.
        case grammaticalFeatures
        /// `pronunciations`.
        case pronunciations
        /// `variantForms`.
        case variantForms
        /// `wordform`.
        case wordform
        /// `wordforms`.
        case wordforms
        /// `lemma`.
        case lemma
        /// `trueCase`.
        case trueCase
        /// `limit`.
        case limit
        /// `offset`.
        case offset
        /// `collate`.
        case collate
        /// `sort`.
        case sort
        /// `minFrequency`.
        case minFrequency
        /// `maxFrequency`.
        case maxFrequency
        /// `minNormalizedFrequency`.
        case minNormalizedFrequency
        /// `maxNormalizedFrequency`.
        case maxNormalizedFrequency
        /// `minDocumentFrequency`.
        case minDocumentFrequency
        /// `maxDocumentFrequency`.
        case maxDocumentFrequency
        /// `punctuation`.
        case punctuation
        /// `tokens`.
        case tokens
        /// `contains`.
        case contains
        /// `format`.
        case format

        /// The name as the API spells it (the seed's `getDebugName()`).
        public var name: String { rawValue }

        /// Whether a filter of this kind holds one value (repeats must agree) rather than a list.
        public var isScalar: Bool {
            switch self {
            case .wordform, .limit, .offset, .minFrequency, .maxFrequency, .minNormalizedFrequency, .maxNormalizedFrequency,
                .minDocumentFrequency, .maxDocumentFrequency, .punctuation, .format:
                true
            default:
                false
            }
        }

        /// Kinds order by name, so messages list them stably.
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The kind of this filter.
    public var kind: Kind {
        switch self {
        case .domains: .domains
        case .lexicalCategory: .lexicalCategory
        case .regions: .regions
        case .registers: .registers
        case .translations: .translations
        case .definitions: .definitions
        case .etymologies: .etymologies
        case .examples: .examples
        case .grammaticalFeatures: .grammaticalFeatures
        case .pronunciations: .pronunciations
        case .variantForms: .variantForms
        case .wordform: .wordform
        case .wordforms: .wordforms
        case .lemma: .lemma
        case .trueCase: .trueCase
        case .limit: .limit
        case .offset: .offset
        case .collate: .collate
        case .sort: .sort
        case .minFrequency: .minFrequency
        case .maxFrequency: .maxFrequency
        case .minNormalizedFrequency: .minNormalizedFrequency
        case .maxNormalizedFrequency: .maxNormalizedFrequency
        case .minDocumentFrequency: .minDocumentFrequency
        case .maxDocumentFrequency: .maxDocumentFrequency
        case .punctuation: .punctuation
        case .tokens: .tokens
        case .contains: .contains
        case .format: .format
        }
    }

    /// The filter's name.
    public var name: String { kind.name }

    /// The values as the API spells them.
    public var values: [String] {
        switch self {
        case .domains(let values): values.map(\.rawValue)
        case .lexicalCategory(let values): values.map(\.rawValue)
        case .regions(let values): values.map(\.rawValue)
        case .registers(let values): values.map(\.rawValue)
        case .translations(let values): values.map(\.rawValue)
        case .grammaticalFeatures(let values): values.map(\.rawValue)
        case .definitions(let values), .etymologies(let values), .examples(let values), .pronunciations(let values),
            .variantForms(let values), .wordforms(let values), .lemma(let values), .trueCase(let values),
            .tokens(let values), .contains(let values):
            values
        case .wordform(let value): [value]
        case .collate(let fields): fields.map(\.rawValue)
        case .sort(let keys): keys.map(\.rendered)
        case .limit(let value), .offset(let value), .minFrequency(let value), .maxFrequency(let value),
            .minNormalizedFrequency(let value), .maxNormalizedFrequency(let value), .minDocumentFrequency(let value),
            .maxDocumentFrequency(let value):
            [String(value)]
        case .punctuation(let value): [value ? "true" : "false"]
        case .format(let singleString): [singleString ? "google" : "oup"]
        }
    }

    /// `name=value1,value2` with each value percent-encoded; just `name` when there are no values
    /// (a v1 projection such as `definitions`), as the seed's `getQueryParameterString` wrote it.
    public var rendered: String { Self.render(name: name, values: values) }

    /// `name=value1,value2` with each value percent-encoded, or `name` alone without values.
    static func render(name: String, values: [String]) -> String {
        guard !values.isEmpty else { return name }
        return name + "=" + values.map { PercentEncoding.encode($0) }.joined(separator: ",")
    }

    /// ``rendered``.
    public var description: String { rendered }

    /// The same kind with `values` (for list kinds).
    func replacingValues(with values: [String]) -> OxfordFilter {
        switch self {
        case .domains: .domains(values.map(OxfordDomain.init))
        case .lexicalCategory: .lexicalCategory(values.map(OxfordLexicalCategory.init))
        case .regions: .regions(values.map(OxfordRegion.init))
        case .registers: .registers(values.map(OxfordRegister.init))
        case .translations: .translations(values.map(OxfordLanguage.init))
        case .grammaticalFeatures: .grammaticalFeatures(values.map(OxfordGrammaticalFeature.init))
        case .definitions: .definitions(values)
        case .etymologies: .etymologies(values)
        case .examples: .examples(values)
        case .pronunciations: .pronunciations(values)
        case .variantForms: .variantForms(values)
        case .wordforms: .wordforms(values)
        case .lemma: .lemma(values)
        case .trueCase: .trueCase(values)
        case .tokens: .tokens(values)
        case .contains: .contains(values)
        case .collate: .collate(values.compactMap(OxfordStatsField.init(rawValue:)))
        case .sort: .sort(values.compactMap(OxfordSortKey.init(rendered:)))
        default: self
        }
    }

    /// `filters` with repeated kinds merged, in the order each kind first appears.
    ///
    /// - Throws: ``OxfordFilterError/conflictingValues(filter:values:)`` when a scalar filter is
    ///   given twice with different values.
    public static func combined(_ filters: [OxfordFilter]) throws(OxfordFilterError) -> [OxfordFilter] {
        var order: [Kind] = []
        var merged: [Kind: OxfordFilter] = [:]
        for filter in filters {
            guard let existing = merged[filter.kind] else {
                order.append(filter.kind)
                merged[filter.kind] = filter
                continue
            }
            if filter.kind.isScalar {
                guard existing == filter else {
                    throw .conflictingValues(filter: filter.name, values: existing.values + filter.values)
                }
            } else {
                var values = existing.values
                for value in filter.values where !values.contains(value) { values.append(value) }
                merged[filter.kind] = existing.replacingValues(with: values)
            }
        }
        return order.map { merged[$0]! }
    }
}

/// Why filters cannot be sent.
public enum OxfordFilterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The endpoint does not take this filter; `allowed` lists the ones it takes.
    case notAllowed(filter: String, endpoint: String, allowed: [String])
    /// A one-value filter was given twice with different values.
    case conflictingValues(filter: String, values: [String])
    /// A value the filter does not take; `allowed` lists the ones it takes.
    case unsupportedValue(filter: String, value: String, allowed: [String])

    /// What was wrong and what is allowed.
    public var description: String {
        switch self {
        case .notAllowed(let filter, let endpoint, let allowed):
            "the filter \(filter) is not allowed for the \(endpoint) endpoint; "
                + (allowed.isEmpty ? "it takes no filters" : "it allows \(allowed.joined(separator: ", "))")
        case .conflictingValues(let filter, let values):
            "the filter \(filter) takes one value, but was given \(values.joined(separator: " and "))"
        case .unsupportedValue(let filter, let value, let allowed):
            "the filter \(filter) does not take \(value); it takes \(allowed.joined(separator: ", "))"
        }
    }
}

/// A field of LexiStats results, to collate or sort by.
public enum OxfordStatsField: String, CaseIterable, Sendable, Hashable {
    /// The word form as written.
    case wordform
    /// The case-normalised form.
    case trueCase
    /// The lemma.
    case lemma
    /// The part of speech.
    case lexicalCategory
    /// The raw frequency.
    case frequency
    /// The frequency per million words.
    case normalizedFrequency
}

/// A sort key of LexiStats results: a field, ascending or descending (`-frequency`).
public enum OxfordSortKey: Sendable, Hashable {
    /// Smallest first.
    case ascending(OxfordStatsField)
    /// Largest first.
    case descending(OxfordStatsField)

    /// `field` or `-field`.
    public var rendered: String {
        switch self {
        case .ascending(let field): field.rawValue
        case .descending(let field): "-" + field.rawValue
        }
    }

    /// Reads `field` or `-field`.
    public init?(rendered: String) {
        if rendered.hasPrefix("-") {
            guard let field = OxfordStatsField(rawValue: String(rendered.dropFirst())) else { return nil }
            self = .descending(field)
        } else {
            guard let field = OxfordStatsField(rawValue: rendered) else { return nil }
            self = .ascending(field)
        }
    }
}
