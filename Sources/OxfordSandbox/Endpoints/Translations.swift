import Foundation
import HTTPTypes
import OxfordDictionaries

extension OxfordSandbox {
    /// The target languages of translations: the service's, and those the lexicon has beyond them
    /// (WikDict's Finnish, Japanese, Norwegian Bokmål and Bulgarian, the Wiktionary's French).
    var translationTargets: [String] {
        let service = Self.codes(OxfordLanguage.bilingualTarget)
        return service + lexicon.translationLanguages.filter { !service.contains($0) }
    }

    /// `/translations/{source}/{target}/{word}` (v1: `/entries/{source}/{word}/translations={target}`):
    /// the senses of the word that have translations into the target, with the English gloss as the
    /// definition.
    func translations(
        _ request: SandboxRequest, source: String, target: String, word rawWord: String, version: APIVersion
    ) throws(SandboxFailure) -> SandboxResponse {
        try checkLanguage(source, in: Self.codes(OxfordLanguage.bilingualSource), endpoint: "translations")
        try checkLanguage(target, in: translationTargets, endpoint: "translations", role: "Target")
        guard source != target else { throw .badRequest("source_lang and target_lang can not be same") }
        var selection = EntrySelection()
        if version == .v2 {
            try request.allowOnly(["fields", "grammaticalFeatures", "lexicalCategory", "domains", "registers", "strictMatch"], endpoint: "translations")
            selection = try EntrySelection.parse(request, vocabulary: vocabulary, allowedFields: EntrySelection.entryFields.union(["translations"]))
        }
        let word = try wordID(rawWord)
        let strictMatch = try request.bool("strictMatch") ?? false
        let notFound: SandboxFailure = version == .v2
            ? .notFound("No bilingual entry is found matching supplied source_lang and id and/or that entry has no senses with translations in the target language")
            : .v1NotFound(word, source)
        guard source == "en" else { throw notFound }
        let results: [JSON] = try rendered(lexicon.headwords(matching: word, strictMatch: strictMatch), withTranslations: true) { id, headword in
            guard let translations = headword.translations?[target] else { return nil }
            var categories: [String] = []
            for translation in translations where !categories.contains(translation.lexicalCategory) { categories.append(translation.lexicalCategory) }
            let lexicalEntries: [JSON] = categories.compactMap { category in
                if let wanted = selection.lexicalCategories, !wanted.contains(category) { return nil }
                // The bilingual data has no grammatical features, domains or registers to select by.
                if selection.grammaticalFeatures != nil || selection.domains != nil || selection.registers != nil { return nil }
                let senses: [JSON] = translations.enumerated().filter { $0.element.lexicalCategory == category }.map { number, sense in
                    .object([
                        "definitions": selection.wants("definitions") ? sense.gloss.map { .strings([$0]) } : nil,
                        "id": .string(sense.senseID.map { "\($0)-\(target)" } ?? "wikdict-\(target)-\(id)-\(number + 1)"),
                        "translations": selection.wants("translations")
                            ? .array(sense.translations.map { .object(["language": .string(target), "text": .string($0)]) }) : nil,
                    ])
                }
                return .object([
                    "entries": .array([.object(["homographNumber": .string(version.firstHomograph), "senses": .array(senses)])]),
                    "language": .string(source),
                    "lexicalCategory": version.label(id: category, text: SandboxLabels.text(category)),
                    "text": .string(JSON.text(ofID: id)),
                ])
            }
            return JSON.headword(id, language: source, lexicalEntries)
        }
        guard !results.isEmpty else { throw notFound }
        return .json(.object([
            "id": version == .v2 ? .string(rawWord) : nil,
            "metadata": version.metadata(operation: "translations", schema: "RetrieveTranslations"),
            "results": .array(results), "word": version == .v2 ? .string(JSON.text(ofID: word)) : nil,
        ]))
    }
}
