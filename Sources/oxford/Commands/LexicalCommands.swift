import ArgumentParser
import EndpointKit
import Foundation
import OxfordDictionaries

/// `oxford thesaurus WORD`: synonyms and antonyms by sense.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct Thesaurus: SendingCommand {
    static let configuration = CommandConfiguration(abstract: "Show a word's synonyms and antonyms, sense by sense.")

    @Argument(help: "The headword.")
    var word: String

    @Flag(help: "Synonyms only.")
    var synonyms = false

    @Flag(help: "Antonyms only.")
    var antonyms = false

    @OptionGroup var lookup: LookupOptions
    @OptionGroup var service: ServiceOptions

    func validate() throws {
        try lookup.check(allowed: [.strictMatch], command: "thesaurus")
        if synonyms && antonyms { throw ValidationError("--synonyms and --antonyms are each a subset; give neither for both") }
    }

    func perform(_ session: Session, _ terminal: Terminal) async throws {
        let fields: [OxfordField] = synonyms ? [.synonyms] : antonyms ? [.antonyms] : [.synonyms, .antonyms]
        let thesaurus: OxfordThesaurus
        if service.api == .v1 {
            let request = OxfordAPIRequest(withWord: word, hasRequestedAntonymsQuery: !synonyms, hasRequestedSynonymsQuery: !antonyms, forLanguage: lookup.english)
            if service.json { return printJSON(try await session.client.send(request, as: Data.self), terminal) }
            thesaurus = try await session.client.send(request)
        } else {
            let request = try session.client.api.thesaurus(word, language: lookup.english, fields: fields, strictMatch: lookup.strict)
            if service.json { return printJSON(try await session.raw(request), terminal) }
            thesaurus = try await session.client.controller.load(request)
        }
        for headword in thesaurus.results {
            terminal.print(terminal.bold(headword.word ?? headword.id))
            for lexicalEntry in headword.lexicalEntries {
                terminal.print(terminal.magenta(terminal.italic(lexicalEntry.lexicalCategory.text.lowercased())))
                let senses = (lexicalEntry.entries ?? []).flatMap { $0.senses ?? [] }
                for (number, sense) in senses.enumerated() {
                    let prefix = "  " + terminal.bold("\(number + 1).") + " "
                    var lines: [String] = []
                    if let synonyms = sense.synonyms, !synonyms.isEmpty { lines.append(terminal.green("synonyms: ") + synonyms.map(\.text).joined(separator: ", ")) }
                    if let antonyms = sense.antonyms, !antonyms.isEmpty { lines.append(terminal.yellow("antonyms: ") + antonyms.map(\.text).joined(separator: ", ")) }
                    for (index, line) in lines.enumerated() { terminal.print((index == 0 ? prefix : "     ") + line) }
                }
            }
        }
    }
}

/// `oxford sentences WORD`: example sentences.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct Sentences: SendingCommand {
    static let configuration = CommandConfiguration(abstract: "Show example sentences that use a word.")

    @Argument(help: "The headword.")
    var word: String

    @OptionGroup var lookup: LookupOptions
    @OptionGroup var service: ServiceOptions

    func validate() throws { try lookup.check(allowed: [.strictMatch], command: "sentences") }

    func perform(_ session: Session, _ terminal: Terminal) async throws {
        let sentences: OxfordSentences
        if service.api == .v1 {
            let request = OxfordAPIRequest(withWord: word, hasRequestedExampleSentencesQuery: true, forLanguage: lookup.english)
            if service.json { return printJSON(try await session.client.send(request, as: Data.self), terminal) }
            sentences = try await session.client.send(request)
        } else {
            let request = try session.client.api.sentences(word, language: lookup.english, strictMatch: lookup.strict)
            if service.json { return printJSON(try await session.raw(request), terminal) }
            sentences = try await session.client.controller.load(request)
        }
        for headword in sentences.results {
            terminal.print(terminal.bold(headword.word ?? headword.id))
            for lexicalEntry in headword.lexicalEntries {
                if let category = lexicalEntry.lexicalCategory { terminal.print(terminal.magenta(terminal.italic(category.text.lowercased()))) }
                for sentence in lexicalEntry.sentences { terminal.print("  • " + sentence.text) }
            }
        }
    }
}

/// `oxford lemmas FORM`: the headwords of an inflected form.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct Lemmas: SendingCommand {
    static let configuration = CommandConfiguration(abstract: "Show the headwords an inflected form belongs to (pixels → pixel).")

    @Argument(help: "The inflected form.")
    var word: String

    @OptionGroup var lookup: LookupOptions
    @OptionGroup var service: ServiceOptions

    func validate() throws { try lookup.check(allowed: [.lexicalCategory, .grammaticalFeature], command: "lemmas") }

    func perform(_ session: Session, _ terminal: Terminal) async throws {
        let lemmas: OxfordLemmatron
        if service.api == .v1 {
            let request = OxfordAPIRequest(withHeadword: word, withFilters: lookup.v1Filters.isEmpty ? nil : lookup.v1Filters, withQueryLanguage: lookup.english)
            if service.json { return printJSON(try await session.client.send(request, as: Data.self), terminal) }
            lemmas = try await session.client.send(request)
        } else {
            let selection = lookup.selection
            let request = try session.client.api.lemmas(
                word, language: lookup.english, grammaticalFeatures: selection.grammaticalFeatures, lexicalCategories: selection.lexicalCategories)
            if service.json { return printJSON(try await session.raw(request), terminal) }
            lemmas = try await session.client.controller.load(request)
        }
        guard !lemmas.results.isEmpty else { return terminal.print(terminal.dim("\(word): no lemma matches the filters")) }
        for result in lemmas.results {
            for entry in result.lexicalEntries {
                let features = (entry.grammaticalFeatures ?? []).map { $0.text.lowercased() }
                let detail = ([entry.lexicalCategory.text.lowercased()] + features).joined(separator: ", ")
                terminal.print("\(terminal.bold(entry.text)) → \(entry.inflectionOf.map(\.text).joined(separator: ", ")) \(terminal.dim("(\(detail))"))")
            }
        }
    }
}

/// `oxford inflections WORD`: the inflected forms of a headword.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct Inflections: SendingCommand {
    static let configuration = CommandConfiguration(abstract: "Show the inflected forms of a headword (v2 only).")

    @Argument(help: "The headword.")
    var word: String

    @OptionGroup var lookup: LookupOptions
    @OptionGroup var service: ServiceOptions

    func validate() throws {
        try lookup.check(allowed: [.region, .strictMatch], command: "inflections")
        if service.api == .v1 { throw ValidationError("inflections is a v2 endpoint; v1's /inflections is the lemmatron: use `oxford lemmas --api v1`") }
    }

    func perform(_ session: Session, _ terminal: Terminal) async throws {
        let request = try session.client.api.inflections(word, language: lookup.monolingual, strictMatch: lookup.strict)
        if service.json { return printJSON(try await session.raw(request), terminal) }
        let inflections = try await session.client.controller.load(request)
        for headword in inflections.results {
            terminal.print(terminal.bold(headword.text ?? headword.id))
            for entry in headword.lexicalEntries {
                // A form of several tags (aced: past; past participle) is printed once.
                var order: [String] = []
                var tags: [String: [String]] = [:]
                for form in entry.inflections ?? [] {
                    if tags[form.inflectedForm] == nil {
                        order.append(form.inflectedForm)
                        tags[form.inflectedForm] = []
                    }
                    let features = (form.grammaticalFeatures ?? []).map { $0.text.lowercased() }.joined(separator: " ")
                    if !features.isEmpty { tags[form.inflectedForm]?.append(features) }
                }
                let forms = order.map { form in
                    let features = (tags[form] ?? []).joined(separator: "; ")
                    return features.isEmpty ? form : "\(form) \(terminal.dim("(\(features))"))"
                }
                terminal.print("  " + terminal.magenta(terminal.italic(entry.lexicalCategory.text.lowercased())) + ": " + (forms.isEmpty ? terminal.dim("no inflected forms") : forms.joined(separator: ", ")))
            }
        }
    }
}

/// `oxford translate WORD --to LANG`: translations by sense.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct Translate: SendingCommand {
    static let configuration = CommandConfiguration(abstract: "Translate a word, sense by sense.")

    @Argument(help: "The word.")
    var word: String

    @Option(help: "The target language, such as id or es.")
    var to: String

    @OptionGroup var lookup: LookupOptions
    @OptionGroup var service: ServiceOptions

    func validate() throws { try lookup.check(allowed: [.lexicalCategory, .domain, .register, .grammaticalFeature, .strictMatch], command: "translate") }

    func perform(_ session: Session, _ terminal: Terminal) async throws {
        let entry: OxfordRetrieveEntry
        if service.api == .v1 {
            let request = OxfordAPIRequest(withWord: word, withFilters: [.translations([OxfordLanguage(to)])], forLanguage: lookup.english)
            if service.json { return printJSON(try await session.client.send(request, as: Data.self), terminal) }
            entry = try await session.client.send(request)
        } else {
            let request = try session.client.api.translations(
                word, from: lookup.english, to: OxfordLanguage(to), selection: lookup.selection, strictMatch: lookup.strict)
            if service.json { return printJSON(try await session.raw(request), terminal) }
            entry = try await session.client.controller.load(request)
        }
        EntryPrinter(terminal: terminal).print(entry)
    }
}
