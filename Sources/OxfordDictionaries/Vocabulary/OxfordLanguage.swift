/// A language (dataset) code of the Oxford Dictionaries API, such as `en-gb` or `es`.
///
/// The seed's `OxfordAPILanguage` cases are here under the same names (`.English` is `en`, the v1
/// code; v2's monolingual English datasets are ``britishEnglish`` `en-gb` and ``americanEnglish``
/// `en-us`). The groups list which codes each v2 endpoint family accepts (spec §1.1).
public struct OxfordLanguage: OxfordVocabulary {
    /// The code as the API spells it.
    public let rawValue: String

    /// Wraps a language code.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    // The seed's languages (v1 codes).
    /// English (`en`): v1 entries, v2 lemmas, thesaurus, sentences and translations.
    public static let English: OxfordLanguage = "en"
    /// Spanish (`es`).
    public static let Spanish: OxfordLanguage = "es"
    /// Malay (`ms`).
    public static let Malay: OxfordLanguage = "ms"
    /// Setswana (`tn`).
    public static let Setswana: OxfordLanguage = "tn"
    /// Swahili (`sw`).
    public static let Swahili: OxfordLanguage = "sw"
    /// Northern Sotho (`nso`).
    public static let NorthernSoho: OxfordLanguage = "nso"
    /// Indonesian (`id`).
    public static let Indonesia: OxfordLanguage = "id"
    /// Latvian (`lv`).
    public static let Latvian: OxfordLanguage = "lv"
    /// Urdu (`ur`).
    public static let Urdu: OxfordLanguage = "ur"
    /// Romanian (`ro`).
    public static let Romanian: OxfordLanguage = "ro"
    /// Hindi (`hi`).
    public static let Hindi: OxfordLanguage = "hi"
    /// German (`de`).
    public static let German: OxfordLanguage = "de"
    /// Portuguese (`pt`).
    public static let Portuguese: OxfordLanguage = "pt"
    /// Tamil (`ta`).
    public static let Tamil: OxfordLanguage = "ta"
    /// Gujarati (`gu`).
    public static let Gujarati: OxfordLanguage = "gu"

    // v2 datasets.
    /// British English (`en-gb`), the Oxford Dictionary of English.
    public static let britishEnglish: OxfordLanguage = "en-gb"
    /// American English (`en-us`), the New Oxford American Dictionary.
    public static let americanEnglish: OxfordLanguage = "en-us"
    /// French (`fr`).
    public static let french: OxfordLanguage = "fr"

    /// Monolingual datasets: entries, words, search and the monolingual utility lists (v2).
    public static let monolingual: [OxfordLanguage] = ["en-gb", "en-us", "es", "fr", "gu", "hi", "lv", "ro", "sw", "ta"]
    /// Datasets of the v2 entries endpoint: the monolingual ones and plain `en`, which the service
    /// answers with its British English (`en-gb`) data (observed: `entries/en/industry` answered
    /// `"language": "en-gb"`).
    public static let entries: [OxfordLanguage] = ["en"] + monolingual
    /// Datasets of the v2 inflections endpoint.
    public static let inflections: [OxfordLanguage] = ["en-gb", "en-us", "es", "hi", "lv", "ro", "sw", "ta"]
    /// Datasets of the v2 lemmas endpoint (plain `en`, not `en-gb`).
    public static let lemmas: [OxfordLanguage] = ["en", "de", "es", "hi", "it", "lv", "pt", "ro", "sw", "ta", "tn"]
    /// Datasets of the thesaurus and thesaurus search.
    public static let thesaurus: [OxfordLanguage] = ["en"]
    /// Datasets of the sentences endpoint.
    public static let sentences: [OxfordLanguage] = ["en", "es"]
    /// Source languages of translations and bilingual lists.
    public static let bilingualSource: [OxfordLanguage] = [
        "en", "ar", "de", "el", "es", "ha", "hi", "id", "it", "mr", "ms", "nso", "pt", "qu", "ru", "te", "tk", "tn", "tpi",
        "tt", "ur", "xh", "zh", "zu",
    ]
    /// Target languages of translations and bilingual lists.
    public static let bilingualTarget: [OxfordLanguage] = [
        "en", "ar", "de", "el", "es", "fa", "ha", "hi", "id", "ig", "it", "ka", "mr", "ms", "nso", "pt", "qu", "ro", "ru",
        "tg", "tk", "tn", "tpi", "tt", "xh", "yo", "zh", "zu",
    ]
    /// The seed's v1 languages.
    public static let seedLanguages: [OxfordLanguage] = [
        .English, .Spanish, .Malay, .Setswana, .Swahili, .NorthernSoho, .Indonesia, .Latvian, .Urdu, .Romanian, .Hindi,
        .German, .Portuguese, .Tamil, .Gujarati,
    ]

    /// Every code of every group, without repeats.
    public static let known: [OxfordLanguage] = {
        var seen = Set<OxfordLanguage>()
        return (seedLanguages + monolingual + inflections + lemmas + thesaurus + sentences + bilingualSource + bilingualTarget)
            .filter { seen.insert($0).inserted }
    }()
}
