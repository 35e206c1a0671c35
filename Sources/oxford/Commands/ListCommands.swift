import ArgumentParser
import EndpointKit
import Foundation
import OxfordDictionaries

/// The utility lists.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
enum ListCommand {
    /// `oxford languages`.
    struct Languages: SendingCommand {
        static let configuration = CommandConfiguration(abstract: "List the server's datasets (languages).")

        @Option(help: "Only datasets of this source language.")
        var source: String?

        @Option(help: "Only datasets into this target language.")
        var target: String?

        @OptionGroup var service: ServiceOptions

        func perform(_ session: Session, _ terminal: Terminal) async throws {
            let request = session.client.api.languages(source: source.map(OxfordLanguage.init), target: target.map(OxfordLanguage.init))
            if service.json { return printJSON(try await session.raw(request), terminal) }
            for dataset in try await session.client.controller.load(request).results {
                let source = dataset.sourceLanguage?.id ?? "?"
                let pair = dataset.targetLanguage.map { "\(source) → \($0.id ?? "?")" } ?? source
                let name = [dataset.sourceLanguage?.language, dataset.targetLanguage?.language].compactMap { $0 }.joined(separator: " → ")
                terminal.print(terminal.bold(pair) + "  " + name + "  " + terminal.dim([dataset.type, dataset.source].compactMap { $0 }.joined(separator: ", ")))
            }
        }
    }

    /// `oxford domains`.
    struct Domains: SendingCommand {
        static let configuration = CommandConfiguration(abstract: "List the subject domains of a dataset.")
        @OptionGroup var pair: LanguagePair
        @OptionGroup var service: ServiceOptions
        func perform(_ session: Session, _ terminal: Terminal) async throws {
            try await pair.printLabels("domains", session, terminal, json: service.json, api: service.api) { api, source, target in
                try api.domains(source, target: target)
            }
        }
    }

    /// `oxford registers`.
    struct Registers: SendingCommand {
        static let configuration = CommandConfiguration(abstract: "List the registers of a dataset (informal, slang, …).")
        @OptionGroup var pair: LanguagePair
        @OptionGroup var service: ServiceOptions
        func perform(_ session: Session, _ terminal: Terminal) async throws {
            try await pair.printLabels("registers", session, terminal, json: service.json, api: service.api) { api, source, target in
                try api.registers(source, target: target)
            }
        }
    }

    /// `oxford lexical-categories`.
    struct LexicalCategories: SendingCommand {
        static let configuration = CommandConfiguration(commandName: "lexical-categories", abstract: "List the parts of speech of a dataset.")
        @OptionGroup var pair: LanguagePair
        @OptionGroup var service: ServiceOptions
        func perform(_ session: Session, _ terminal: Terminal) async throws {
            try await pair.printLabels("lexicalcategories", session, terminal, json: service.json, api: service.api) { api, source, target in
                try api.lexicalCategories(source, target: target)
            }
        }
    }

    /// `oxford grammatical-features`.
    struct GrammaticalFeatures: SendingCommand {
        static let configuration = CommandConfiguration(commandName: "grammatical-features", abstract: "List the grammatical features of a dataset, by type.")
        @OptionGroup var pair: LanguagePair
        @OptionGroup var service: ServiceOptions
        func perform(_ session: Session, _ terminal: Terminal) async throws {
            try await pair.printLabels("grammaticalFeatures", session, terminal, json: service.json, api: service.api) { api, source, target in
                try api.grammaticalFeatures(source, target: target)
            }
        }
    }

    /// `oxford regions` (v1's list; v2 made regions datasets).
    struct Regions: SendingCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the regions senses are labelled with (a v1 list: v2 has none, so this asks …/api/v1).")
        @Option(help: "The v1 language.")
        var language = "en"
        @OptionGroup var service: ServiceOptions
        func perform(_ session: Session, _ terminal: Terminal) async throws {
            let request = OxfordAPIRequest(withEndpoint: .utility, withQueryWord: "regions", withFilters: nil, withQueryLanguage: OxfordLanguage(language))
            if service.json { return printJSON(try await session.client.send(request, as: Data.self), terminal) }
            LanguagePair.printTree(try await session.client.send(request, as: OxfordUtilityLabels.self).results, terminal)
        }
    }
}

/// `--language` and an optional `--target` of a utility list.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct LanguagePair: ParsableArguments {
    @Option(help: "The dataset language (v2: en-gb, en-us, es, …; v1: en, es, …).")
    var language: String?

    @Option(help: "A target language, for a bilingual list.")
    var target: String?

    func printLabels(
        _ list: String, _ session: Session, _ terminal: Terminal, json: Bool, api: APIVersionOption,
        request make: (OxfordAPI, OxfordLanguage, OxfordLanguage?) throws -> OxfordRequest<OxfordUtilityLabels>
    ) async throws {
        if api == .v1 {
            let request = OxfordAPIRequest(withEndpoint: .utility, withQueryWord: list, withFilters: nil, withQueryLanguage: OxfordLanguage(language ?? "en"))
            if json { return Self.printRaw(try await session.client.send(request, as: Data.self), terminal) }
            return Self.printTree(try await session.client.send(request, as: OxfordUtilityLabels.self).results, terminal)
        }
        let source = OxfordLanguage(language ?? (target == nil ? "en-gb" : "en"))
        let request = try make(session.client.api, source, target.map(OxfordLanguage.init))
        if json { return Self.printRaw(try await session.raw(request), terminal) }
        Self.printTree(try await session.client.controller.load(request).results, terminal)
    }

    static func printRaw(_ data: Data, _ terminal: Terminal) { terminal.print(String(decoding: data, as: UTF8.self)) }

    /// `id  Label` lines; a two-level list (grammatical features) under its types.
    static func printTree(_ tree: OxfordLabelTree, _ terminal: Terminal) {
        guard case .group(let children) = tree else { return }
        let twoLevels = children.values.contains { if case .group = $0 { true } else { false } }
        if twoLevels {
            for (type, group) in children.sorted(by: { $0.key < $1.key }) {
                terminal.print(terminal.magenta(type))
                for (id, label) in group.englishLabels { terminal.print("  " + terminal.bold(id) + "  " + label) }
            }
        } else {
            for (id, label) in tree.englishLabels { terminal.print(terminal.bold(id) + "  " + label) }
        }
    }
}
