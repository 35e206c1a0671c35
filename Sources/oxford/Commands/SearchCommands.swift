import ArgumentParser
import EndpointKit
import Foundation
import OxfordDictionaries

/// `oxford search TEXT`: headwords matching a text.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct Search: SendingCommand {
    static let configuration = CommandConfiguration(abstract: "Find headwords matching a text (exactly, through an inflection, or by prefix).")

    @Argument(help: "The text to search for.")
    var text: String

    @Flag(help: "Only headwords starting with the text.")
    var prefix = false

    @Option(help: "At most this many results (1–5000).")
    var limit: Int?

    @Option(help: "Skip this many results.")
    var offset: Int?

    @OptionGroup var lookup: LookupOptions
    @OptionGroup var service: ServiceOptions

    func validate() throws {
        try lookup.check(allowed: [.region], command: "search")
        if let limit, !(1...5000).contains(limit) { throw ValidationError("--limit \(limit) is out of range: use 1 to 5000") }
        if let offset, offset < 0 { throw ValidationError("--offset \(offset) is negative") }
    }

    func perform(_ session: Session, _ terminal: Terminal) async throws {
        let list: OxfordWordlist
        if service.api == .v1 {
            let request = OxfordAPIRequest(withEndpoint: .search, withQueryWord: text, withFilters: nil, withQueryLanguage: OxfordLanguage(lookup.language ?? "en"))
            if service.json { return printJSON(try await session.client.send(request, as: Data.self), terminal) }
            list = try await session.client.send(request)
        } else {
            let request = try session.client.api.search(text, language: lookup.monolingual, prefix: prefix ? true : nil, limit: limit, offset: offset)
            if service.json { return printJSON(try await session.raw(request), terminal) }
            list = try await session.client.controller.load(request)
        }
        for result in list.results {
            let detail = [result.matchType, result.score.map { String(format: "%.2f", $0) }].compactMap { $0 }.joined(separator: ", ")
            terminal.print(terminal.bold(result.word ?? result.id) + (detail.isEmpty ? "" : " " + terminal.dim("(\(detail))")))
        }
        if let total = list.metadata?.total { terminal.print(terminal.dim("\(list.results.count) of \(total)")) }
    }
}

/// `oxford words`: the wordlist (v1): words matching filters, page by page.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct Words: SendingCommand {
    static let configuration = CommandConfiguration(
        abstract: "List words matching filters: lexical category, domain, register, region (the v1 wordlist).",
        discussion: "The wordlist was removed from v2; this uses the v1 layout on the same server (…/api/v1). --all fetches every page; with --json each page's answer is one line (JSON Lines).")

    @Option(help: "Words per page (1–5000).")
    var limit = 100

    @Option(help: "The first word (0-based).")
    var offset = 0

    @Flag(help: "Fetch every page, with progress on standard error.")
    var all = false

    @OptionGroup var lookup: LookupOptions
    @OptionGroup var service: ServiceOptions

    func validate() throws {
        try lookup.check(allowed: [.lexicalCategory, .domain, .register, .region], command: "words")
        guard (1...5000).contains(limit) else { throw ValidationError("--limit \(limit) is out of range: use 1 to 5000") }
        guard offset >= 0 else { throw ValidationError("--offset \(offset) is negative") }
        guard !lookup.given.isEmpty else { throw ValidationError("words needs a filter: --lexical-category, --domain, --register or --region") }
    }

    func perform(_ session: Session, _ terminal: Terminal) async throws {
        var filters = lookup.v1Filters.filter { $0.kind != .regions }
        if let region = lookup.region { filters.append(.regions([OxfordRegion(region)])) }
        var offset = self.offset
        var fetched = 0
        while true {
            var request = OxfordAPIRequest(
                withEndpoint: .wordlist, withQueryWord: "", withFilters: filters, withQueryLanguage: OxfordLanguage(lookup.language ?? "en"))
            request.limit = limit
            request.offset = offset
            let page = try await session.wordlistPage(request)
            if service.json {
                printJSON(page.raw, terminal)
            } else {
                for result in page.list.results { terminal.print(result.word ?? result.id) }
            }
            fetched += page.list.results.count
            let total = page.list.metadata?.total ?? fetched
            offset += page.list.results.count
            guard all, !page.list.results.isEmpty, offset < total else {
                if all { Terminal.progress("fetched \(fetched) of \(total) words", done: true) }
                break
            }
            Terminal.progress("fetched \(fetched) of \(total) words…")
        }
    }
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
extension Session {
    /// A v1 wordlist page, decoded and raw.
    func wordlistPage(_ request: OxfordAPIRequest) async throws -> (list: OxfordWordlist, raw: Data) {
        let data = try await client.send(request, as: Data.self)
        let list: OxfordWordlist
        do {
            list = try JSONDecoder().decode(OxfordWordlist.self, from: data)
        } catch {
            throw CommandFailure.unreadable("the wordlist page is not a word list: \(error)")
        }
        return (list, data)
    }
}
