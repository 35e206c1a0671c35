import Foundation
import HTTPTypes

/// The lexical data the sandbox serves: the bundled `lexicon.oxlx` (WordNet 3.0, wordfreq,
/// lemminflect, the CMU Pronouncing Dictionary, WikDict, the Open Multilingual Wordnet's Wiktionary
/// translations and the Etymological Wordnet; see `Lexicon/README.md`).
///
/// Opening it checks the file and reads its key index (`Lexicon/FORMAT.md`); a look-up inflates
/// only the block that holds its record, so start-up does not grow with the dictionary.
public struct SandboxLexicon: Sendable {
    private let storage: LexiconStorage

    /// The number of headwords.
    public var headwordCount: Int { storage.headwords.count }
    /// The number of inflected forms that lead to a headword.
    public var inflectedFormCount: Int { storage.meta.formCount }
    /// What each part of the data came from.
    public var sources: [String: String] { storage.meta.sources }
    /// The domains, registers and regions the senses use: identifier → text.
    var labels: LexiconMeta.Labels { storage.meta.labels }
    /// The lexical categories of the entries.
    var categories: [String] { storage.meta.categories }
    /// The languages of the translations.
    var translationLanguages: [String] { storage.meta.languages }

    /// The lexicon bundled with this library.
    public static func bundled() throws(SandboxLexiconError) -> SandboxLexicon {
        guard let url = Bundle.module.url(forResource: "lexicon", withExtension: "oxlx", subdirectory: "Lexicon") else {
            throw .missing(path: "Lexicon/lexicon.oxlx in the OxfordSandbox resource bundle")
        }
        return try load(from: url)
    }

    /// Opens a lexicon file (memory-mapped: pages are read as look-ups touch them).
    public static func load(from url: URL) throws(SandboxLexiconError) -> SandboxLexicon {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw .missing(path: url.path)
        }
        do {
            return try SandboxLexicon(data)
        } catch {
            throw .unreadable(path: url.path, error)
        }
    }

    /// Reads a lexicon from its bytes.
    init(_ bytes: Data) throws(LexiconFormatError) {
        storage = try LexiconStorage(LexiconFile(bytes))
    }

    /// A lexicon of the given words and inflected forms, written in the file format and read back
    /// (tests and fixtures build small ones).
    static func building(
        words: [String: SandboxWord], lemmas: [String: [SandboxLemma]], sources: [String: String] = [:]
    ) throws(LexiconFormatError) -> SandboxLexicon {
        try SandboxLexicon(LexiconWriter(words: words, lemmas: lemmas, sources: sources).write())
    }

    // MARK: Look-ups

    /// Whether `id` is a headword.
    func contains(_ id: String) -> Bool { storage.headwords.index(of: id) != nil }

    /// The headword `id`, or `nil` when there is none; without its translations unless asked.
    func word(_ id: String, withTranslations: Bool = true) throws(LexiconFormatError) -> SandboxWord? {
        guard let index = storage.headwords.index(of: id) else { return nil }
        return try word(at: index, withTranslations: withTranslations)
    }

    /// Headword number `index` (in id order).
    func word(at index: Int, withTranslations: Bool = true) throws(LexiconFormatError) -> SandboxWord {
        try storage.blocks.withRecord(at: storage.headwordRows.location(index)) { (bytes) throws(LexiconParseError) in
            try LexiconParser.word(bytes, withTranslations: withTranslations)
        }
    }

    /// The headwords the inflected form `form` belongs to (`pixels` → `pixel`), or none.
    func lemmas(of form: String) throws(LexiconFormatError) -> [SandboxLemma] {
        let forms = try storage.forms()
        guard let index = forms.keys.index(of: form) else { return [] }
        return try storage.blocks.withRecord(at: forms.rows.location(index)) { (bytes) throws(LexiconParseError) in
            try LexiconParser.lemmas(bytes)
        }
    }

    /// Whether `form` is an inflected form of a headword.
    func isInflectedForm(_ form: String) throws(LexiconFormatError) -> Bool { try storage.forms().keys.index(of: form) != nil }

    /// What the index says of headword `id` without reading its record.
    func summary(of id: String) -> HeadwordSummary? {
        storage.headwords.index(of: id).map(summary(at:))
    }

    /// What the index says of headword number `index`.
    func summary(at index: Int) -> HeadwordSummary {
        storage.headwordRows.summary(index, meta: storage.meta)
    }

    /// The sorted headword ids.
    var headwords: SortedKeys { storage.headwords }
    /// The sorted inflected forms.
    func inflectedForms() throws(LexiconFormatError) -> SortedKeys { try storage.forms().keys }

    /// The headwords `id` names: exactly, or (when `strictMatch` is false) every headword equal to
    /// it once case and diacritics are ignored, the exact one first.
    func headwords(matching id: String, strictMatch: Bool) -> [String] {
        let exact = contains(id)
        if strictMatch { return exact ? [id] : [] }
        let folded = Self.fold(id)
        var near = storage.foldedNonASCII()[folded] ?? []
        if contains(folded) { near.append(folded) }
        near = Array(Set(near)).sorted()
        return exact ? [id] + near.filter { $0 != id } : near
    }

    /// The wordlist's facets of every headword.
    func facets() throws(LexiconFormatError) -> WordlistFacets { try storage.facets() }

    /// `word` without case or diacritics.
    static func fold(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}

/// What the key index says of a headword.
struct HeadwordSummary: Sendable {
    var frequency: Double
    /// The lexical categories of its entries.
    var categories: [String]
    var hasSynonyms: Bool
    var hasAntonyms: Bool
    var hasExamples: Bool
    /// Bit *i* for `META.languages[i]`.
    var languageBits: UInt64
    /// The language codes of `languageBits`.
    let languages: [String]

    /// Whether the headword has translations into `language`.
    func hasTranslations(into language: String) -> Bool {
        guard let bit = languages.firstIndex(of: language), bit < 64 else { return false }
        return languageBits & (1 << UInt64(bit)) != 0
    }
}

/// Why the sandbox's lexicon cannot be read.
public enum SandboxLexiconError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not there.
    case missing(path: String)
    /// The file is not a lexicon, or is damaged: the error names what and where.
    case unreadable(path: String, LexiconFormatError)

    /// What was wrong.
    public var description: String {
        switch self {
        case .missing(let path): "the sandbox lexicon is missing: \(path)"
        case .unreadable(let path, let error): "the sandbox lexicon \(path) cannot be read: \(error)"
        }
    }
}
