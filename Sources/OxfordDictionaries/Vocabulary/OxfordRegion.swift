/// A region of English: `gb` (the Oxford Dictionary of English) or `us` (the New Oxford American
/// Dictionary). In v1 it was a filter (`regions=us`); in v2 it is the dataset (`en-gb`, `en-us`).
public struct OxfordRegion: OxfordVocabulary {
    /// The code as the API spells it.
    public let rawValue: String

    /// Wraps a region code.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Great Britain.
    public static let gb: OxfordRegion = "gb"
    /// The United States.
    public static let us: OxfordRegion = "us"

    /// `gb` and `us`.
    public static let known: [OxfordRegion] = [.gb, .us]

    /// The v2 English dataset of this region.
    public var englishDataset: OxfordLanguage { self == .us ? .americanEnglish : .britishEnglish }
}
