import ArgumentParser
import EndpointKit
import Foundation
import OxfordDictionaries

/// `oxford frequency WORD`: how often a word occurs (LexiStats).
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct Frequency: SendingCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show how often a word occurs in a corpus (LexiStats).",
        discussion: "The sandbox counts nothing itself: it serves wordfreq's frequencies (--corpus wordfreq, its default there).")

    @Argument(help: "The word (a lemma).")
    var word: String

    @Option(help: "The corpus: nmc on the service; the sandbox has wordfreq (default: the server's own).")
    var corpus: String?

    @Option(name: .customLong("lexical-category"), help: "Only as this part of speech.")
    var lexicalCategory: String?

    @OptionGroup var service: ServiceOptions

    func perform(_ session: Session, _ terminal: Terminal) async throws {
        let corpus = self.corpus ?? (session.isSandbox ? "wordfreq" : "nmc")
        let request = try session.client.api.wordFrequency(
            corpus: corpus, lemma: word, lexicalCategory: lexicalCategory.map(OxfordLexicalCategory.init))
        if service.json { return printJSON(try await session.raw(request), terminal) }
        let frequency = try await session.client.controller.load(request).result
        var parts: [String] = []
        if let count = frequency.frequency { parts.append("\(count) occurrences") }
        if let normalized = frequency.normalizedFrequency { parts.append("\(Self.format(normalized)) per million words") }
        if let matches = frequency.matchCount { parts.append("\(matches) record\(matches == 1 ? "" : "s")") }
        terminal.print(terminal.bold(word) + ": " + parts.joined(separator: ", ") + " " + terminal.dim("(\(corpus))"))
    }

    static func format(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : String((value * 100).rounded() / 100)
    }
}

/// `oxford ngrams TOKENS…`: ngram counts (LexiStats).
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct Ngrams: SendingCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show ngram counts (LexiStats). The sandbox has no ngram corpus and says so.")

    @Argument(help: "The tokens of one ngram, such as: of the")
    var tokens: [String]

    @Option(help: "The corpus.")
    var corpus = "nmc"

    @OptionGroup var service: ServiceOptions

    func validate() throws {
        guard (1...4).contains(tokens.count) else { throw ValidationError("an ngram has 1 to 4 tokens; \(tokens.count) given") }
    }

    func perform(_ session: Session, _ terminal: Terminal) async throws {
        let request = try session.client.api.ngrams(corpus: corpus, size: tokens.count, tokens: [tokens.joined(separator: " ")])
        if service.json { return printJSON(try await session.raw(request), terminal) }
        let ngrams = try await session.client.controller.load(request)
        for ngram in ngrams.results { terminal.print("\(ngram.tokens.joined(separator: " "))\t\(ngram.frequency)") }
    }
}
