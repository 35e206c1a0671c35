import EndpointKit
import Foundation
import OxfordDictionaries

/// The dictionary layout: headword, pronunciations, then each part of speech with numbered senses,
/// their examples, domains and registers, and synonyms.
struct EntryPrinter {
    let terminal: Terminal

    func print(_ entry: OxfordRetrieveEntry) {
        for (index, headword) in entry.results.enumerated() {
            if index > 0 { terminal.print() }
            printHeadword(headword)
        }
    }

    private func printHeadword(_ headword: OxfordHeadwordEntry) {
        var line = terminal.bold(headword.word ?? headword.id)
        let pronunciations = Self.pronunciations(of: headword)
        if !pronunciations.isEmpty { line += "  " + pronunciations.map { terminal.cyan("/\($0.0)/") + ($0.1.map { " " + terminal.dim("(\($0))") } ?? "") }.joined(separator: ", ") }
        terminal.print(line)
        let entries = headword.lexicalEntries.flatMap { $0.entries ?? [] }
        let variants = Self.unique(entries.flatMap { $0.variantForms ?? [] }.map(Self.describe))
        if !variants.isEmpty { terminal.printWrapped(terminal.dim("also: "), prefixWidth: 6, variants.joined(separator: ", ")) }
        for etymology in Self.unique(entries.flatMap { $0.etymologies ?? [] }) {
            terminal.printWrapped(terminal.dim("origin: "), prefixWidth: 8, etymology)
        }
        for lexicalEntry in headword.lexicalEntries {
            terminal.print(terminal.magenta(terminal.italic(lexicalEntry.lexicalCategory.text.lowercased())))
            let entries = lexicalEntry.entries ?? []
            let forms = entries.flatMap { $0.inflections ?? [] }.map(\.inflectedForm)
            if !forms.isEmpty { terminal.print("  " + terminal.dim("forms: " + forms.joined(separator: ", "))) }
            let senses = entries.flatMap { $0.senses ?? [] }
            for (number, sense) in senses.enumerated() {
                printSense(sense, number: "\(number + 1).", indent: "  ")
            }
            printRelated("derivatives", lexicalEntry.derivatives)
            printRelated("derived from", lexicalEntry.derivativeOf)
            printRelated("phrases", lexicalEntry.phrases)
            printRelated("phrasal verbs", lexicalEntry.phrasalVerbs)
        }
    }

    /// `  derivatives: vapidity, vapidness`, when there are any.
    private func printRelated(_ name: String, _ entries: [OxfordRelatedEntry]?) {
        let texts = (entries ?? []).map(\.text)
        guard !texts.isEmpty else { return }
        terminal.printWrapped("  " + terminal.green(name + ": "), prefixWidth: name.count + 4, texts.joined(separator: ", "))
    }

    /// `color (American)`.
    private static func describe(_ variant: OxfordVariantForm) -> String {
        let regions: [String] = (variant.regions ?? []).map(\.text)
        return regions.isEmpty ? variant.text : "\(variant.text) (\(regions.joined(separator: ", ")))"
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    private func printSense(_ sense: OxfordSense, number: String, indent: String) {
        let labels = ((sense.domains ?? []) + (sense.registers ?? []) + (sense.regions ?? [])).map(\.text)
        let label = labels.isEmpty ? "" : "[" + labels.joined(separator: ", ") + "] "
        let definition = (sense.definitions ?? sense.shortDefinitions ?? []).joined(separator: "; ")
        let width = indent.count + number.count + 1
        let continuation = String(repeating: " ", count: width)
        terminal.printWrapped(indent + terminal.bold(number) + " " + terminal.yellow(label), prefixWidth: width + label.count, definition)
        for example in sense.examples ?? [] { terminal.printWrapped(continuation, prefixWidth: width, "“\(example.text)”", style: terminal.dim) }
        let synonyms = (sense.synonyms ?? []).map(\.text)
        if !synonyms.isEmpty {
            terminal.printWrapped(continuation + terminal.green("synonyms: "), prefixWidth: width + 10, synonyms.joined(separator: ", "))
        }
        let translations = (sense.translations ?? []).map(\.text)
        if !translations.isEmpty { terminal.printWrapped(continuation + terminal.green("→ "), prefixWidth: width + 2, translations.joined(separator: ", ")) }
        for (index, subsense) in (sense.subsenses ?? []).enumerated() {
            printSense(subsense, number: "\(number)\(index + 1)", indent: continuation)
        }
    }

    /// Each distinct spelling with its dialect, from the entries (v2) and lexical entries (v1).
    static func pronunciations(of headword: OxfordHeadwordEntry) -> [(String, String?)] {
        let all = (headword.pronunciations ?? []) + headword.lexicalEntries.flatMap { lexical in
            (lexical.pronunciations ?? []) + (lexical.entries ?? []).flatMap { $0.pronunciations ?? [] }
        }
        var seen = Set<String>()
        return all.compactMap { pronunciation in
            guard let spelling = pronunciation.phoneticSpelling, seen.insert(spelling).inserted else { return nil }
            return (spelling, pronunciation.dialects?.first)
        }
    }
}
