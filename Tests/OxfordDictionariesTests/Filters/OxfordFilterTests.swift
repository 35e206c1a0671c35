import OxfordDictionaries
import Testing

@Suite("Filters")
struct OxfordFilterTests {
    @Test("filters of one kind but different values are different (the seed compared kinds only)")
    func equality() {
        #expect(OxfordFilter.lexicalCategory([.noun]) != .lexicalCategory([.verb]))
        #expect(OxfordFilter.lexicalCategory([.noun]).kind == OxfordFilter.lexicalCategory([.verb]).kind)
        #expect(Set<OxfordFilter>([.limit(1), .limit(2)]).count == 2)
    }

    @Test("repeated list filters merge their values in order; repeated scalars must agree")
    func combining() throws {
        let combined = try OxfordFilter.combined([.lexicalCategory([.noun]), .domains([.art]), .lexicalCategory([.verb, .noun]), .limit(5), .limit(5)])
        #expect(combined == [.lexicalCategory([.noun, .verb]), .domains([.art]), .limit(5)])
        #expect(throws: OxfordFilterError.conflictingValues(filter: "limit", values: ["5", "10"])) {
            try OxfordFilter.combined([.limit(5), .limit(10)])
        }
        #expect(OxfordFilterError.conflictingValues(filter: "limit", values: ["5", "10"]).description == "the filter limit takes one value, but was given 5 and 10")
    }

    @Test("every filter's name and rendering")
    func rendering() {
        let cases: [(OxfordFilter, String)] = [
            (.domains([.art, .computing]), "domains=art,computing"), (.lexicalCategory([.combiningForm]), "lexicalCategory=combining_form"),
            (.regions([.gb]), "regions=gb"), (.registers([.nonStandard]), "registers=non-standard"), (.translations([.Spanish]), "translations=es"),
            (.definitions([]), "definitions"), (.etymologies([]), "etymologies"), (.examples([]), "examples"),
            (.grammaticalFeatures([.pastParticiple]), "grammaticalFeatures=past_participle"), (.pronunciations([]), "pronunciations"),
            (.variantForms([]), "variantForms"), (.wordform("Spring"), "wordform=Spring"), (.wordforms(["a", "b"]), "wordforms=a,b"),
            (.lemma(["test"]), "lemma=test"), (.trueCase(["US"]), "trueCase=US"), (.limit(100), "limit=100"), (.offset(0), "offset=0"),
            (.collate([.lemma, .wordform]), "collate=lemma,wordform"), (.sort([.descending(.frequency), .ascending(.lemma)]), "sort=-frequency,lemma"),
            (.minFrequency(1), "minFrequency=1"), (.maxFrequency(9), "maxFrequency=9"), (.minNormalizedFrequency(2), "minNormalizedFrequency=2"),
            (.maxNormalizedFrequency(3), "maxNormalizedFrequency=3"), (.minDocumentFrequency(4), "minDocumentFrequency=4"),
            (.maxDocumentFrequency(5), "maxDocumentFrequency=5"), (.punctuation(true), "punctuation=true"),
            (.tokens(["the cat", "a,b"]), "tokens=the%20cat,a%2Cb"), (.contains(["cat"]), "contains=cat"),
            (.format(true), "format=google"), (.format(false), "format=oup"),
        ]
        #expect(Set(cases.map { $0.0.kind }) == Set(OxfordFilter.Kind.allCases))
        for (filter, rendered) in cases {
            #expect(filter.rendered == rendered)
        }
    }

    @Test("each endpoint accepts its filters and rejects the others, naming what it allows", arguments: OxfordEndpoint.allCases)
    func perEndpoint(endpoint: OxfordEndpoint) {
        let allowed = endpoint.availableFilters
        for kind in OxfordFilter.Kind.allCases {
            let filter = OxfordFilter.sample(of: kind)
            if allowed.contains(kind) {
                #expect(throws: Never.self) { try endpoint.validate([filter]) }
            } else {
                #expect(throws: OxfordFilterError.notAllowed(filter: kind.name, endpoint: endpoint.name, allowed: allowed.sorted().map(\.name))) {
                    try endpoint.validate([filter])
                }
            }
        }
    }

    @Test("the seed's sets of filters per endpoint")
    func seedSets() {
        #expect(OxfordEndpoint.inflections.availableFilters == [.grammaticalFeatures, .lexicalCategory])
        #expect(OxfordEndpoint.wordlist.availableFilters == [.domains, .lexicalCategory, .regions, .registers, .translations])
        #expect(OxfordEndpoint.statsWordFrequency.availableFilters == [.wordform, .trueCase, .lemma, .lexicalCategory])
        #expect(OxfordEndpoint.search.availableFilters.isEmpty && OxfordEndpoint.utility.availableFilters.isEmpty)
        #expect(OxfordEndpoint.statsNgramsFrequency.availableFilters.contains(.limit))
    }
}

extension OxfordFilter {
    /// A filter of `kind` with a typical value.
    static func sample(of kind: Kind) -> OxfordFilter {
        switch kind {
        case .domains: .domains([.art])
        case .lexicalCategory: .lexicalCategory([.noun])
        case .regions: .regions([.us])
        case .registers: .registers([.rare])
        case .translations: .translations([.Spanish])
        case .definitions: .definitions([])
        case .etymologies: .etymologies([])
        case .examples: .examples([])
        case .grammaticalFeatures: .grammaticalFeatures([.plural])
        case .pronunciations: .pronunciations([])
        case .variantForms: .variantForms([])
        case .wordform: .wordform("test")
        case .wordforms: .wordforms(["test"])
        case .lemma: .lemma(["test"])
        case .trueCase: .trueCase(["Test"])
        case .limit: .limit(10)
        case .offset: .offset(0)
        case .collate: .collate([.lemma])
        case .sort: .sort([.descending(.frequency)])
        case .minFrequency: .minFrequency(1)
        case .maxFrequency: .maxFrequency(10)
        case .minNormalizedFrequency: .minNormalizedFrequency(1)
        case .maxNormalizedFrequency: .maxNormalizedFrequency(10)
        case .minDocumentFrequency: .minDocumentFrequency(1)
        case .maxDocumentFrequency: .maxDocumentFrequency(10)
        case .punctuation: .punctuation(false)
        case .tokens: .tokens(["the"])
        case .contains: .contains(["the"])
        case .format: .format(false)
        }
    }
}
