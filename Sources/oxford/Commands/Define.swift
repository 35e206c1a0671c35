import ArgumentParser
import EndpointKit
import Foundation
import OxfordDictionaries

/// `oxford define WORD`: the dictionary entry, leading an inflected form to its headword.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct Define: SendingCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a word's dictionary entry: pronunciations, parts of speech, numbered senses, examples, synonyms.",
        discussion: "An inflected form (running, pixels) is led to its headword through the lemmas endpoint.")

    @Argument(help: "The word or inflected form.")
    var word: String

    @OptionGroup var lookup: LookupOptions
    @OptionGroup var service: ServiceOptions

    func validate() throws {
        try lookup.check(allowed: [.lexicalCategory, .grammaticalFeature, .domain, .register, .region, .fields, .strictMatch], command: "define")
    }

    func perform(_ session: Session, _ terminal: Terminal) async throws {
        if service.api == .v1 {
            let request = OxfordAPIRequest(withWord: word, withFilters: lookup.v1Filters, forLanguage: OxfordLanguage(lookup.language ?? "en"))
            if service.json { return printJSON(try await session.client.send(request, as: Data.self), terminal) }
            return EntryPrinter(terminal: terminal).print(try await session.client.send(request, as: OxfordRetrieveEntry.self))
        }
        let api = session.client.api
        let entries = { (word: String) throws in
            try api.entries(word, language: lookup.monolingual, fields: lookup.fieldList, selection: lookup.selection, strictMatch: lookup.strict)
        }
        do {
            let request = try entries(word)
            if service.json { return printJSON(try await session.raw(request), terminal) }
            EntryPrinter(terminal: terminal).print(try await session.client.controller.load(request))
        } catch let error as EndpointError where error.status == .notFound {
            // Entries only knows headwords: ask lemmas for the headwords of an inflected form.
            let lemmaLanguage: OxfordLanguage = lookup.monolingual.rawValue.hasPrefix("en") ? .English : lookup.monolingual
            guard let lemmas = try? await session.client.lemmas(word, language: lemmaLanguage), !lemmas.headwords.isEmpty,
                lemmas.headwords != [word]
            else { throw await Self.withSuggestions(error, for: word, language: lookup.monolingual, session) }
            for (index, headword) in lemmas.headwords.enumerated() {
                if index > 0 { terminal.print() }
                let request = try entries(headword)
                if service.json {
                    printJSON(try await session.raw(request), terminal)
                } else {
                    terminal.print(terminal.dim("\(word): a form of \(headword)"))
                    EntryPrinter(terminal: terminal).print(try await session.client.controller.load(request))
                }
            }
        }
    }

    /// A not-found failure that names the nearest headwords the server's search knows (spelling
    /// distance, then frequency): `did you mean: receive?`. The failure alone when it has none.
    static func withSuggestions(_ error: EndpointError, for word: String, language: OxfordLanguage, _ session: Session) async -> CommandFailure {
        let failure = CommandFailure(error)
        guard case .service(let status, let message) = failure,
            let results = try? await session.client.search(word, language: language, limit: 5).results
        else { return failure }
        var suggestions: [String] = []
        for result in results where result.matchType == "fuzzy" || result.matchType == "headword" {
            let text = result.word ?? result.id.replacingOccurrences(of: "_", with: " ")
            if text != word, !suggestions.contains(text) { suggestions.append(text) }
        }
        guard !suggestions.isEmpty else { return failure }
        return .service(status: status, message: message + "; did you mean: " + suggestions.prefix(3).joined(separator: ", ") + "?")
    }
}
