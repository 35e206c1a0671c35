import Foundation
import HTTPTypes
import OxfordDictionaries

extension OxfordSandbox {
    /// `/entries/{language}/{word}`: the headword's entries; inflected forms and filters that match
    /// nothing answer 404, as the service does; plain `en` answers with the `en-gb` data.
    func entries(_ request: SandboxRequest, language: String, word rawWord: String) throws(SandboxFailure) -> SandboxResponse {
        try checkLanguage(language, in: Self.codes(OxfordLanguage.entries), endpoint: "entries")
        try request.allowOnly(["fields", "grammaticalFeatures", "lexicalCategory", "domains", "registers", "strictMatch"], endpoint: "entries")
        let word = try wordID(rawWord)
        let selection = try EntrySelection.parse(request, vocabulary: vocabulary, allowedFields: EntrySelection.entryFields)
        let strictMatch = try request.bool("strictMatch") ?? false
        // Plain `en` is answered with the British English data, labelled en-gb, as the service does.
        let dataset = language == OxfordLanguage.English.rawValue ? OxfordLanguage.britishEnglish.rawValue : language
        guard Self.englishMonolingual.contains(dataset) else { throw .noEntry }
        let renderer = EntryRenderer(version: .v2, language: dataset, selection: selection)
        let results = try rendered(lexicon.headwords(matching: word, strictMatch: strictMatch), renderer.headwordEntry)
        guard !results.isEmpty else { throw .noEntry }
        return .json(.object([
            "id": .string(rawWord), "metadata": APIVersion.v2.metadata(operation: "retrieve", schema: "RetrieveEntry"),
            "results": .array(results), "word": .string(JSON.text(ofID: word)),
        ]))
    }

    /// `/words/{language}?q=`: entries for a headword or an inflected form (`running` gives `run`);
    /// `q` is not case-sensitive.
    func words(_ request: SandboxRequest, language: String) throws(SandboxFailure) -> SandboxResponse {
        try checkLanguage(language, in: Self.codes(OxfordLanguage.monolingual), endpoint: "words")
        try request.allowOnly(["q", "fields", "grammaticalFeatures", "lexicalCategory", "domains", "registers"], endpoint: "words")
        guard let query = try request.single("q"), !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .badRequest("The parameter 'q' is required: the word or inflected form to look up")
        }
        guard query.count <= 128 else { throw .badRequest("The parameter 'q' has \(query.count) characters; the maximum is 128") }
        let selection = try EntrySelection.parse(request, vocabulary: vocabulary, allowedFields: EntrySelection.entryFields)
        guard Self.englishMonolingual.contains(language) else { throw .noEntry }
        let renderer = EntryRenderer(version: .v2, language: language, selection: selection)
        let results = try rendered(headwords(forWordOrForm: query), renderer.headwordEntry)
        guard !results.isEmpty else { throw .noEntry }
        return .json(.object([
            "metadata": APIVersion.v2.metadata(operation: "retrieve", schema: "RetrieveEntry"),
            "query": .string(query), "results": .array(results),
        ]))
    }

    /// The headwords a word or inflected form leads to, ignoring case: the word itself when it is a
    /// headword, then the headwords of its inflections.
    func headwords(forWordOrForm text: String) throws(SandboxFailure) -> [String] {
        let key = JSON.id(ofText: text.lowercased())
        var found: [String] = lexicon.contains(key) ? [key] : []
        for lemma in try lemmaLinks(of: key) where !found.contains(lemma.headword) { found.append(lemma.headword) }
        return found
    }
}
