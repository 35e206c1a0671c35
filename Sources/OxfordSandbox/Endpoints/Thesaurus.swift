import Foundation
import HTTPTypes
import OxfordDictionaries

extension OxfordSandbox {
    /// `/thesaurus/en/{word}` (v2; v1: `/entries/en/{word}/synonyms;antonyms`): the senses that have
    /// synonyms or antonyms, with them. `fields` takes `synonyms`, `antonyms` or both, never none.
    func thesaurus(
        _ request: SandboxRequest, language: String, word rawWord: String, version: APIVersion, v1Fields: Set<String>? = nil
    ) throws(SandboxFailure) -> SandboxResponse {
        let wanted: Set<String>
        if let v1Fields {
            wanted = v1Fields
        } else {
            try checkLanguage(language, in: Self.codes(OxfordLanguage.thesaurus), endpoint: "thesaurus")
            try request.allowOnly(["fields", "strictMatch"], endpoint: "thesaurus")
            let fields = request.list("fields") ?? ["synonyms", "antonyms"]
            guard !fields.isEmpty else {
                throw .badRequest("The parameter 'fields' cannot be empty: give synonyms, antonyms or synonyms,antonyms")
            }
            for field in fields where field != "synonyms" && field != "antonyms" {
                throw .badRequest("It is not possible to project a non-existing field: '\(field)'. Fields: antonyms, synonyms")
            }
            wanted = Set(fields)
        }
        let results = try englishHeadwords(request, rawWord, language: language, version: version) { id, headword in
            let lexicalEntries: [JSON] = headword.lexicalEntries.compactMap { entry in
                let senses: [JSON] = entry.senses.compactMap { sense in
                    let synonyms = wanted.contains("synonyms") ? related(sense.synonyms) : nil
                    let antonyms = wanted.contains("antonyms") ? related(sense.antonyms) : nil
                    guard synonyms != nil || antonyms != nil else { return nil }
                    return .object([
                        "antonyms": antonyms, "synonyms": synonyms, "id": .string(sense.id),
                        "domains": JSON.nonEmpty((sense.domains ?? []).map(version.label)),
                        "registers": JSON.nonEmpty((sense.registers ?? []).map(version.label)),
                        "regions": JSON.nonEmpty((sense.regions ?? []).map(version.label)),
                        "examples": JSON.nonEmpty((sense.examples ?? []).map { .object(["text": .string($0)]) }),
                    ])
                }
                guard !senses.isEmpty else { return nil }
                return .object([
                    "entries": .array([.object(["homographNumber": .string(version.firstHomograph), "senses": .array(senses)])]),
                    "language": .string(language),
                    "lexicalCategory": version.label(id: entry.lexicalCategory, text: SandboxLabels.text(entry.lexicalCategory)),
                    "text": .string(JSON.text(ofID: id)),
                ])
            }
            return JSON.headword(id, language: language, lexicalEntries)
        }
        return .json(.object(["metadata": version.metadata(operation: "thesaurus", schema: "Thesaurus"), "results": .array(results)]))
    }

    private func related(_ words: [String]?) -> JSON? {
        JSON.nonEmpty((words ?? []).map { word in
            .object(["id": .string(JSON.encodedID(word)), "language": .string("en"), "text": .string(word)])
        })
    }

    /// `/sentences/{language}/{word}` (v1: `/entries/{language}/{word}/sentences`): the example
    /// sentences of the word's senses that contain the word or one of its inflected forms, each
    /// linked to its sense. The sandbox has English sentences only.
    func sentences(_ request: SandboxRequest, language: String, word rawWord: String, version: APIVersion) throws(SandboxFailure)
        -> SandboxResponse
    {
        if version == .v2 {
            try checkLanguage(language, in: Self.codes(OxfordLanguage.sentences), endpoint: "sentences")
            try request.allowOnly(["strictMatch"], endpoint: "sentences")
        }
        let results = try englishHeadwords(request, rawWord, language: language, version: version) { id, headword in
            let lexicalEntries: [JSON] = headword.lexicalEntries.compactMap { entry in
                let forms = Set([id] + entry.inflections.map(\.form))
                var sentences: [JSON] = []
                for sense in entry.senses {
                    for example in sense.examples ?? [] where Self.contains(example, anyOf: forms) {
                        sentences.append(.object(["senseIds": .strings([sense.id]), "text": .string(example)]))
                    }
                }
                guard !sentences.isEmpty else { return nil }
                return .object([
                    "language": .string(language),
                    "lexicalCategory": version.label(id: entry.lexicalCategory, text: SandboxLabels.text(entry.lexicalCategory)),
                    "sentences": .array(sentences), "text": .string(JSON.text(ofID: id)),
                ])
            }
            return JSON.headword(id, language: language, lexicalEntries)
        }
        return .json(.object(["metadata": version.metadata(operation: "sentences", schema: "SentencesResults"), "results": .array(results)]))
    }

    /// The results `build` makes for the English headwords `rawWord` names (near-homographs too,
    /// unless `strictMatch=true`); the version's not-found answer when there are none, or when the
    /// language is not English (the only one with data).
    private func englishHeadwords(
        _ request: SandboxRequest, _ rawWord: String, language: String, version: APIVersion, build: (String, SandboxWord) -> JSON?
    ) throws(SandboxFailure) -> [JSON] {
        let word = try wordID(rawWord)
        let strictMatch = try request.bool("strictMatch") ?? false
        let notFound: SandboxFailure = version == .v2 ? .noEntry : .v1NotFound(word, language)
        guard language == "en" else { throw notFound }
        let results = try rendered(lexicon.headwords(matching: word, strictMatch: strictMatch), build)
        guard !results.isEmpty else { throw notFound }
        return results
    }

    /// Whether `text` has one of `forms` as a whole word, ignoring case.
    static func contains(_ text: String, anyOf forms: Set<String>) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "-" })
        return words.contains { forms.contains(String($0)) }
    }
}

extension SandboxFailure {
    /// The v1 service's not-found answer: an HTML page.
    static func v1NotFound(_ word: String, _ language: String) -> SandboxFailure {
        SandboxFailure(status: .notFound, message: "No entry available for '\(word)' in '\(language)'", style: .html)
    }
}
