import Foundation
import HTTPTypes

extension OxfordSandbox {
    /// The one corpus the sandbox has frequencies from.
    static let corpus = "wordfreq"

    /// LexiStats, `/stats/frequency/{word|words|ngrams}/…` (v1 semantics; spec §3.4). Frequencies come
    /// from wordfreq 3.1.1, which publishes proportions rather than counts, so answers carry
    /// `normalizedFrequency` (per million words) and `matchCount` but no `frequency` count, and
    /// `corpus` is `wordfreq` (the service's `nmc` is refused by name). There is no open ngram
    /// corpus offline, so ngrams answer 404 saying so.
    func stats(_ request: SandboxRequest, _ path: [String]) throws(SandboxFailure) -> SandboxResponse {
        switch path[0] {
        case "word" where path.count <= 3: return try wordFrequency(request, language: path[1], pathOptions: path.count == 3 ? path[2] : nil)
        case "words" where path.count <= 3: return try wordFrequencies(request, language: path[1], pathOptions: path.count == 3 ? path[2] : nil)
        case "ngrams":
            throw .notFound("The sandbox has no ngram counts: no openly licensed ngram corpus is available offline. Frequencies of single words come from wordfreq (/stats/frequency/word)")
        default: throw .unknownRoute
        }
    }

    /// The query's options plus v1's path form (`lemma=test;lexicalCategory=noun`).
    private func options(_ request: SandboxRequest, _ pathOptions: String?) throws(SandboxFailure) -> SandboxRequest {
        var request = request
        for pair in (pathOptions ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw .badRequest("The path option '\(pair)' is not name=value") }
            request.query[String(parts[0]), default: []].append(String(parts[1]))
        }
        return request
    }

    private func checkCorpus(_ request: SandboxRequest, language: String) throws(SandboxFailure) {
        try checkLanguage(language, in: ["en"], endpoint: "stats")
        let corpus = try request.single("corpus") ?? Self.corpus
        guard corpus == Self.corpus else {
            throw .badRequest("Unknown corpus '\(corpus)': the sandbox has only '\(Self.corpus)' (wordfreq 3.1.1 frequencies), not the New Monitor Corpus")
        }
    }

    private func frequencyRecord(_ id: String, frequency: Double, category: String?) -> JSON {
        .object([
            "lemma": .string(id), "lexicalCategory": category.map(JSON.string), "matchCount": .int(1),
            "normalizedFrequency": .double((frequency * 1_000_000 * 10_000).rounded() / 10_000),
            "trueCase": .string(id), "wordform": .string(id),
        ])
    }

    private func statsMetadata(_ language: String, _ request: SandboxRequest, total: Int? = nil) -> JSON {
        var options = request.query.mapValues { JSON.string($0.joined(separator: ",")) }
        options["corpus"] = .string(Self.corpus)
        return .object([
            "language": .string(language), "options": .object(options.sorted { $0.key < $1.key }),
            "provider": .string(APIVersion.provider), "total": total.map(JSON.int),
        ])
    }

    /// `/stats/frequency/word/{language}`: one word by `wordform`, `trueCase` or `lemma`, optionally
    /// of one `lexicalCategory`.
    private func wordFrequency(_ request: SandboxRequest, language: String, pathOptions: String?) throws(SandboxFailure) -> SandboxResponse {
        let request = try options(request, pathOptions)
        try request.allowOnly(["corpus", "wordform", "trueCase", "lemma", "lexicalCategory"], endpoint: "stats/frequency/word")
        try checkCorpus(request, language: language)
        let wordform = try request.single("wordform"), trueCase = try request.single("trueCase"), lemma = try request.single("lemma")
        let category = try EntrySelection.checked(try request.single("lexicalCategory").map { [$0] }, "lexicalCategory", vocabulary.allowedLexicalCategories)?.first
        guard let asked = wordform ?? trueCase?.lowercased() ?? lemma else {
            throw .badRequest("One of the options wordform, trueCase or lemma has to be provided")
        }
        guard let word = try headword(asked), category.map({ wanted in word.lexicalEntries.contains { $0.lexicalCategory == wanted } }) ?? true
        else { throw .notFound("No frequency found for '\(asked)'\(category.map { " as \($0)" } ?? "") in the corpus '\(Self.corpus)'") }
        return .json(.object([
            "metadata": statsMetadata(language, request), "result": frequencyRecord(asked, frequency: word.frequency, category: category),
        ]))
    }

    /// `/stats/frequency/words/{language}`: many words, filtered, sorted and paged (`offset`, `limit`
    /// up to 5000, default 100).
    private func wordFrequencies(_ request: SandboxRequest, language: String, pathOptions: String?) throws(SandboxFailure) -> SandboxResponse {
        let request = try options(request, pathOptions)
        try request.allowOnly(
            ["corpus", "wordform", "wordforms", "trueCase", "trueCases", "lemma", "lemmas", "lexicalCategory", "lexicalCategories", "sort", "collate",
             "minFrequency", "maxFrequency", "minNormalizedFrequency", "maxNormalizedFrequency", "offset", "limit"],
            endpoint: "stats/frequency/words")
        try checkCorpus(request, language: language)
        for name in ["minFrequency", "maxFrequency"] where request.query[name] != nil {
            throw .badRequest("The option '\(name)' needs counts, which wordfreq does not publish: use minNormalizedFrequency or maxNormalizedFrequency")
        }
        let names = Set(["wordform", "wordforms", "trueCase", "trueCases", "lemma", "lemmas"].flatMap { request.list($0) ?? [] }.map { $0.lowercased() })
        let categoryNames = (request.list("lexicalCategory") ?? []) + (request.list("lexicalCategories") ?? [])
        let categories = try EntrySelection.checked(categoryNames.isEmpty ? nil : categoryNames, "lexicalCategory", vocabulary.allowedLexicalCategories)
        func bound(_ name: String) throws(SandboxFailure) -> Double? {
            guard let text = try request.single(name) else { return nil }
            guard let value = Double(text), value.isFinite else { throw .badRequest("The option '\(name)' must be a number, not '\(text)'") }
            return value
        }
        let low = try bound("minNormalizedFrequency"), high = try bound("maxNormalizedFrequency")
        for key in request.list("collate") ?? [] where !["wordform", "trueCase", "lemma", "lexicalCategory"].contains(key) {
            throw .badRequest("Unknown collate field '\(key)'. Allowed: wordform, trueCase, lemma, lexicalCategory")
        }
        let sortKeys = request.list("sort") ?? ["-normalizedFrequency"]
        let sortable: Set<String> = ["wordform", "trueCase", "lemma", "lexicalCategory", "frequency", "normalizedFrequency"]
        for key in sortKeys where !sortable.contains(key.hasPrefix("-") ? String(key.dropFirst()) : key) {
            throw .badRequest("Unknown sort key '\(key)'. Allowed: \(sortable.sorted().joined(separator: ", ")), each optionally prefixed with '-'")
        }
        let offset = try request.int("offset", in: 0...Int.max) ?? 0
        let limit = try request.int("limit", in: 1...5000) ?? 100

        // Filtered and sorted by what the key index holds (a 32-bit frequency); the page's records give
        // the exact figures.
        var records: [(id: String, frequency: Double, category: String?)] = []
        let indices = names.isEmpty ? Array(0..<lexicon.headwordCount) : names.sorted().compactMap { lexicon.headwords.index(of: $0) }
        for index in indices {
            let summary = lexicon.summary(at: index)
            let perMillion = summary.frequency * 1_000_000
            if let low, perMillion < low { continue }
            if let high, perMillion > high { continue }
            let id = lexicon.headwords.key(at: index)
            if let categories {
                for category in summary.categories where categories.contains(category) { records.append((id, summary.frequency, category)) }
            } else {
                records.append((id, summary.frequency, nil))
            }
        }
        records.sort { lhs, rhs in
            for key in sortKeys {
                let descending = key.hasPrefix("-")
                let name = descending ? String(key.dropFirst()) : key
                if name == "frequency" || name == "normalizedFrequency" {
                    if lhs.frequency != rhs.frequency { return descending ? lhs.frequency > rhs.frequency : lhs.frequency < rhs.frequency }
                } else if name == "lexicalCategory" {
                    if lhs.category != rhs.category { return descending ? (lhs.category ?? "") > (rhs.category ?? "") : (lhs.category ?? "") < (rhs.category ?? "") }
                } else if lhs.id != rhs.id {
                    return descending ? lhs.id > rhs.id : lhs.id < rhs.id
                }
            }
            return (lhs.id, lhs.category ?? "") < (rhs.id, rhs.category ?? "")
        }
        var page: [JSON] = []
        for record in records.dropFirst(offset).prefix(limit) {
            let frequency = try headword(record.id)?.frequency ?? record.frequency
            page.append(frequencyRecord(record.id, frequency: frequency, category: record.category))
        }
        return .json(.object(["metadata": statsMetadata(language, request, total: records.count), "results": .array(page)]))
    }
}
