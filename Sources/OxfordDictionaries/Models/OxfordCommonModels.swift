/// An item of the API's controlled vocabulary: an identifier and its label, such as
/// `{"id": "noun", "text": "Noun"}`.
///
/// v1 sent labels as bare strings (`"lexicalCategory": "Noun"`, `"domains": ["Cards"]`); those
/// decode too, with the text as the label and an identifier derived from it (`Noun` → `noun`,
/// `Computer Science` → `computer_science`), so the same models read both versions.
public struct OxfordLabel: Codable, Sendable, Hashable {
    /// The identifier.
    public var id: String
    /// The label.
    public var text: String

    /// A label.
    public init(id: String, text: String) {
        self.id = id
        self.text = text
    }

    enum CodingKeys: String, CodingKey { case id, text }

    /// Reads `{"id", "text"}` (v2) or a bare string (v1).
    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.init(id: text.lowercased().split(separator: " ").joined(separator: "_"), text: text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(String.self, forKey: .id), text: try container.decode(String.self, forKey: .text))
    }

    /// Writes `{"id", "text"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(text, forKey: .text)
    }
}

/// A grammatical feature of an entry: `{"id": "transitive", "text": "Transitive", "type": "Subcategorization"}`.
public struct OxfordGrammaticalFeatureItem: Codable, Sendable, Hashable {
    /// The identifier (absent in v1).
    public var id: String?
    /// The label.
    public var text: String
    /// The group, such as `Number`.
    public var type: String
}

/// A note: grammatical, technical, an indicator.
public struct OxfordNote: Codable, Sendable, Hashable {
    /// The identifier, if any.
    public var id: String?
    /// The text.
    public var text: String
    /// The kind of note, such as `grammaticalNote`.
    public var type: String
}

/// A cross-reference to another entry, such as "another term for".
public struct OxfordCrossReference: Codable, Sendable, Hashable {
    /// The target entry.
    public var id: String
    /// The target's text.
    public var text: String
    /// The kind of reference.
    public var type: String
}

/// A pronunciation: IPA or respelling, with dialects and an audio URL.
public struct OxfordPronunciation: Codable, Sendable, Hashable {
    /// The URL of an audio file.
    public var audioFile: String?
    /// Dialects, such as `British English`.
    public var dialects: [String]?
    /// `IPA` or `respell`.
    public var phoneticNotation: String?
    /// The pronunciation.
    public var phoneticSpelling: String?
    /// Regions.
    public var regions: [OxfordLabel]?
    /// Registers.
    public var registers: [OxfordLabel]?
}

/// A related entry: a synonym, an antonym, a derivative, a phrase, a compound.
public struct OxfordRelatedEntry: Codable, Sendable, Hashable {
    /// The entry identifier (absent on synonyms inside entries, although the schema requires it).
    public var id: String?
    /// The text.
    public var text: String
    /// The language.
    public var language: String?
    /// Domains.
    public var domains: [OxfordLabel]?
    /// Regions.
    public var regions: [OxfordLabel]?
    /// Registers.
    public var registers: [OxfordLabel]?
}

/// A variant form of a word.
public struct OxfordVariantForm: Codable, Sendable, Hashable {
    /// The variant.
    public var text: String
    /// Domains.
    public var domains: [OxfordLabel]?
    /// Regions.
    public var regions: [OxfordLabel]?
    /// Registers.
    public var registers: [OxfordLabel]?
    /// Notes.
    public var notes: [OxfordNote]?
    /// Pronunciations.
    public var pronunciations: [OxfordPronunciation]?
}

/// An inflected form of a word, such as `pops` of `pop`.
public struct OxfordInflectedForm: Codable, Sendable, Hashable {
    /// The form.
    public var inflectedForm: String
    /// Its grammatical features.
    public var grammaticalFeatures: [OxfordGrammaticalFeatureItem]?
    /// Domains.
    public var domains: [OxfordLabel]?
    /// Regions.
    public var regions: [OxfordLabel]?
    /// Registers.
    public var registers: [OxfordLabel]?
    /// Its part of speech.
    public var lexicalCategory: OxfordLabel?
    /// Pronunciations.
    public var pronunciations: [OxfordPronunciation]?
}

/// A link from a sense to a thesaurus sense or another dataset (snake_case keys on the wire).
public struct OxfordSenseLink: Codable, Sendable, Hashable {
    /// The linked entry.
    public var entryID: String
    /// The linked sense.
    public var senseID: String
    /// The linked dataset's language (dataset links only).
    public var language: String?

    enum CodingKeys: String, CodingKey {
        case entryID = "entry_id"
        case senseID = "sense_id"
        case language
    }
}

/// A translation in a bilingual entry.
public struct OxfordTranslation: Codable, Sendable, Hashable {
    /// The target language.
    public var language: String
    /// The translation.
    public var text: String
    /// The kind of translation, if given.
    public var type: String?
    /// Collocations.
    public var collocations: [OxfordCrossReference]?
    /// Domains.
    public var domains: [OxfordLabel]?
    /// Regions.
    public var regions: [OxfordLabel]?
    /// Registers.
    public var registers: [OxfordLabel]?
    /// Grammatical features.
    public var grammaticalFeatures: [OxfordGrammaticalFeatureItem]?
    /// Notes.
    public var notes: [OxfordNote]?
    /// Tones (tonal languages).
    public var toneGroups: [OxfordToneGroup]?
}

/// The tones of a translation in a tonal language.
public struct OxfordToneGroup: Codable, Sendable, Hashable {
    /// The tones.
    public var tones: [OxfordTone]
}

/// One tone.
public struct OxfordTone: Codable, Sendable, Hashable {
    /// The kind of tone.
    public var type: String
    /// The tone.
    public var value: String
}

/// An example sentence.
public struct OxfordExample: Codable, Sendable, Hashable {
    /// The sentence.
    public var text: String
    /// Definitions it illustrates.
    public var definitions: [String]?
    /// Domains.
    public var domains: [OxfordLabel]?
    /// Regions.
    public var regions: [OxfordLabel]?
    /// Registers.
    public var registers: [OxfordLabel]?
    /// Notes.
    public var notes: [OxfordNote]?
    /// The senses it belongs to (sentences endpoint).
    public var senseIds: [String]?
    /// Translations (bilingual entries).
    public var translations: [OxfordTranslation]?
}

/// A construction (a pattern a sense is used in).
public struct OxfordConstruction: Codable, Sendable, Hashable {
    /// The pattern.
    public var text: String
    /// Domains.
    public var domains: [OxfordLabel]?
    /// Regions.
    public var regions: [OxfordLabel]?
    /// Registers.
    public var registers: [OxfordLabel]?
    /// Examples, each a list of strings.
    public var examples: [[String]]?
    /// Notes.
    public var notes: [OxfordNote]?
}
