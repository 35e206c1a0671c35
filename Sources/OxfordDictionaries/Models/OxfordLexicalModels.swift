/// An answer of the form `{"metadata": …, "results": […]}`: lemmas, inflections, thesaurus,
/// sentences and search. A missing `results` list reads as empty (lemmas answer 200 with no results
/// when filters match nothing).
public struct OxfordResults<Result: Decodable & Sendable & Hashable>: Decodable, Sendable, Hashable {
    /// Metadata; search sends its numbers as strings, which read as numbers.
    public var metadata: OxfordMetadata?
    /// The results.
    public var results: [Result]

    enum CodingKeys: String, CodingKey { case metadata, results }

    /// Reads the answer; a missing `results` is an empty list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        metadata = try container.decodeIfPresent(OxfordMetadata.self, forKey: .metadata)
        results = try container.decodeIfPresent([Result].self, forKey: .results) ?? []
    }
}

/// The answer of `/lemmas`: the headwords an inflected form belongs to.
public typealias OxfordLemmatron = OxfordResults<OxfordLemma>
/// The answer of `/inflections`: the inflected forms of a headword.
public typealias OxfordInflections = OxfordResults<OxfordInflectionHeadword>
/// The answer of `/thesaurus`: synonyms and antonyms by sense.
public typealias OxfordThesaurus = OxfordResults<OxfordThesaurusHeadword>
/// The answer of `/sentences`: corpus sentences for a word.
public typealias OxfordSentences = OxfordResults<OxfordSentencesHeadword>

extension OxfordResults where Result == OxfordLemma {
    /// Every headword the form leads to, without repeats, in order.
    public var headwords: [String] {
        var seen = Set<String>()
        return results.flatMap { $0.lexicalEntries.flatMap { $0.inflectionOf.map(\.id) } }.filter { seen.insert($0).inserted }
    }
}

/// A headword of a lemmas, thesaurus or sentences answer: its id, its dataset and its entries
/// per part of speech.
public struct OxfordHeadword<LexicalEntry: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    /// The id.
    public var id: String
    /// The dataset.
    public var language: String
    /// The entries per part of speech.
    public var lexicalEntries: [LexicalEntry]
    /// `headword`, `inflection`, …
    public var type: String?
    /// The word (deprecated by the API in favour of `id`).
    public var word: String?
}

/// One form that was found by `/lemmas`, with the headwords it inflects.
public typealias OxfordLemma = OxfordHeadword<OxfordLemmaLexicalEntry>
/// A headword of the thesaurus.
public typealias OxfordThesaurusHeadword = OxfordHeadword<OxfordThesaurusLexicalEntry>
/// A headword with its corpus sentences.
public typealias OxfordSentencesHeadword = OxfordHeadword<OxfordSentencesLexicalEntry>

/// A reading of the form: which headwords it inflects.
public struct OxfordLemmaLexicalEntry: Codable, Sendable, Hashable {
    /// Its grammatical features.
    public var grammaticalFeatures: [OxfordGrammaticalFeatureItem]?
    /// The headwords.
    public var inflectionOf: [OxfordLabel]
    /// The dataset.
    public var language: String
    /// The part of speech.
    public var lexicalCategory: OxfordLabel
    /// The form.
    public var text: String
}

/// A headword with its inflected forms.
public struct OxfordInflectionHeadword: Codable, Sendable, Hashable {
    /// The headword id.
    public var id: String
    /// The dataset.
    public var language: String
    /// Its forms per part of speech.
    public var lexicalEntries: [LexicalEntry]
    /// The headword.
    public var text: String?

    /// The forms of one part of speech.
    public struct LexicalEntry: Codable, Sendable, Hashable {
        /// Grammatical features.
        public var grammaticalFeatures: [OxfordGrammaticalFeatureItem]?
        /// The inflected forms.
        public var inflections: [OxfordInflectedForm]?
        /// The dataset.
        public var language: String
        /// The part of speech.
        public var lexicalCategory: OxfordLabel
    }
}

/// The thesaurus entries of one part of speech.
public struct OxfordThesaurusLexicalEntry: Codable, Sendable, Hashable {
    /// The entries.
    public var entries: [OxfordThesaurusEntry]?
    /// Grammatical features.
    public var grammaticalFeatures: [OxfordGrammaticalFeatureItem]?
    /// The dataset.
    public var language: String
    /// The part of speech.
    public var lexicalCategory: OxfordLabel
    /// The headword.
    public var text: String
    /// Variant forms.
    public var variantForms: [OxfordVariantForm]?
}

/// A thesaurus entry.
public struct OxfordThesaurusEntry: Codable, Sendable, Hashable {
    /// Grammatical features.
    public var grammaticalFeatures: [OxfordGrammaticalFeatureItem]?
    /// The homograph grouping.
    public var homographNumber: String?
    /// The senses.
    public var senses: [OxfordThesaurusSense]?
    /// Variant forms.
    public var variantForms: [OxfordVariantForm]?
}

/// A thesaurus sense.
public struct OxfordThesaurusSense: Codable, Sendable, Hashable {
    /// Antonyms.
    public var antonyms: [OxfordRelatedEntry]?
    /// Synonyms.
    public var synonyms: [OxfordRelatedEntry]?
    /// Domain classes.
    public var domainClasses: [OxfordLabel]?
    /// Domains.
    public var domains: [OxfordLabel]?
    /// Examples.
    public var examples: [OxfordExample]?
    /// The sense id.
    public var id: String?
    /// Regions.
    public var regions: [OxfordLabel]?
    /// Registers.
    public var registers: [OxfordLabel]?
    /// Semantic classes.
    public var semanticClasses: [OxfordLabel]?
    /// Subsenses.
    public var subsenses: [OxfordThesaurusSense]?
}

/// The sentences of one part of speech.
public struct OxfordSentencesLexicalEntry: Codable, Sendable, Hashable {
    /// Grammatical features.
    public var grammaticalFeatures: [OxfordGrammaticalFeatureItem]?
    /// The dataset.
    public var language: String
    /// The part of speech.
    public var lexicalCategory: OxfordLabel?
    /// The sentences.
    public var sentences: [OxfordExample]
    /// The headword.
    public var text: String
}
