import Foundation
import HTTPTypes
import OxfordDictionaries

extension OxfordSandbox {
    /// `/lemmas/{language}/{word}` (v2) and `/inflections/{language}/{word}` (v1, the lemmatron): the
    /// headwords an inflected form belongs to (`pixels` → `pixel`). Filters that match nothing
    /// answer 200 with empty results, as the service does.
    func lemmas(
        _ request: SandboxRequest, language: String, word rawWord: String, version: APIVersion,
        pathFilters: [String: [String]] = [:]
    ) throws(SandboxFailure) -> SandboxResponse {
        let allowed = version == .v2 ? Self.codes(OxfordLanguage.lemmas) : Self.v1InflectionLanguages
        try checkLanguage(language, in: allowed, endpoint: version == .v2 ? "lemmas" : "inflections")
        try request.allowOnly(version == .v2 ? ["grammaticalFeatures", "lexicalCategory"] : [], endpoint: version == .v2 ? "lemmas" : "inflections")
        let word = try wordID(rawWord)
        let categories = try EntrySelection.checked(
            pathFilters["lexicalCategory"].map { $0.map { $0.lowercased() } } ?? request.list("lexicalCategory"), "lexicalCategory",
            vocabulary.allowedLexicalCategories)
        let features = try EntrySelection.checked(
            pathFilters["grammaticalFeatures"] ?? request.list("grammaticalFeatures"), "grammaticalFeatures",
            vocabulary.allowedGrammaticalFeatures)
        let notFound = SandboxFailure(
            status: .notFound, message: version == .v2
                ? "No lemma was found in dictionary '\(language)' for the inflected form '\(word)'"
                : "No lemma available for '\(word)' in '\(language)'",
            style: version == .v2 ? .error : .html)
        guard language == "en" else { throw notFound }
        var known = lexicon.contains(word)
        if !known {
            do { known = try lexicon.isInflectedForm(word) } catch { throw .damaged(error) }
        }
        let key = known ? word : word.lowercased()
        let headword = try self.headword(key)

        struct Link { var headword: String, category: String, features: [SandboxLabels.Feature] }
        var links: [Link] = []
        for entry in headword?.lexicalEntries ?? [] { links.append(Link(headword: key, category: entry.lexicalCategory, features: [])) }
        for lemma in try lemmaLinks(of: key) {
            // WordNet's "irregular" links repeat what a tagged link already says.
            if lemma.tag == "irregular", links.contains(where: { $0.headword == lemma.headword && $0.category == lemma.lexicalCategory }) { continue }
            links.append(Link(headword: lemma.headword, category: lemma.lexicalCategory, features: SandboxLabels.features(ofTag: lemma.tag)))
        }
        guard !links.isEmpty else { throw notFound }
        let kept = links.filter { link in
            (categories?.contains(link.category) ?? true) && (features.map { wanted in link.features.contains { wanted.contains($0.id) } } ?? true)
        }
        let lexicalEntries: [JSON] = kept.map { link in
            .object([
                "grammaticalFeatures": JSON.nonEmpty(link.features.map(version.feature)),
                "inflectionOf": .array([.object(["id": .string(JSON.encodedID(link.headword)), "text": .string(JSON.text(ofID: link.headword))])]),
                "language": .string(language),
                "lexicalCategory": version.label(id: link.category, text: SandboxLabels.text(link.category)),
                "text": .string(JSON.text(ofID: key)),
            ])
        }
        let results: [JSON] = kept.isEmpty ? [] : [
            .object([
                "id": .string(JSON.encodedID(key)), "language": .string(language), "lexicalEntries": .array(lexicalEntries),
                "type": .string(headword == nil ? "inflection" : "headword"), "word": .string(JSON.text(ofID: key)),
            ])
        ]
        return .json(.object(["metadata": APIVersion.providerOnly, "results": .array(results)]))
    }

    /// v1's inflections (lemmatron) languages.
    static let v1InflectionLanguages = ["en", "es", "hi", "nso", "tn", "zu", "de", "pt"]

    /// `/inflections/{language}/{word}` (v2): the inflected forms of a headword, per part of speech.
    func inflections(_ request: SandboxRequest, language: String, word rawWord: String) throws(SandboxFailure) -> SandboxResponse {
        try checkLanguage(language, in: Self.codes(OxfordLanguage.inflections), endpoint: "inflections")
        try request.allowOnly(["strictMatch"], endpoint: "inflections")
        let word = try wordID(rawWord)
        let strictMatch = try request.bool("strictMatch") ?? false
        guard Self.englishMonolingual.contains(language) else { throw .noEntry }
        let results: [JSON] = try rendered(lexicon.headwords(matching: word, strictMatch: strictMatch)) { id, headword in
            let lexicalEntries: [JSON] = headword.lexicalEntries.map { entry in
                // The headword's own form first, as the service lists it: the schema wants at least one
                // form, and a word such as the noun "ace" has one other at most.
                .object([
                    "inflections": .array([.object(["inflectedForm": .string(JSON.text(ofID: id))])] + entry.inflections.map { inflection in
                        .object([
                            "grammaticalFeatures": JSON.nonEmpty(SandboxLabels.features(ofTag: inflection.tag).map(APIVersion.v2.feature)),
                            "inflectedForm": .string(JSON.text(ofID: inflection.form)),
                        ])
                    }),
                    "language": .string(language),
                    "lexicalCategory": APIVersion.v2.label(id: entry.lexicalCategory, text: SandboxLabels.text(entry.lexicalCategory)),
                ])
            }
            return .object(["id": .string(JSON.encodedID(id)), "language": .string(language), "lexicalEntries": .array(lexicalEntries), "text": .string(JSON.text(ofID: id))])
        }
        guard !results.isEmpty else { throw .noEntry }
        return .json(.object(["metadata": APIVersion.v2.metadata(operation: "inflections", schema: "Inflections"), "results": .array(results)]))
    }
}
