/// A lexical category (part of speech), such as `noun` or `combining_form`.
public struct OxfordLexicalCategory: OxfordVocabulary {
    /// The identifier as the API spells it.
    public let rawValue: String

    /// Wraps a lexical category identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `noun`.
    public static let noun: OxfordLexicalCategory = "noun"
    /// `verb`.
    public static let verb: OxfordLexicalCategory = "verb"
    /// `combining_form`.
    public static let combiningForm: OxfordLexicalCategory = "combining_form"
    /// `adjective`.
    public static let adjective: OxfordLexicalCategory = "adjective"
    /// `adverb`.
    public static let adverb: OxfordLexicalCategory = "adverb"
    /// `conjunction`.
    public static let conjunction: OxfordLexicalCategory = "conjunction"
    /// `contraction`.
    public static let contraction: OxfordLexicalCategory = "contraction"
    /// `determiner`.
    public static let determiner: OxfordLexicalCategory = "determiner"
    /// `idiomatic`.
    public static let idiomatic: OxfordLexicalCategory = "idiomatic"
    /// `interjection`.
    public static let interjection: OxfordLexicalCategory = "interjection"
    /// `numeral`.
    public static let numeral: OxfordLexicalCategory = "numeral"
    /// `particle`.
    public static let particle: OxfordLexicalCategory = "particle"
    /// `other`.
    public static let other: OxfordLexicalCategory = "other"
    /// `predeterminer`.
    public static let predeterminer: OxfordLexicalCategory = "predeterminer"
    /// `prefix`.
    public static let prefix: OxfordLexicalCategory = "prefix"
    /// `suffix`.
    public static let suffix: OxfordLexicalCategory = "suffix"
    /// `preposition`.
    public static let preposition: OxfordLexicalCategory = "preposition"
    /// `pronoun`.
    public static let pronoun: OxfordLexicalCategory = "pronoun"
    /// `residual`.
    public static let residual: OxfordLexicalCategory = "residual"

    /// Every part of speech, in the seed's order.
    public static let allPartsOfSpeech: [OxfordLexicalCategory] = [
        .noun,
        .verb,
        .combiningForm,
        .adjective,
        .adverb,
        .conjunction,
        .contraction,
        .determiner,
        .idiomatic,
        .interjection,
        .numeral,
        .particle,
        .other,
        .predeterminer,
        .prefix,
        .suffix,
        .preposition,
        .pronoun,
        .residual,
    ]

    /// ``allPartsOfSpeech``.
    public static var known: [OxfordLexicalCategory] { allPartsOfSpeech }
}
