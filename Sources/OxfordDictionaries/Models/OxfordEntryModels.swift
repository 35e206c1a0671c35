/// The answer of `/entries`, `/words` and `/translations`: headword entries.
public struct OxfordRetrieveEntry: Decodable, Sendable, Hashable {
    /// The word id asked for (entries, translations).
    public var id: String?
    /// The word asked for (entries, translations).
    public var word: String?
    /// The query (words).
    public var query: String?
    /// Metadata.
    public var metadata: OxfordMetadata?
    /// The headword entries (empty when absent).
    public var results: [OxfordHeadwordEntry]

    enum CodingKeys: String, CodingKey { case id, word, query, metadata, results }

    /// Reads the answer; a missing `results` is an empty list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        word = try container.decodeIfPresent(String.self, forKey: .word)
        query = try container.decodeIfPresent(String.self, forKey: .query)
        metadata = try container.decodeIfPresent(OxfordMetadata.self, forKey: .metadata)
        results = try container.decodeIfPresent([OxfordHeadwordEntry].self, forKey: .results) ?? []
    }
}

/// One headword (or homograph group) with its lexical entries.
public struct OxfordHeadwordEntry: Codable, Sendable, Hashable {
    /// The entry id.
    public var id: String
    /// The dataset, such as `en-gb`.
    public var language: String
    /// The entries per part of speech.
    public var lexicalEntries: [OxfordLexicalEntry]
    /// Pronunciations of the headword.
    public var pronunciations: [OxfordPronunciation]?
    /// `headword`, `inflection` or `phrase`.
    public var type: String?
    /// The headword (deprecated by the API in favour of `id`).
    public var word: String?
}

/// The entries of one part of speech.
public struct OxfordLexicalEntry: Codable, Sendable, Hashable {
    /// Compounds.
    public var compounds: [OxfordRelatedEntry]?
    /// What this word is derived from.
    public var derivativeOf: [OxfordRelatedEntry]?
    /// Derivatives.
    public var derivatives: [OxfordRelatedEntry]?
    /// Phrasal verbs.
    public var phrasalVerbs: [OxfordRelatedEntry]?
    /// Phrases.
    public var phrases: [OxfordRelatedEntry]?
    /// The entries (homographs).
    public var entries: [OxfordEntry]?
    /// Grammatical features.
    public var grammaticalFeatures: [OxfordGrammaticalFeatureItem]?
    /// The dataset.
    public var language: String
    /// The part of speech (an object in v2).
    public var lexicalCategory: OxfordLabel
    /// Notes.
    public var notes: [OxfordNote]?
    /// Pronunciations.
    public var pronunciations: [OxfordPronunciation]?
    /// The root form.
    public var root: String?
    /// The headword text.
    public var text: String
    /// Variant forms.
    public var variantForms: [OxfordVariantForm]?
}

/// One entry: its etymologies, pronunciations and senses.
public struct OxfordEntry: Codable, Sendable, Hashable {
    /// Cross-reference markers.
    public var crossReferenceMarkers: [String]?
    /// Cross-references.
    public var crossReferences: [OxfordCrossReference]?
    /// Etymologies.
    public var etymologies: [String]?
    /// Grammatical features.
    public var grammaticalFeatures: [OxfordGrammaticalFeatureItem]?
    /// The homograph grouping, such as `100`.
    public var homographNumber: String?
    /// Inflected forms.
    public var inflections: [OxfordInflectedForm]?
    /// Notes.
    public var notes: [OxfordNote]?
    /// Pronunciations.
    public var pronunciations: [OxfordPronunciation]?
    /// The senses.
    public var senses: [OxfordSense]?
    /// Variant forms.
    public var variantForms: [OxfordVariantForm]?
}

/// A sense: definitions, examples, labels, related words and subsenses.
public struct OxfordSense: Codable, Sendable, Hashable {
    /// Antonyms.
    public var antonyms: [OxfordRelatedEntry]?
    /// Synonyms.
    public var synonyms: [OxfordRelatedEntry]?
    /// Constructions.
    public var constructions: [OxfordConstruction]?
    /// Cross-reference markers (a sense may have these instead of definitions).
    public var crossReferenceMarkers: [String]?
    /// Cross-references.
    public var crossReferences: [OxfordCrossReference]?
    /// Links to senses of other datasets.
    public var datasetCrossLinks: [OxfordSenseLink]?
    /// Definitions.
    public var definitions: [String]?
    /// Domain classes.
    public var domainClasses: [OxfordLabel]?
    /// Domains.
    public var domains: [OxfordLabel]?
    /// Etymologies of this sense.
    public var etymologies: [String]?
    /// Examples.
    public var examples: [OxfordExample]?
    /// The sense id.
    public var id: String?
    /// Inflected forms.
    public var inflections: [OxfordInflectedForm]?
    /// Notes.
    public var notes: [OxfordNote]?
    /// Pronunciations.
    public var pronunciations: [OxfordPronunciation]?
    /// Regions.
    public var regions: [OxfordLabel]?
    /// Registers.
    public var registers: [OxfordLabel]?
    /// Semantic classes.
    public var semanticClasses: [OxfordLabel]?
    /// Short definitions.
    public var shortDefinitions: [String]?
    /// Subsenses.
    public var subsenses: [OxfordSense]?
    /// Links to thesaurus senses.
    public var thesaurusLinks: [OxfordSenseLink]?
    /// Translations (bilingual entries).
    public var translations: [OxfordTranslation]?
    /// Variant forms.
    public var variantForms: [OxfordVariantForm]?
}
