/// A grammatical feature of a word form, such as `plural` or `past_participle`.
///
/// Every feature of the seed. ``featureType`` gives the group the seed's comments name (the API's
/// `type`, such as `Number` or `Tense`); `mass` is in `Countability`, as real responses have it,
/// where the seed's comment said `mass`.
public struct OxfordGrammaticalFeature: OxfordVocabulary {
    /// The identifier as the API spells it.
    public let rawValue: String

    /// Wraps a grammatical feature identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `mass` (Countability).
    public static let mass: OxfordGrammaticalFeature = "mass"
    /// `collective` (Collectivity).
    public static let collective: OxfordGrammaticalFeature = "collective"
    /// `attributive` (Adjective Function).
    public static let attributive: OxfordGrammaticalFeature = "attributive"
    /// `predicative` (Adjective Function).
    public static let predicative: OxfordGrammaticalFeature = "predicative"
    /// `intransitive` (Subcategorization).
    public static let intransitive: OxfordGrammaticalFeature = "intransitive"
    /// `transitive` (Subcategorization).
    public static let transitive: OxfordGrammaticalFeature = "transitive"
    /// `auxiliary` (Auxiliary).
    public static let auxiliary: OxfordGrammaticalFeature = "auxiliary"
    /// `abbreviation` (Residual).
    public static let abbreviation: OxfordGrammaticalFeature = "abbreviation"
    /// `symbol` (Residual).
    public static let symbol: OxfordGrammaticalFeature = "symbol"
    /// `interrogative` (Residual).
    public static let interrogative: OxfordGrammaticalFeature = "interrogative"
    /// `possessive` (Residual).
    public static let possessive: OxfordGrammaticalFeature = "possessive"
    /// `relative` (Residual).
    public static let relative: OxfordGrammaticalFeature = "relative"
    /// `third` (Person).
    public static let third: OxfordGrammaticalFeature = "third"
    /// `phrasal` (Unit Structure).
    public static let phrasal: OxfordGrammaticalFeature = "phrasal"
    /// `singular` (Number).
    public static let singular: OxfordGrammaticalFeature = "singular"
    /// `plural` (Number).
    public static let plural: OxfordGrammaticalFeature = "plural"
    /// `cardinal` (Numeral).
    public static let cardinal: OxfordGrammaticalFeature = "cardinal"
    /// `ordinal` (Numeral).
    public static let ordinal: OxfordGrammaticalFeature = "ordinal"
    /// `past` (Tense).
    public static let past: OxfordGrammaticalFeature = "past"
    /// `present` (Tense).
    public static let present: OxfordGrammaticalFeature = "present"
    /// `comparative` (Degree).
    public static let comparative: OxfordGrammaticalFeature = "comparative"
    /// `positive` (Degree).
    public static let positive: OxfordGrammaticalFeature = "positive"
    /// `superlative` (Degree).
    public static let superlative: OxfordGrammaticalFeature = "superlative"
    /// `modal` (Event Modality).
    public static let modal: OxfordGrammaticalFeature = "modal"
    /// `feminine` (Gender).
    public static let feminine: OxfordGrammaticalFeature = "feminine"
    /// `conditional` (Mood).
    public static let conditional: OxfordGrammaticalFeature = "conditional"
    /// `subjunctive` (Mood).
    public static let subjunctive: OxfordGrammaticalFeature = "subjunctive"
    /// `infinitive` (Non Finiteness).
    public static let infinitive: OxfordGrammaticalFeature = "infinitive"
    /// `past_participle` (Non Finiteness).
    public static let pastParticiple: OxfordGrammaticalFeature = "past_participle"
    /// `present_participle` (Non Finiteness).
    public static let presentParticiple: OxfordGrammaticalFeature = "present_participle"

    /// Every feature above.
    public static let known: [OxfordGrammaticalFeature] = [
        .mass,
        .collective,
        .attributive,
        .predicative,
        .intransitive,
        .transitive,
        .auxiliary,
        .abbreviation,
        .symbol,
        .interrogative,
        .possessive,
        .relative,
        .third,
        .phrasal,
        .singular,
        .plural,
        .cardinal,
        .ordinal,
        .past,
        .present,
        .comparative,
        .positive,
        .superlative,
        .modal,
        .feminine,
        .conditional,
        .subjunctive,
        .infinitive,
        .pastParticiple,
        .presentParticiple,
    ]

    private static let types: [String: String] = [
        "mass": "Countability",
        "collective": "Collectivity",
        "attributive": "Adjective Function",
        "predicative": "Adjective Function",
        "intransitive": "Subcategorization",
        "transitive": "Subcategorization",
        "auxiliary": "Auxiliary",
        "abbreviation": "Residual",
        "symbol": "Residual",
        "interrogative": "Residual",
        "possessive": "Residual",
        "relative": "Residual",
        "third": "Person",
        "phrasal": "Unit Structure",
        "singular": "Number",
        "plural": "Number",
        "cardinal": "Numeral",
        "ordinal": "Numeral",
        "past": "Tense",
        "present": "Tense",
        "comparative": "Degree",
        "positive": "Degree",
        "superlative": "Degree",
        "modal": "Event Modality",
        "feminine": "Gender",
        "conditional": "Mood",
        "subjunctive": "Mood",
        "infinitive": "Non Finiteness",
        "past_participle": "Non Finiteness",
        "present_participle": "Non Finiteness",
    ]

    /// The feature's group (the API's `type`), when this package knows it.
    public var featureType: String? { Self.types[rawValue] }
}
