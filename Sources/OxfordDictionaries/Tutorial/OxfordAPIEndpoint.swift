/// The tutorial's name of ``OxfordEndpoint``: the same raw values (`stats_word_frequency` is
/// `stats/frequency/word`, `utility` is the empty string), the seed's case names below, and its
/// nested ``OxfordEndpoint/OxfordAPIFilter``.
public typealias OxfordAPIEndpoint = OxfordEndpoint

extension OxfordEndpoint {
    /// The tutorial's `stats_word_frequency`: ``statsWordFrequency`` (`stats/frequency/word`).
    public static let stats_word_frequency: OxfordEndpoint = .statsWordFrequency
    /// The tutorial's `stats_words_frequency`: ``statsWordsFrequency`` (`stats/frequency/words`).
    public static let stats_words_frequency: OxfordEndpoint = .statsWordsFrequency
    /// The tutorial's `stats_ngrams_frequency`: ``statsNgramsFrequency`` (`stats/frequency/ngrams`).
    public static let stats_ngrams_frequency: OxfordEndpoint = .statsNgramsFrequency

    /// The filters this endpoint takes, as seed 000 listed them: one filter of each kind with the
    /// seed's placeholder values (the set compares by kind).
    ///
    /// ```swift
    /// OxfordAPIEndpoint.inflections.getAvailableFilters()  // [.grammaticalFeatures([]), .lexicalCategory([])]
    /// ```
    ///
    /// ``availableFilters`` is the list requests are validated against; it also has `translations`
    /// for entries, which v1 took as a path filter (`entries/en/truth/translations=es`) and the
    /// seed's list left out.
    public func getAvailableFilters() -> Set<OxfordAPIFilter> {
        var kinds = availableFilters
        if self == .entries { kinds.remove(.translations) }
        return Set(kinds.map(OxfordAPIFilter.placeholder(of:)))
    }
}
