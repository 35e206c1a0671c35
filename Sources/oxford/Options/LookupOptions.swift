import ArgumentParser
import EndpointKit
import Foundation
import OxfordDictionaries

/// The filters a command may take.
enum FilterOption: String, CaseIterable, Sendable, Comparable {
    case lexicalCategory = "--lexical-category"
    case grammaticalFeature = "--grammatical-feature"
    case domain = "--domain"
    case register = "--register"
    case region = "--region"
    case fields = "--fields"
    case strictMatch = "--strict-match"

    static func < (lhs: FilterOption, rhs: FilterOption) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Language, region, fields and filters of a look-up. Each command names the filters it takes;
/// any other is refused with that list.
struct LookupOptions: ParsableArguments {
    @Option(help: "The dataset language, such as en-gb, en-us or es (default: the command's English dataset).")
    var language: String?

    @Option(help: "English region: gb or us (v2: the en-gb or en-us dataset; v1: regions=…).")
    var region: String?

    @Option(help: "Fields to return, comma-separated (such as definitions,examples); empty for the minimum.")
    var fields: String?

    @Option(name: .customLong("lexical-category"), help: "Only these parts of speech (comma-separated or repeated), such as noun,verb.")
    var lexicalCategories: [String] = []

    @Option(name: .customLong("grammatical-feature"), help: "Only these grammatical features, such as plural.")
    var grammaticalFeatures: [String] = []

    @Option(name: .customLong("domain"), help: "Only senses in these domains, such as golf.")
    var domains: [String] = []

    @Option(name: .customLong("register"), help: "Only senses in these registers, such as slang.")
    var registers: [String] = []

    @Flag(name: .customLong("strict-match"), help: "Diacritics must match exactly (rose does not match rosé).")
    var strictMatch = false

    /// The filters given.
    var given: Set<FilterOption> {
        var given = Set<FilterOption>()
        if !lexicalCategories.isEmpty { given.insert(.lexicalCategory) }
        if !grammaticalFeatures.isEmpty { given.insert(.grammaticalFeature) }
        if !domains.isEmpty { given.insert(.domain) }
        if !registers.isEmpty { given.insert(.register) }
        if region != nil { given.insert(.region) }
        if fields != nil { given.insert(.fields) }
        if strictMatch { given.insert(.strictMatch) }
        return given
    }

    /// Refuses a filter `command` does not take, naming the ones it does.
    func check(allowed: Set<FilterOption>, command: String) throws {
        for option in given.sorted() where !allowed.contains(option) {
            let list = allowed.isEmpty ? "no filters" : allowed.sorted().map(\.rawValue).joined(separator: ", ")
            throw ValidationError("\(option.rawValue) is not a filter of \(command): it takes \(list)")
        }
        if let region, region != "gb", region != "us" { throw ValidationError("--region \(region) is not a region: use gb or us") }
        if region != nil, let language, !language.hasPrefix("en") {
            throw ValidationError("--region is for English; --language \(language) is not English")
        }
    }

    /// Comma-separated or repeated values, split and trimmed.
    static func split(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    }

    /// The v2 monolingual dataset: `--language`, else `en-us` for `--region us`, else `en-gb`.
    var monolingual: OxfordLanguage {
        if let language { return OxfordLanguage(language == "en" ? (region == "us" ? "en-us" : "en-gb") : language) }
        return region == "us" ? .americanEnglish : .britishEnglish
    }

    /// A dataset of the families that use plain `en` (lemmas, thesaurus, sentences, translations).
    var english: OxfordLanguage {
        guard let language else { return .English }
        return language.hasPrefix("en-") ? .English : OxfordLanguage(language)
    }

    /// The selection filters.
    var selection: OxfordSelection {
        OxfordSelection(
            grammaticalFeatures: Self.split(grammaticalFeatures).map(OxfordGrammaticalFeature.init),
            lexicalCategories: Self.split(lexicalCategories).map(OxfordLexicalCategory.init),
            domains: Self.split(domains).map(OxfordDomain.init), registers: Self.split(registers).map(OxfordRegister.init))
    }

    /// `--fields` as a list; `nil` when not given, empty for `--fields ""`.
    var fieldList: [OxfordField]? { fields.map { Self.split([$0]).map(OxfordField.init) } }

    /// `--strict-match` as the API's optional parameter.
    var strict: Bool? { strictMatch ? true : nil }

    /// The v1 filters of the same options (`lexicalCategory=noun;domains=golf`).
    var v1Filters: [OxfordFilter] {
        var filters: [OxfordFilter] = []
        if !lexicalCategories.isEmpty { filters.append(.lexicalCategory(Self.split(lexicalCategories).map(OxfordLexicalCategory.init))) }
        if !grammaticalFeatures.isEmpty { filters.append(.grammaticalFeatures(Self.split(grammaticalFeatures).map(OxfordGrammaticalFeature.init))) }
        if !domains.isEmpty { filters.append(.domains(Self.split(domains).map(OxfordDomain.init))) }
        if !registers.isEmpty { filters.append(.registers(Self.split(registers).map(OxfordRegister.init))) }
        if let region { filters.append(.regions([OxfordRegion(region)])) }
        for field in fieldList ?? [] {
            switch field {
            case .definitions: filters.append(.definitions([]))
            case .examples: filters.append(.examples([]))
            case .pronunciations: filters.append(.pronunciations([]))
            case .etymologies: filters.append(.etymologies([]))
            case .variantForms: filters.append(.variantForms([]))
            default: break
            }
        }
        return filters
    }
}
