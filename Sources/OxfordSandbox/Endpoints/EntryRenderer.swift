import Foundation
import HTTPTypes

/// Renders a headword of the lexicon as the service's `HeadwordEntry` (v2) or its v1 form, after
/// the request's filters and fields.
struct EntryRenderer: Sendable {
    var version: APIVersion
    /// The dataset named in the answer (`en-gb`, `en-us`, `en`).
    var language: String
    var selection: EntrySelection

    /// The headword entry, or `nil` when the filters leave nothing.
    func headwordEntry(_ id: String, _ word: SandboxWord) -> JSON? {
        var lexicalEntries: [JSON] = []
        for entry in word.lexicalEntries {
            if let categories = selection.lexicalCategories, !categories.contains(entry.lexicalCategory) { continue }
            // The data gives headwords no grammatical features, so a feature filter keeps none of them.
            if selection.grammaticalFeatures != nil { continue }
            let senses = entry.senses.filter(keeps)
            if senses.isEmpty { continue }
            lexicalEntries.append(lexicalEntry(id, word, entry, senses))
        }
        return JSON.headword(id, language: language, lexicalEntries)
    }

    private func keeps(_ sense: SandboxWord.Sense) -> Bool {
        if let domains = selection.domains, !(sense.domains ?? []).contains(where: { domains.contains(SandboxLabels.id($0)) }) {
            return false
        }
        if let registers = selection.registers, !(sense.registers ?? []).contains(where: { registers.contains(SandboxLabels.id($0)) }) {
            return false
        }
        return true
    }

    private func lexicalEntry(_ id: String, _ word: SandboxWord, _ entry: SandboxWord.LexicalEntry, _ senses: [SandboxWord.Sense]) -> JSON {
        let everything = selection.fields == nil
        let pronunciations = selection.wants("pronunciations") ? Self.pronunciations(word, version) : nil
        let inflections: JSON? =
            everything ? JSON.nonEmpty(Self.distinctForms(entry.inflections).map { .object(["inflectedForm": .string(JSON.text(ofID: $0))]) }) : nil
        let entryObject = JSON.object([
            "etymologies": selection.wants("etymologies") ? SandboxWord.strings(word.etymologies) : nil,
            "homographNumber": .string(version.firstHomograph),
            "inflections": inflections,
            "pronunciations": version == .v2 ? pronunciations : nil,
            "senses": .array(senses.map { sense(id, $0) }),
            "variantForms": selection.wants("variantForms") ? variantForms(word) : nil,
        ])
        // Related entries are v2's (v1 bodies carry v1's keys only), and a projection leaves them out.
        let related = everything && version == .v2
        return .object([
            "derivativeOf": related ? Self.relatedEntries(entry.derivativeOf) : nil,
            "derivatives": related ? Self.relatedEntries(entry.derivatives) : nil,
            "entries": .array([entryObject]),
            "language": .string(language),
            "lexicalCategory": version.label(id: entry.lexicalCategory, text: SandboxLabels.text(entry.lexicalCategory)),
            "phrasalVerbs": related ? Self.relatedEntries(entry.phrasalVerbs) : nil,
            "phrases": related ? Self.relatedEntries(entry.phrases) : nil,
            "pronunciations": version == .v1 ? pronunciations : nil,
            "text": .string(JSON.text(ofID: id)),
        ])
    }

    /// The inflected forms, each once, in order (`aced` is both past and past participle).
    static func distinctForms(_ inflections: [SandboxWord.Inflection]) -> [String] {
        var seen = Set<String>()
        return inflections.map(\.form).filter { seen.insert($0).inserted }
    }

    /// `[{id, text}]` of headwords given by their text.
    static func relatedEntries(_ texts: [String]?) -> JSON? {
        JSON.nonEmpty((texts ?? []).map { .object(["id": .string(JSON.encodedID($0)), "text": .string(JSON.text(ofID: $0))]) })
    }

    /// The word's other spellings, each with the region that uses it (`colour`: British).
    private func variantForms(_ word: SandboxWord) -> JSON? {
        JSON.nonEmpty((word.variantForms ?? []).map { variant in
            let region = variant.dialect.replacingOccurrences(of: " English", with: "")
            return .object(["regions": .array([version.label(region)]), "text": .string(variant.text)])
        })
    }

    private func sense(_ entryID: String, _ sense: SandboxWord.Sense) -> JSON {
        let everything = selection.fields == nil
        let synonyms = everything
            ? JSON.nonEmpty((sense.synonyms ?? []).map { .object(["id": .string(JSON.encodedID($0)), "language": .string(language), "text": .string($0)]) })
            : nil
        let linked = everything && (!(sense.synonyms ?? []).isEmpty || !(sense.antonyms ?? []).isEmpty)
        let classes = everything && version == .v2
        return .object([
            "definitions": selection.wants("definitions") ? sense.definitions.flatMap { JSON.nonEmpty($0.map(JSON.string)) } : nil,
            "domainClasses": classes ? labels(sense.domainClasses) : nil,
            "domains": selection.wants("domains") ? labels(sense.domains) : nil,
            "examples": selection.wants("examples") ? JSON.nonEmpty((sense.examples ?? []).map { .object(["text": .string($0)]) }) : nil,
            "id": .string(sense.id),
            "regions": selection.wants("regions") ? labels(sense.regions) : nil,
            "registers": selection.wants("registers") ? labels(sense.registers) : nil,
            "semanticClasses": classes ? labels(sense.semanticClasses) : nil,
            "synonyms": synonyms,
            "thesaurusLinks": linked && version == .v2
                ? .array([.object(["entry_id": .string(JSON.encodedID(entryID)), "sense_id": .string(sense.id)])]) : nil,
        ])
    }

    private func labels(_ values: [String]?) -> JSON? { JSON.nonEmpty((values ?? []).map(version.label)) }

    /// The word's pronunciations: IPA from the CMU dictionary (American English) and Wiktionary,
    /// whose transcriptions WikDict gives without their dialects, so none is claimed for them.
    static func pronunciations(_ word: SandboxWord, _ version: APIVersion) -> JSON? {
        JSON.nonEmpty(
            (word.pronunciations ?? []).map { pronunciation in
                .object([
                    "dialects": ["", "Wiktionary"].contains(pronunciation.dialect) ? nil : .strings([pronunciation.dialect]),
                    "phoneticNotation": .string("IPA"),
                    "phoneticSpelling": .string(pronunciation.ipa),
                ])
            })
    }
}
