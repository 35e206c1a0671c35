/// One headword of the lexicon: a record of the lexicon file (`Lexicon/FORMAT.md`).
struct SandboxWord: Sendable, Equatable {
    /// How often the word occurs in running English text (wordfreq: a proportion of all words).
    var frequency: Double
    /// Entries per part of speech.
    var lexicalEntries: [LexicalEntry]
    /// IPA pronunciations.
    var pronunciations: [Pronunciation]? = nil
    /// Where the word comes from, one line each (`from Latin vapidus`).
    var etymologies: [String]? = nil
    /// Other spellings, with the dialect that uses them (`colour`, British English).
    var variantForms: [VariantForm]? = nil
    /// Translations by language code (`es`, `de`, `fi`, …).
    var translations: [String: [Translation]]? = nil

    struct LexicalEntry: Sendable, Equatable {
        var lexicalCategory: String
        var senses: [Sense]
        var inflections: [Inflection]
        /// Words derived from this one (`vapidity`).
        var derivatives: [String]? = nil
        /// Words this one derives from.
        var derivativeOf: [String]? = nil
        /// Multi-word headwords that contain this one (`swimming pool` for `swimming`).
        var phrases: [String]? = nil
        /// Verb and particle headwords (`run up`, `run out`).
        var phrasalVerbs: [String]? = nil
    }

    struct Sense: Sendable, Equatable {
        var id: String
        var definitions: [String]? = nil
        var examples: [String]? = nil
        var synonyms: [String]? = nil
        var antonyms: [String]? = nil
        var domains: [String]? = nil
        var registers: [String]? = nil
        var regions: [String]? = nil
        /// The classes the sense belongs to (its WordNet hypernyms, as ids).
        var semanticClasses: [String]? = nil
        /// The subject classes of the sense (its WordNet topic domains, as ids).
        var domainClasses: [String]? = nil
    }

    struct Inflection: Sendable, Equatable {
        var form: String
        /// A Penn Treebank tag (`NNS`, `VBD`, …) or `irregular`.
        var tag: String
    }

    struct Pronunciation: Sendable, Equatable {
        /// `American English` (CMU) or `Wiktionary` (WikDict, which does not say which dialect).
        var dialect: String
        var ipa: String
    }

    struct VariantForm: Sendable, Equatable {
        var text: String
        /// `British English` or `American English`.
        var dialect: String
    }

    struct Translation: Sendable, Equatable {
        var lexicalCategory: String
        /// The English sense translated, when the source links one (`wn30-…`).
        var senseID: String? = nil
        /// The English gloss of the sense translated.
        var gloss: String? = nil
        var translations: [String]
    }
}

/// An inflected form's link to its headword.
struct SandboxLemma: Sendable, Hashable {
    var headword: String
    var lexicalCategory: String
    /// A Penn Treebank tag (`NNS`, `VBD`, …) or `irregular`.
    var tag: String
}
