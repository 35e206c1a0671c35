// The tutorial's initializers, taking its filters (`OxfordAPIEndpoint.OxfordAPIFilter`, with string
// values), and its filter check. Where a literal suits both these and the typed initializers
// (`[.lexicalCategory(["noun"])]`, `nil`), the typed ones are chosen; both build the same request.
extension OxfordAPIRequest {
    /// The entry of a word, with the tutorial's filters (entries endpoint).
    @_disfavoredOverload
    public init(
        withWord queryWord: String, withFilters filters: [OxfordAPIEndpoint.OxfordAPIFilter]?,
        forLanguage queryLanguage: OxfordAPILanguage = .English
    ) {
        self.init(withWord: queryWord, withFilters: nil, forLanguage: queryLanguage)
        setTutorialFilters(filters)
    }

    /// The inflections of a headword, with the tutorial's filters (inflections endpoint).
    @_disfavoredOverload
    public init(
        withHeadword headWord: String, withFilters queryFilters: [OxfordAPIEndpoint.OxfordAPIFilter]?,
        withQueryLanguage queryLanguage: OxfordAPILanguage = .English
    ) {
        self.init(withHeadword: headWord, withFilters: nil, withQueryLanguage: queryLanguage)
        setTutorialFilters(queryFilters)
    }

    /// Any endpoint, word and tutorial filters.
    @_disfavoredOverload
    public init(
        withEndpoint queryEndpoint: OxfordAPIEndpoint, withQueryWord queryWord: String,
        withFilters queryFilters: [OxfordAPIEndpoint.OxfordAPIFilter]?, withQueryLanguage queryLanguage: OxfordAPILanguage = .English
    ) {
        self.init(withEndpoint: queryEndpoint, withQueryWord: queryWord, withFilters: nil, withQueryLanguage: queryLanguage)
        setTutorialFilters(queryFilters)
    }

    /// A wordlist with the tutorial's filter groups (wordlist endpoint).
    @_disfavoredOverload
    public init(
        withDomainFilters domainFilters: [OxfordAPIEndpoint.OxfordAPIFilter],
        withRegionFilters regionFilters: [OxfordAPIEndpoint.OxfordAPIFilter],
        withRegisterFilters registerFilters: [OxfordAPIEndpoint.OxfordAPIFilter],
        withTranslationsFilters translationsFilters: [OxfordAPIEndpoint.OxfordAPIFilter],
        withLexicalCategoryFilters lexicalCategoryFilters: [OxfordAPIEndpoint.OxfordAPIFilter],
        withQueryLanguage queryLanguage: OxfordAPILanguage = .English
    ) {
        self.init(
            withDomainFilters: [], withRegionFilters: [], withRegisterFilters: [], withTranslationsFilters: [],
            withLexicalCategoryFilters: [], withQueryLanguage: queryLanguage)
        setTutorialFilters(domainFilters + regionFilters + registerFilters + translationsFilters + lexicalCategoryFilters)
    }

    /// Whether ``generateValidatedURLRequest()`` accepts these filters for `endpoint` (the seed's
    /// check, public, and without its `print`s).
    ///
    /// It checks what the request is validated against (``OxfordEndpoint/availableFilters``, which
    /// also admits `translations` on entries), that `collate` and `sort` name LexiStats fields,
    /// and that a one-value filter is not given two values. `nil` and an empty list are valid.
    public func hasValidFilters(filters: [OxfordAPIEndpoint.OxfordAPIFilter]?, forEndpoint endpoint: OxfordAPIEndpoint) -> Bool {
        guard let filters, !filters.isEmpty else { return true }
        do throws(OxfordFilterError) {
            let converted = try OxfordFilter.converting(filters)
            try endpoint.validate(converted)
            _ = try OxfordFilter.combined(converted)
            return true
        } catch {
            return false
        }
    }

    /// Keeps the filters as typed ones; a filter that cannot become one is remembered for validation
    /// and left out of the request.
    private mutating func setTutorialFilters(_ tutorialFilters: [OxfordAPIEndpoint.OxfordAPIFilter]?) {
        guard let tutorialFilters else { return }
        var converted: [OxfordFilter] = []
        var problem: OxfordFilterError?
        for filter in tutorialFilters {
            do throws(OxfordFilterError) {
                converted.append(try OxfordFilter(filter))
            } catch {
                problem = problem ?? error
            }
        }
        filters = converted
        unconvertibleFilter = problem
    }
}
