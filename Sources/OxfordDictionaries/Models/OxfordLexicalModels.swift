/// The answer of `/lemmas`: the headwords an inflected form belongs to.
public struct OxfordLemmatron: Decodable, Sendable, Hashable {
    /// Metadata.
    public var metadata: OxfordMetadata?
    /// The matches (an empty list when filters match nothing: the service answers 200).
    public var results: [Result]

    enum CodingKeys: String, CodingKey { case metadata, results }

    /// Reads the answer; a missing `results` is an empty list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        metadata = try container.decodeIfPresent(OxfordMetadata.self, forKey: .metadata)
        results = try container.decodeIfPresent([Result].self, forKey: .results) ?? []
    }

    /// One form that was found.
    public struct Result: Codable, Sendable, Hashable {
        /// The form.
        public var id: String
        /// The dataset.
        public var language: String
        /// Its readings per part of speech.
        public var lexicalEntries: [LexicalEntry]
        /// `inflection`, `headword`, …
        public var type: String?
        /// The form (deprecated).
        public var word: String?
    }

    /// A reading of the form: which headwords it inflects.
    public struct LexicalEntry: Codable, Sendable, Hashable {
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

    /// Every headword the form leads to, without repeats, in order.
    public var headwords: [String] {
        var seen = Set<String>()
        return results.flatMap { $0.lexicalEntries.flatMap { $0.inflectionOf.map(\.id) } }.filter { seen.insert($0).inserted }
    }
}

/// The answer of `/inflections`: the inflected forms of a headword.
public struct OxfordInflections: Decodable, Sendable, Hashable {
    /// Metadata.
    public var metadata: OxfordMetadata?
    /// The headwords.
    public var results: [Result]

    enum CodingKeys: String, CodingKey { case metadata, results }

    /// Reads the answer; a missing `results` is an empty list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        metadata = try container.decodeIfPresent(OxfordMetadata.self, forKey: .metadata)
        results = try container.decodeIfPresent([Result].self, forKey: .results) ?? []
    }

    /// A headword.
    public struct Result: Codable, Sendable, Hashable {
        /// The headword id.
        public var id: String
        /// The dataset.
        public var language: String
        /// Its forms per part of speech.
        public var lexicalEntries: [LexicalEntry]
        /// The headword.
        public var text: String?
    }

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

/// The answer of `/thesaurus`: synonyms and antonyms by sense.
public struct OxfordThesaurus: Decodable, Sendable, Hashable {
    /// Metadata.
    public var metadata: OxfordMetadata?
    /// The headwords.
    public var results: [Result]

    enum CodingKeys: String, CodingKey { case metadata, results }

    /// Reads the answer; a missing `results` is an empty list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        metadata = try container.decodeIfPresent(OxfordMetadata.self, forKey: .metadata)
        results = try container.decodeIfPresent([Result].self, forKey: .results) ?? []
    }

    /// A headword.
    public struct Result: Codable, Sendable, Hashable {
        /// The id.
        public var id: String
        /// The dataset.
        public var language: String
        /// Entries per part of speech.
        public var lexicalEntries: [LexicalEntry]
        /// The kind of headword.
        public var type: String?
        /// The word.
        public var word: String?
    }

    /// The thesaurus entries of one part of speech.
    public struct LexicalEntry: Codable, Sendable, Hashable {
        /// The entries.
        public var entries: [Entry]?
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
    public struct Entry: Codable, Sendable, Hashable {
        /// Grammatical features.
        public var grammaticalFeatures: [OxfordGrammaticalFeatureItem]?
        /// The homograph grouping.
        public var homographNumber: String?
        /// The senses.
        public var senses: [Sense]?
        /// Variant forms.
        public var variantForms: [OxfordVariantForm]?
    }

    /// A thesaurus sense.
    public struct Sense: Codable, Sendable, Hashable {
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
        public var subsenses: [Sense]?
    }
}

/// The answer of `/sentences`: corpus sentences for a word.
public struct OxfordSentences: Decodable, Sendable, Hashable {
    /// Metadata.
    public var metadata: OxfordMetadata?
    /// The headwords.
    public var results: [Result]

    enum CodingKeys: String, CodingKey { case metadata, results }

    /// Reads the answer; a missing `results` is an empty list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        metadata = try container.decodeIfPresent(OxfordMetadata.self, forKey: .metadata)
        results = try container.decodeIfPresent([Result].self, forKey: .results) ?? []
    }

    /// A headword.
    public struct Result: Codable, Sendable, Hashable {
        /// The id.
        public var id: String
        /// The dataset.
        public var language: String
        /// Sentences per part of speech.
        public var lexicalEntries: [LexicalEntry]
        /// The kind of headword.
        public var type: String?
        /// The word.
        public var word: String?
    }

    /// The sentences of one part of speech.
    public struct LexicalEntry: Codable, Sendable, Hashable {
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
}
