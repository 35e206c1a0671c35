import Foundation
import HTTPTypes
import OxfordDictionaries

extension OxfordSandbox {
    /// The retired v1 layout (spec §3), by path after `/api/v1`: filters are path segments of
    /// `name=value` pairs joined by `;`, bodies use v1's shapes, and not-found answers are HTML pages.
    func routeV1(_ request: SandboxRequest, _ path: [String]) throws(SandboxFailure) -> SandboxResponse {
        let utilityLists: Set<String> = ["domains", "registers", "lexicalcategories", "grammaticalFeatures", "regions"]
        switch (path.first ?? "", path.count) {
        case ("entries", 3), ("entries", 4): return try entriesV1(request, language: path[1], word: path[2], filters: path.count == 4 ? path[3] : "")
        case ("inflections", 3), ("inflections", 4):
            let filters = try Self.pathFilters(path.count == 4 ? path[3] : "")
            for name in filters.keys where name != "grammaticalFeatures" && name != "lexicalCategory" {
                throw .badRequest("Unknown filter '\(name)' for the inflections endpoint. Allowed: grammaticalFeatures, lexicalCategory")
            }
            return try lemmas(request, language: path[1], word: path[2], version: .v1, pathFilters: filters.compactMapValues { $0 })
        case ("search", 2): return try search(request, kind: .dictionary, source: path[1], target: nil, version: .v1)
        case ("search", 3) where path[2].hasPrefix("translations="):
            return try search(request, kind: .translations, source: path[1], target: String(path[2].dropFirst("translations=".count)), version: .v1)
        case ("wordlist", 3): return try wordlist(request, language: path[1], filters: path[2])
        case ("languages", 1): return try languages(request)
        case ("filters", 1), ("filters", 2): return try filterList(request, endpoint: path.count == 2 ? path[1] : nil, version: .v1)
        case (let list, 2) where utilityLists.contains(list): return try utilityList(request, list, source: path[1], target: nil, version: .v1)
        case (let list, 3) where utilityLists.contains(list) && list != "regions":
            return try utilityList(request, list, source: path[1], target: path[2], version: .v1)
        case ("stats", _) where path.count >= 4 && path[1] == "frequency": return try stats(request, Array(path.dropFirst(2)))
        default:
            throw SandboxFailure(status: .notFound, message: "The requested URL was not found on the server.", style: .html)
        }
    }

    /// A v1 filter segment (`grammaticalFeatures=singular,past;lexicalCategory=noun;examples`): each
    /// name with its values, or `nil` for a bare name.
    static func pathFilters(_ segment: String) throws(SandboxFailure) -> [String: [String]?] {
        var filters: [String: [String]?] = [:]
        for item in segment.split(separator: ";") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard filters[name] == nil else { throw .badRequest("The filter '\(name)' is given twice; give its values once, comma-separated") }
            if parts.count == 2 {
                let values = parts[1].split(separator: ",").map(String.init)
                guard !values.isEmpty else { throw .badRequest("The filter '\(name)' has no values") }
                filters[name] = .some(values)
            } else {
                filters[name] = .some(nil)
            }
        }
        return filters
    }

    /// v1 `/entries/{language}/{word}[/{filters}]`: entries, or (by the filter segment) synonyms,
    /// antonyms, sentences or translations.
    private func entriesV1(_ request: SandboxRequest, language: String, word: String, filters segment: String) throws(SandboxFailure)
        -> SandboxResponse
    {
        try checkLanguage(language, in: Self.v1EntryLanguages, endpoint: "entries")
        try request.allowOnly([], endpoint: "entries")
        let filters = try Self.pathFilters(segment)
        let names = Set(filters.keys)
        if !names.isEmpty, names.isSubset(of: ["synonyms", "antonyms"]) {
            return try thesaurus(request, language: language, word: word, version: .v1, v1Fields: names)
        }
        if names == ["sentences"] { return try sentences(request, language: language, word: word, version: .v1) }
        if names == ["translations"], let targets = filters["translations"] ?? nil, targets.count == 1 {
            return try translations(request, source: language, target: targets[0], word: word, version: .v1)
        }
        let projections: Set<String> = ["definitions", "domains", "etymologies", "examples", "pronunciations", "regions", "registers", "variantForms"]
        let allowed = Set(Self.v1Filters["entries"] ?? [])
        var selection = EntrySelection()
        var fields: Set<String> = []
        for (name, values) in filters {
            guard allowed.contains(name) else {
                throw .badRequest("Unknown filter '\(name)' for the entries endpoint. Allowed: \(allowed.sorted().joined(separator: ", ")); or synonyms, antonyms, sentences")
            }
            switch (name, values) {
            case ("regions", let values?):
                for region in values where region != "gb" && region != "us" { throw .badRequest("Unknown region '\(region)': use gb or us") }
            case ("lexicalCategory", let values?):
                selection.lexicalCategories = try EntrySelection.checked(values.map { $0.lowercased() }, name, vocabulary.allowedLexicalCategories)
            case ("grammaticalFeatures", let values?):
                selection.grammaticalFeatures = try EntrySelection.checked(values.map { $0.lowercased() }, name, vocabulary.allowedGrammaticalFeatures)
            case ("domains", let values?): selection.domains = try EntrySelection.checked(values.map(SandboxLabels.id), name, vocabulary.allowedDomains)
            case ("registers", let values?):
                selection.registers = try EntrySelection.checked(values.map(SandboxLabels.id), name, vocabulary.allowedRegisters)
            case ("translations", _): throw .badRequest("The filter 'translations' takes one target language and no other filters")
            case (let projection, nil) where projections.contains(projection): fields.insert(projection)
            default: throw .badRequest("The filter '\(name)' needs values (\(name)=…)")
            }
        }
        if !fields.isEmpty { selection.fields = fields }
        let id = try wordID(word)
        guard language == "en" else { throw .v1NotFound(id, language) }
        let renderer = EntryRenderer(version: .v1, language: language, selection: selection)
        let results = try rendered(lexicon.headwords(matching: id, strictMatch: false), renderer.headwordEntry)
        guard !results.isEmpty else { throw .v1NotFound(id, language) }
        return .json(.object(["metadata": APIVersion.providerOnly, "results": .array(results)]))
    }
}
