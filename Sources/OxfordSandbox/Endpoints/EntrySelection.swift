import Foundation
import HTTPTypes

/// The filters (selection) and fields (projection) of an entries-like request.
struct EntrySelection: Sendable {
    /// Keep lexical entries of these parts of speech (`nil`: all).
    var lexicalCategories: Set<String>?
    /// Keep lexical entries with these grammatical features (`nil`: all).
    var grammaticalFeatures: Set<String>?
    /// Keep senses in these domains (`nil`: all).
    var domains: Set<String>?
    /// Keep senses in these registers (`nil`: all).
    var registers: Set<String>?
    /// The fields to project (`nil`: every field; empty: the minimum payload).
    var fields: Set<String>?

    /// Whether a filter is given.
    var isFiltered: Bool { lexicalCategories != nil || grammaticalFeatures != nil || domains != nil || registers != nil }

    /// Whether the field is wanted.
    func wants(_ field: String) -> Bool { fields?.contains(field) ?? true }

    /// The fields of entries (spec §2.1).
    static let entryFields: Set<String> = [
        "definitions", "domains", "etymologies", "examples", "pronunciations", "regions", "registers", "variantForms",
    ]

    /// Reads and checks the filters and fields of a request: unknown values are a bad request that
    /// names the value and what is allowed.
    static func parse(
        _ request: SandboxRequest, vocabulary: SandboxVocabulary, allowedFields: Set<String>?
    ) throws(SandboxFailure) -> EntrySelection {
        var selection = EntrySelection()
        selection.lexicalCategories = try checked(request.list("lexicalCategory"), "lexicalCategory", vocabulary.allowedLexicalCategories)
        selection.grammaticalFeatures = try checked(
            request.list("grammaticalFeatures"), "grammaticalFeatures", vocabulary.allowedGrammaticalFeatures)
        selection.domains = try checked(request.list("domains"), "domains", vocabulary.allowedDomains)
        selection.registers = try checked(request.list("registers"), "registers", vocabulary.allowedRegisters)
        if let allowedFields, let fields = request.list("fields") {
            for field in fields where !allowedFields.contains(field) {
                throw .badRequest(
                    "It is not possible to project a non-existing field: '\(field)'. Fields: \(allowedFields.sorted().joined(separator: ", "))")
            }
            selection.fields = Set(fields)
        }
        return selection
    }

    /// The values, each checked against `allowed`; `nil` when the filter is absent.
    static func checked(_ values: [String]?, _ filter: String, _ allowed: Set<String>) throws(SandboxFailure) -> Set<String>? {
        guard let values else { return nil }
        guard !values.isEmpty else { throw .badRequest("The filter '\(filter)' has no value") }
        for value in values where !allowed.contains(value) {
            let sample = allowed.sorted().prefix(40).joined(separator: ", ")
            throw .badRequest(
                "Unknown value '\(value)' for the filter '\(filter)'. Known values (\(allowed.count)): \(sample)\(allowed.count > 40 ? ", …" : "")")
        }
        return Set(values)
    }
}
