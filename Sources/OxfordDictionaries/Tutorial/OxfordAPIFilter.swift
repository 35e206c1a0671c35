extension OxfordEndpoint {
    /// The tutorial's filter (seed 000's `OxfordAPIEndpoint.OxfordAPIFilter`): the same cases with the
    /// same associated value types, equal and hashed by kind alone, as the seed made it.
    ///
    /// ```swift
    /// let filter = OxfordAPIEndpoint.OxfordAPIFilter.lexicalCategory(["noun", "verb"])
    /// filter.getQueryParameterString(isLastQueryParameter: true)   // "lexicalCategory=noun,verb"
    /// filter == .lexicalCategory([])                                 // true: compared by kind
    /// ```
    ///
    /// It is a view of ``OxfordFilter``, the typed filter every request sends: ``OxfordFilter/init(_:)``
    /// converts, and the query strings are ``OxfordFilter/rendered``. Where this differs from the seed,
    /// on purpose:
    /// - `translations`, `lemma` and `trueCase` are written like every other list (the seed's
    ///   `getQueryParameterString` wrote an empty string for them), and values are percent-encoded.
    /// - `collate` and `sort` name LexiStats fields (``OxfordStatsField``); a filter naming anything
    ///   else is written by name, as the seed did, but refused by validation with a message listing
    ///   the fields (the seed sent it and let the service answer 400).
    /// - Compare by value with ``OxfordFilter``: `try OxfordFilter(a) == OxfordFilter(b)`.
    public enum OxfordAPIFilter: Hashable, Sendable, CustomStringConvertible {
        /// Senses in these subject domains.
        case domains([String])
        /// Entries of these parts of speech.
        case lexicalCategory([String])
        /// Senses of these regions.
        case regions([String])
        /// Senses in these registers.
        case registers([String])
        /// Translations into these languages.
        case translations([String])
        /// Project definitions.
        case definitions([String])
        /// Project etymologies.
        case etymologies([String])
        /// Project examples.
        case examples([String])
        /// Entries with these grammatical features.
        case grammaticalFeatures([String])
        /// Project pronunciations.
        case pronunciations([String])
        /// Project variant forms.
        case variantForms([String])
        /// LexiStats: the exact word form.
        case wordform(String)
        /// LexiStats: several word forms.
        case wordforms([String])
        /// LexiStats: lemmas.
        case lemma([String])
        /// LexiStats: case-normalised forms.
        case trueCase([String])
        /// The number of results.
        case limit(Int)
        /// The first result.
        case offset(Int)
        /// LexiStats: group results by the fields these filters name.
        case collate([OxfordAPIFilter])
        /// LexiStats: order results by the fields these filters name.
        case sort([OxfordAPIFilter])
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

        /// The kind of this filter.
        public var kind: OxfordFilter.Kind {
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

        /// The filter's name as the API spells it (`lexicalCategory`).
        public func getDebugName() -> String { kind.name }

        /// `name=value1,value2`, followed by `;` unless it is the last filter of the segment.
        public func getQueryParameterString(isLastQueryParameter: Bool) -> String {
            let rendered: String
            do {
                rendered = try OxfordFilter(self).rendered
            } catch {
                // collate or sort naming something other than a LexiStats field: written by name, as
                // the seed wrote it; validation refuses it.
                rendered = OxfordFilter.render(name: getDebugName(), values: namedFields.map { $0.getDebugName() })
            }
            return isLastQueryParameter ? rendered : rendered + ";"
        }

        /// ``getQueryParameterString(isLastQueryParameter:)`` of the last filter.
        public var description: String { getQueryParameterString(isLastQueryParameter: true) }

        /// Equal when the kinds are equal, whatever the values (the seed's equality).
        public static func == (lhs: OxfordAPIFilter, rhs: OxfordAPIFilter) -> Bool { lhs.kind == rhs.kind }

        /// Hashes the kind alone, consistent with ``==(_:_:)``.
        public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

        /// The filters `collate` and `sort` name; empty for the other kinds.
        var namedFields: [OxfordAPIFilter] {
            switch self {
            case .collate(let filters), .sort(let filters): filters
            default: []
            }
        }

        /// A filter of `kind` with the seed's placeholder values (empty lists, `offset(0)`,
        /// `limit(1000)`, minimums 0 and maximums 10000), as its `getAvailableFilters()` listed them.
        static func placeholder(of kind: OxfordFilter.Kind) -> OxfordAPIFilter {
            switch kind {
            case .domains: .domains([])
            case .lexicalCategory: .lexicalCategory([])
            case .regions: .regions([])
            case .registers: .registers([])
            case .translations: .translations([])
            case .definitions: .definitions([])
            case .etymologies: .etymologies([])
            case .examples: .examples([])
            case .grammaticalFeatures: .grammaticalFeatures([])
            case .pronunciations: .pronunciations([])
            case .variantForms: .variantForms([])
            case .wordform: .wordform("")
            case .wordforms: .wordforms([])
            case .lemma: .lemma([])
            case .trueCase: .trueCase([])
            case .limit: .limit(1000)
            case .offset: .offset(0)
            case .collate: .collate([])
            case .sort: .sort([])
            case .minFrequency: .minFrequency(0)
            case .maxFrequency: .maxFrequency(10000)
            case .minNormalizedFrequency: .minNormalizedFrequency(0)
            case .maxNormalizedFrequency: .maxNormalizedFrequency(10000)
            case .minDocumentFrequency: .minDocumentFrequency(0)
            case .maxDocumentFrequency: .maxDocumentFrequency(10000)
            case .punctuation: .punctuation(false)
            case .tokens: .tokens([])
            case .contains: .contains([])
            case .format: .format(false)
            }
        }
    }
}

extension OxfordFilter {
    /// The typed filter of a tutorial filter.
    ///
    /// - Throws: ``OxfordFilterError/unsupportedValue(filter:value:allowed:)`` when `collate` or
    ///   `sort` names a filter that is not a LexiStats field (``OxfordStatsField``).
    public init(_ filter: OxfordEndpoint.OxfordAPIFilter) throws(OxfordFilterError) {
        switch filter {
        case .domains(let values): self = .domains(values.map(OxfordDomain.init))
        case .lexicalCategory(let values): self = .lexicalCategory(values.map(OxfordLexicalCategory.init))
        case .regions(let values): self = .regions(values.map(OxfordRegion.init))
        case .registers(let values): self = .registers(values.map(OxfordRegister.init))
        case .translations(let values): self = .translations(values.map(OxfordLanguage.init))
        case .grammaticalFeatures(let values): self = .grammaticalFeatures(values.map(OxfordGrammaticalFeature.init))
        case .definitions(let values): self = .definitions(values)
        case .etymologies(let values): self = .etymologies(values)
        case .examples(let values): self = .examples(values)
        case .pronunciations(let values): self = .pronunciations(values)
        case .variantForms(let values): self = .variantForms(values)
        case .wordform(let value): self = .wordform(value)
        case .wordforms(let values): self = .wordforms(values)
        case .lemma(let values): self = .lemma(values)
        case .trueCase(let values): self = .trueCase(values)
        case .limit(let value): self = .limit(value)
        case .offset(let value): self = .offset(value)
        case .collate(let filters): self = .collate(try Self.statsFields(filters, of: "collate"))
        case .sort(let filters): self = .sort(try Self.statsFields(filters, of: "sort").map(OxfordSortKey.ascending))
        case .minFrequency(let value): self = .minFrequency(value)
        case .maxFrequency(let value): self = .maxFrequency(value)
        case .minNormalizedFrequency(let value): self = .minNormalizedFrequency(value)
        case .maxNormalizedFrequency(let value): self = .maxNormalizedFrequency(value)
        case .minDocumentFrequency(let value): self = .minDocumentFrequency(value)
        case .maxDocumentFrequency(let value): self = .maxDocumentFrequency(value)
        case .punctuation(let value): self = .punctuation(value)
        case .tokens(let values): self = .tokens(values)
        case .contains(let values): self = .contains(values)
        case .format(let value): self = .format(value)
        }
    }

    /// The typed filters of tutorial filters, in order.
    public static func converting(_ filters: [OxfordEndpoint.OxfordAPIFilter]) throws(OxfordFilterError) -> [OxfordFilter] {
        var converted: [OxfordFilter] = []
        converted.reserveCapacity(filters.count)
        for filter in filters { converted.append(try OxfordFilter(filter)) }
        return converted
    }

    /// The LexiStats fields the filters name (`.lemma([])` names `lemma`).
    private static func statsFields(_ filters: [OxfordEndpoint.OxfordAPIFilter], of name: String) throws(OxfordFilterError)
        -> [OxfordStatsField]
    {
        var fields: [OxfordStatsField] = []
        for filter in filters {
            guard let field = OxfordStatsField(rawValue: filter.getDebugName()) else {
                throw .unsupportedValue(filter: name, value: filter.getDebugName(), allowed: OxfordStatsField.allCases.map(\.rawValue))
            }
            fields.append(field)
        }
        return fields
    }
}
