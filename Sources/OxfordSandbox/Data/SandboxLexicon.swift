import Foundation
import HTTPTypes

/// The lexical data the sandbox serves: the bundled `lexicon.json` (WordNet 3.0, wordfreq,
/// lemminflect, the CMU Pronouncing Dictionary and WikDict; see `Lexicon/README.md`), read once
/// and indexed for look-ups.
public struct SandboxLexicon: Sendable {
    /// Headwords, by their id (the word as the file spells it, lowercase).
    let words: [String: SandboxWord]
    /// Inflected forms, by form: the headwords each belongs to (`pixels` → `pixel`).
    let lemmas: [String: [SandboxLemma]]
    /// What each part of the data came from.
    public let sources: [String: String]
    /// Headwords by their diacritic- and case-folded form (`rosé` and `rose` both under `rose`).
    let folded: [String: [String]]
    /// Every headword, sorted, for prefix search.
    let sortedHeadwords: [String]

    /// The number of headwords.
    public var headwordCount: Int { words.count }
    /// The number of inflected forms that lead to a headword.
    public var inflectedFormCount: Int { lemmas.count }

    /// The lexicon bundled with this library.
    public static func bundled() throws(SandboxLexiconError) -> SandboxLexicon {
        guard let url = Bundle.module.url(forResource: "lexicon", withExtension: "json", subdirectory: "Lexicon") else {
            throw .missing(path: "Lexicon/lexicon.json in the OxfordSandbox resource bundle")
        }
        return try load(from: url)
    }

    /// Reads a lexicon file in the bundled file's format (format 1).
    public static func load(from url: URL) throws(SandboxLexiconError) -> SandboxLexicon {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .missing(path: url.path)
        }
        let file: (format: Int, sources: [String: String], words: [String: SandboxWord], lemmas: [String: [SandboxLemma]])
        do {
            file = try LexiconParser.parse(data)
        } catch {
            throw .unreadable(path: url.path, reason: "\(error.message) at byte \(error.offset)")
        }
        guard file.format == 1 else { throw .unsupportedFormat(file.format) }
        return SandboxLexicon(words: file.words, lemmas: file.lemmas, sources: file.sources)
    }

    /// A lexicon of the given words and inflected forms (tests build small ones).
    init(words: [String: SandboxWord], lemmas: [String: [SandboxLemma]], sources: [String: String] = [:]) {
        self.words = words
        self.lemmas = lemmas
        self.sources = sources
        var folded: [String: [String]] = [:]
        for word in words.keys { folded[Self.fold(word), default: []].append(word) }
        for key in folded.keys { folded[key]?.sort() }
        self.folded = folded
        sortedHeadwords = words.keys.sorted()
    }

    /// The headwords `id` names: exactly, or (when `strictMatch` is false) every headword equal to
    /// it once case and diacritics are ignored, the exact one first.
    func headwords(matching id: String, strictMatch: Bool) -> [String] {
        if strictMatch { return words[id] == nil ? [] : [id] }
        let near = folded[Self.fold(id)] ?? []
        return words[id] == nil ? near : [id] + near.filter { $0 != id }
    }

    /// `word` without case or diacritics.
    static func fold(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}

/// One headword of the lexicon.
struct SandboxWord: Sendable {
    /// How often the word occurs in running English text (wordfreq: a proportion of all words).
    var frequency: Double
    /// Entries per part of speech.
    var lexicalEntries: [LexicalEntry]
    /// IPA pronunciations.
    var pronunciations: [Pronunciation]? = nil
    /// Translations by language code (`fi`, `ja`, `nb`, `id`, `bg`).
    var translations: [String: [Translation]]? = nil

    struct LexicalEntry: Sendable {
        var lexicalCategory: String
        var senses: [Sense]
        var inflections: [Inflection]
    }

    struct Sense: Sendable {
        var id: String
        var definitions: [String]? = nil
        var examples: [String]? = nil
        var synonyms: [String]? = nil
        var antonyms: [String]? = nil
        var domains: [String]? = nil
        var registers: [String]? = nil
        var regions: [String]? = nil
    }

    struct Inflection: Sendable {
        var form: String
        /// A Penn Treebank tag (`NNS`, `VBD`, …) or `irregular`.
        var tag: String
    }

    struct Pronunciation: Sendable {
        /// `American English` (CMU) or `Wiktionary`.
        var dialect: String
        var ipa: String
    }

    struct Translation: Sendable {
        var lexicalCategory: String
        /// The English gloss of the sense translated.
        var gloss: String? = nil
        var translations: [String]
    }
}

/// An inflected form's link to its headword.
struct SandboxLemma: Sendable, Hashable {
    var headword: String
    var lexicalCategory: String
    /// A Penn Treebank tag (`NNS`, `VBD`, …) or `irregular`.
    var tag: String
}

/// Why the sandbox's lexicon cannot be read.
public enum SandboxLexiconError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not there.
    case missing(path: String)
    /// The file is not a lexicon.
    case unreadable(path: String, reason: String)
    /// The file's format is newer than this library reads.
    case unsupportedFormat(Int)

    /// What was wrong.
    public var description: String {
        switch self {
        case .missing(let path): "the sandbox lexicon is missing: \(path)"
        case .unreadable(let path, let reason): "the sandbox lexicon \(path) cannot be read: \(reason)"
        case .unsupportedFormat(let format): "the sandbox lexicon has format \(format); this library reads format 1"
        }
    }
}
