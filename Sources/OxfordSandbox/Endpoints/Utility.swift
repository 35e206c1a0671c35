import Foundation
import HTTPTypes
import OxfordDictionaries

extension OxfordSandbox {
    /// A dataset the sandbox serves, for `/languages`.
    struct Dataset: Sendable {
        var source: String
        var target: String?
        var region: String?
        var origin: String
    }

    /// The sandbox's datasets: English (British and American codes over the same data) and English
    /// to each language the lexicon has translations into.
    var datasets: [Dataset] {
        let english = "OxfordSandbox lexicon: WordNet 3.0, wordfreq 3.1.1, CMU Pronouncing Dictionary"
        var datasets = [
            Dataset(source: "en-gb", region: "gb", origin: english), Dataset(source: "en-us", region: "us", origin: english),
            Dataset(source: "en", origin: english),
        ]
        for target in lexicon.translationLanguages {
            let origin = Self.wikDictLanguages.contains(target)
                ? "FreeDict WikDict (Wiktionary, CC BY-SA 3.0)" : "Open Multilingual Wordnet: Wiktionary (CC BY-SA 3.0)"
            datasets.append(Dataset(source: "en", target: target, origin: origin))
        }
        return datasets
    }

    /// The languages whose translations come from WikDict rather than the Open Multilingual Wordnet.
    static let wikDictLanguages: Set<String> = ["bg", "fi", "ja", "nb"]

    static let languageNames = [
        "en": "English", "en-gb": "English", "en-us": "English", "ar": "Arabic", "bg": "Bulgarian", "de": "German", "el": "Greek",
        "es": "Spanish", "fa": "Persian", "fi": "Finnish", "fr": "French", "ha": "Hausa", "hi": "Hindi", "id": "Indonesian",
        "ig": "Igbo", "it": "Italian", "ja": "Japanese", "ka": "Georgian", "mr": "Marathi", "ms": "Malay", "nb": "Norwegian Bokmål",
        "nso": "Northern Sotho", "pt": "Portuguese", "qu": "Quechua", "ro": "Romanian", "ru": "Russian", "tg": "Tajik",
        "tk": "Turkmen", "tn": "Setswana", "tpi": "Tok Pisin", "tt": "Tatar", "xh": "isiXhosa", "yo": "Yoruba", "zh": "Chinese",
        "zu": "isiZulu",
    ]

    /// `/languages?sourceLanguage=&targetLanguage=`: the datasets the sandbox serves. An unknown code
    /// answers 404 and the same code twice 400, as the service documents.
    func languages(_ request: SandboxRequest) throws(SandboxFailure) -> SandboxResponse {
        try request.allowOnly(["sourceLanguage", "targetLanguage"], endpoint: "languages")
        let source = try request.single("sourceLanguage")
        let target = try request.single("targetLanguage")
        let known = Set(OxfordLanguage.known.map(\.rawValue) + lexicon.translationLanguages)
        for code in [source, target].compactMap({ $0 }) where !known.contains(code) {
            throw .notFound("Unknown language '\(code)'")
        }
        if let source, source == target { throw .badRequest("sourceLanguage and targetLanguage can not be same") }
        let results: [JSON] = datasets.filter { dataset in
            (source.map { $0 == dataset.source } ?? true) && (target.map { $0 == dataset.target } ?? true)
        }.map { dataset in
            .object([
                "region": dataset.region.map(JSON.string), "source": .string(dataset.origin),
                "sourceLanguage": .object(["id": .string(dataset.source), "language": .string(Self.languageNames[dataset.source] ?? dataset.source)]),
                "targetLanguage": dataset.target.map { .object(["id": .string($0), "language": .string(Self.languageNames[$0] ?? $0)]) },
                "type": .string(dataset.target == nil ? "monolingual" : "bilingual"),
            ])
        }
        return .json(.object(["metadata": APIVersion.providerOnly, "results": .array(results)]))
    }

    /// The filters of each v2 endpoint.
    static let v2Filters: [String: [String]] = [
        "entries": ["domains", "grammaticalFeatures", "lexicalCategory", "registers"],
        "lemmas": ["grammaticalFeatures", "lexicalCategory"],
        "translations": ["domains", "grammaticalFeatures", "lexicalCategory", "registers"],
    ]
    /// The filters of each v1 endpoint.
    static let v1Filters: [String: [String]] = [
        "entries": ["definitions", "domains", "etymologies", "examples", "grammaticalFeatures", "lexicalCategory", "pronunciations", "regions",
                    "registers", "translations", "variantForms"],
        "inflections": ["grammaticalFeatures", "lexicalCategory"],
        "translations": ["grammaticalFeatures", "lexicalCategory"],
        "wordlist": ["domains", "lexicalCategory", "regions", "registers", "translations"],
    ]
    /// The fields of each v2 endpoint.
    static let v2Fields: [String: [String]] = [
        "entries": EntrySelection.entryFields.sorted(),
        "thesaurus": ["antonyms", "synonyms"],
        "translations": EntrySelection.entryFields.union(["translations"]).sorted(),
    ]

    /// `/filters` and `/filters/{endpoint}`.
    func filterList(_ request: SandboxRequest, endpoint: String?, version: APIVersion) throws(SandboxFailure) -> SandboxResponse {
        try request.allowOnly([], endpoint: "filters")
        var all = version == .v2 ? Self.v2Filters : Self.v1Filters
        if let endpoint {
            let allowed: Set<String> = version == .v2 ? ["entries", "lemmas"] : ["entries", "inflections", "translations", "wordlist"]
            guard allowed.contains(endpoint), let filters = all[endpoint] else {
                throw .notFound("The endpoint '\(endpoint)' has no filters. Endpoints: \(allowed.sorted().joined(separator: ", "))")
            }
            all = [endpoint: filters]
        }
        return .json(.object(["metadata": APIVersion.providerOnly, "results": .object(sortingKeysOf: all.mapValues { .strings($0) })]))
    }

    /// `/fields` and `/fields/{endpoint}`.
    func fieldList(_ request: SandboxRequest, endpoint: String?) throws(SandboxFailure) -> SandboxResponse {
        try request.allowOnly([], endpoint: "fields")
        var all = Self.v2Fields
        if let endpoint {
            guard endpoint == "entries" || endpoint == "thesaurus", let fields = all[endpoint] else {
                throw .notFound("The endpoint '\(endpoint)' has no fields. Endpoints: entries, thesaurus")
            }
            all = [endpoint: fields]
        }
        return .json(.object(["metadata": APIVersion.providerOnly, "results": .object(sortingKeysOf: all.mapValues { .strings($0) })]))
    }

    /// `/domains`, `/registers`, `/lexicalCategories` (v1: `lexicalcategories`), `/grammaticalFeatures`
    /// and v1's `/regions`, for one language or a pair: the labels the sandbox's data uses, as
    /// `{id: {"en": text}}` (grammatical features: `{type: {id: {"en": text}}}`).
    func utilityList(_ request: SandboxRequest, _ list: String, source: String, target: String?, version: APIVersion) throws(SandboxFailure)
        -> SandboxResponse
    {
        try request.allowOnly([], endpoint: list)
        // v2 answers a language it does not know with 404 (spec §2.3); v1 with 400.
        let unknown = SandboxFailure.notFound("Unknown sourceLanguage and/or targetLanguage")
        if let target {
            guard version == .v1 || (Self.codes(OxfordLanguage.bilingualSource).contains(source) && translationTargets.contains(target)) else { throw unknown }
            try checkLanguage(source, in: Self.codes(OxfordLanguage.bilingualSource), endpoint: list)
            try checkLanguage(target, in: translationTargets, endpoint: list, role: "Target")
            guard source != target else { throw .badRequest("source_lang and target_lang can not be same") }
        } else {
            guard version == .v1 || Self.codes(OxfordLanguage.monolingual).contains(source) else { throw unknown }
            try checkLanguage(source, in: version == .v2 ? Self.codes(OxfordLanguage.monolingual) : Self.v1EntryLanguages, endpoint: list)
        }
        let served = target == nil ? ["en", "en-gb", "en-us"].contains(source) : source == "en" && lexicon.translationLanguages.contains(target ?? "")
        guard served else {
            throw version == .v2
                ? .notFound("The sandbox has no \(list) for '\(source)\(target.map { "' to '\($0)" } ?? "")'")
                : .v1NotFound(list, source)
        }
        func labels(_ items: [String: String]) -> JSON {
            .object(items.sorted { $0.key < $1.key }.map { ($0.key, .object(["en": .string($0.value)])) })
        }
        let results: JSON
        switch list.lowercased() {
        case "domains": results = labels(vocabulary.domains)
        case "registers": results = labels(vocabulary.registers)
        case "regions": results = labels(vocabulary.regions)
        case "lexicalcategories":
            results = labels(Dictionary(uniqueKeysWithValues: vocabulary.lexicalCategories.map { ($0, SandboxLabels.text($0)) }))
        default:
            results = .object(vocabulary.grammaticalFeatures.sorted { $0.key < $1.key }.map { ($0.key, labels($0.value)) })
        }
        return .json(.object(["metadata": APIVersion.providerOnly, "results": results]))
    }
}
