import Foundation
import HTTPTypes
import OxfordDictionaries

/// The identifiers and display texts of the sandbox's labels, derived from the data: WordNet's
/// labels (`computer science`) become the API's identifiers (`computer_science`) and texts
/// (`Computer Science`).
enum SandboxLabels {
    /// The API identifier of a label: lowercase, spaces as underscores.
    static func id(_ label: String) -> String {
        if label.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A || $0 == UInt8(ascii: "_") }) { return label }
        return JSON.id(ofText: label.lowercased())
    }

    /// The display text of a label: each word capitalised.
    static func text(_ label: String) -> String {
        guard label.utf8.allSatisfy({ $0 < 0x80 }) else {
            return JSON.text(ofID: label).split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
        // ASCII: capitalise each word's first letter in one pass over the bytes.
        var startOfWord = true
        let bytes = label.utf8.map { byte -> UInt8 in
            let separator = byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ")
            defer { startOfWord = separator }
            if separator { return UInt8(ascii: " ") }
            return startOfWord && byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A grammatical feature: its identifier, text and type (the API's group).
    struct Feature: Sendable, Hashable {
        var id: String
        var text: String
        var type: String
    }

    /// The grammatical features of a Penn Treebank tag of an inflected form (`NNS` is plural).
    static func features(ofTag tag: String) -> [Feature] {
        func feature(_ value: OxfordGrammaticalFeature) -> Feature {
            Feature(id: value.rawValue, text: text(value.rawValue), type: value.featureType ?? "Residual")
        }
        switch tag {
        case "NNS": return [feature(.plural)]
        case "VBD": return [feature(.past)]
        case "VBN": return [feature(.pastParticiple)]
        case "VBG": return [feature(.presentParticiple)]
        case "VBZ": return [feature(.third), feature(.singular), feature(.present)]
        case "VBP": return [feature(.present)]
        case "JJR", "RBR": return [feature(.comparative)]
        case "JJS", "RBS": return [feature(.superlative)]
        default: return []
        }
    }

    /// Every tag the data uses.
    static let tags = ["NNS", "VBD", "VBN", "VBG", "VBZ", "VBP", "JJR", "RBR", "JJS", "RBS"]
}

/// The controlled vocabulary the sandbox's data uses, for the utility lists and filter checks.
struct SandboxVocabulary: Sendable {
    /// Domain, register and region identifiers → texts; lexical categories present.
    var domains: [String: String] = [:]
    var registers: [String: String] = [:]
    var regions: [String: String] = [:]
    var lexicalCategories: Set<String> = []
    /// Grammatical features, by type then identifier.
    var grammaticalFeatures: [String: [String: String]] = [:]

    init(_ lexicon: SandboxLexicon) {
        domains = lexicon.labels.domains
        registers = lexicon.labels.registers
        regions = lexicon.labels.regions
        lexicalCategories = Set(lexicon.categories)
        for tag in SandboxLabels.tags {
            for feature in SandboxLabels.features(ofTag: tag) { grammaticalFeatures[feature.type, default: [:]][feature.id] = feature.text }
        }
        computeAllowed()
    }

    /// Identifiers a filter may name: what the data uses and what the real service knows.
    private(set) var allowedDomains: Set<String> = []
    private(set) var allowedRegisters: Set<String> = []
    private(set) var allowedRegions: Set<String> = []
    private(set) var allowedLexicalCategories: Set<String> = []
    private(set) var allowedGrammaticalFeatures: Set<String> = []

    private mutating func computeAllowed() {
        allowedDomains = Set(domains.keys).union(OxfordDomain.known.map(\.rawValue))
        allowedRegisters = Set(registers.keys).union(OxfordRegister.known.map(\.rawValue))
        allowedRegions = Set(regions.keys)
        allowedLexicalCategories = lexicalCategories.union(OxfordLexicalCategory.known.map(\.rawValue))
        allowedGrammaticalFeatures = Set(grammaticalFeatures.values.flatMap(\.keys)).union(OxfordGrammaticalFeature.known.map(\.rawValue))
    }
}
