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
            else { throw error }
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
}
