import Foundation
import EndpointKit

/// The answer of the search endpoints: matching headwords.
public typealias OxfordWordlist = OxfordResults<OxfordSearchResult>

/// One match of a search.
public struct OxfordSearchResult: Decodable, Sendable, Hashable {
    /// The headword id.
    public var id: String
    /// The headword (deprecated).
    public var word: String?
    /// The text that matched.
    public var matchString: String?
    /// `headword`, `inflection`, `fuzzy`.
    public var matchType: String?
    /// The region.
    public var region: String?
    /// The score (an integer or a fraction).
    public var score: Double?
    /// A display label.
    public var label: String?
    /// The inflection matched (v1).
    public var inflectionID: String?

    enum CodingKeys: String, CodingKey {
        case id, word, matchString, matchType, region, score, label
        case inflectionID = "inflection_id"
    }
}

/// A tree of labels: the utility lists (`/domains`, `/registers`, `/lexicalCategories`,
/// `/grammaticalFeatures`).
///
/// Most lists map an identifier to its labels by language (`{"adjective": {"en": "Adjective"}}`);
/// grammatical features have one more level, by type (`{"Number": {"plural": {"en": "Plural"}}}`),
/// although the schema says otherwise. Both read into this tree.
public indirect enum OxfordLabelTree: Decodable, Sendable, Hashable {
    /// Labels by language code.
    case labels([String: String])
    /// Children by identifier or type.
    case group([String: OxfordLabelTree])

    /// Reads labels, or a group when the values are not strings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let labels = try? container.decode([String: String].self) {
            self = .labels(labels)
        } else {
            self = .group(try container.decode([String: OxfordLabelTree].self))
        }
    }

    /// Every identifier with its English label, flattened, sorted by identifier.
    public var englishLabels: [(id: String, label: String)] {
        guard case .group(let children) = self else { return [] }
        return children.flatMap { id, child -> [(id: String, label: String)] in
            switch child {
            case .labels(let labels): [(id, labels["en"] ?? id)]
            case .group: child.englishLabels
            }
        }.sorted { $0.id < $1.id }
    }
}

/// The answer of the utility lists of labels.
public struct OxfordUtilityLabels: Decodable, Sendable, Hashable {
    /// Metadata.
    public var metadata: OxfordMetadata?
    /// The labels.
    public var results: OxfordLabelTree
}

/// The answer of `/filters` and `/fields`: names by endpoint.
public struct OxfordFilterList: Decodable, Sendable, Hashable {
    /// Metadata.
    public var metadata: OxfordMetadata?
    /// The names by endpoint (`entries`, `lemmas`, …).
    public var results: [String: [String]]
}

/// The answer of `/languages`: the datasets.
public struct OxfordLanguages: Decodable, Sendable, Hashable {
    /// Metadata.
    public var metadata: OxfordMetadata?
    /// The datasets.
    public var results: [Dataset]

    /// A dataset.
    public struct Dataset: Decodable, Sendable, Hashable {
        /// The region, if any.
        public var region: String?
        /// The source dictionary.
        public var source: String?
        /// The source language.
        public var sourceLanguage: Language?
        /// The target language (bilingual datasets).
        public var targetLanguage: Language?
        /// `monolingual`, `bilingual` or `other`.
        public var type: String?
    }

    /// A language of a dataset.
    public struct Language: Decodable, Sendable, Hashable {
        /// The code.
        public var id: String?
        /// The name.
        public var language: String?
    }
}

/// The answer of the LexiStats frequency of one word.
public struct OxfordWordFrequency: Decodable, Sendable, Hashable {
    /// The options echoed back.
    public var metadata: Metadata?
    /// The frequency.
    public var result: Frequency

    /// What was asked.
    public struct Metadata: Decodable, Sendable, Hashable {
        /// The language.
        public var language: String?
        /// The provider.
        public var provider: String?
        /// The options (`corpus`, `lemma`, …) as strings.
        public var options: [String: String]?
    }
}

/// One frequency record of LexiStats.
public struct OxfordFrequency: Decodable, Sendable, Hashable {
    /// How often the form occurs in the corpus.
    public var frequency: Int?
    /// How many records matched (one word).
    public var matchCount: Int?
    /// Occurrences per million words (a fraction, although the schema says integer).
    public var normalizedFrequency: Double?
    /// The lemma.
    public var lemma: String?
    /// The part of speech.
    public var lexicalCategory: String?
    /// The case-normalised form.
    public var trueCase: String?
    /// The form as written.
    public var wordform: String?
}

extension OxfordWordFrequency {
    /// One frequency record.
    public typealias Frequency = OxfordFrequency
}

/// The answer of the LexiStats frequencies of words.
public struct OxfordWordFrequencies: Decodable, Sendable, Hashable {
    /// The options echoed back.
    public var metadata: OxfordWordFrequency.Metadata?
    /// The records.
    public var results: [OxfordFrequency]
}

/// The answer of the LexiStats ngram frequencies.
public struct OxfordNgrams: Decodable, Sendable, Hashable {
    /// The options echoed back (including which corpus the counts come from).
    public var metadata: OxfordWordFrequency.Metadata?
    /// The ngrams.
    public var results: [Ngram]

    /// One ngram and its count.
    public struct Ngram: Decodable, Sendable, Hashable {
        /// How often it occurs.
        public var frequency: Int
        /// Its tokens.
        public var tokens: [String]
    }
}

/// The error body of the Oxford Dictionaries API: `{"error": "…"}` (v2), or `{"message": "…"}`
/// from the web framework for unknown routes. The text is the ``reason``.
public struct OxfordServerError: EndpointServerError {
    /// The service's message.
    public var reason: String?

    /// An error with a message.
    public init(reason: String?) {
        self.reason = reason
    }

    /// The service sends no error name.
    public var error: String? { nil }
    /// Nothing more is sent.
    public var detail: String? { nil }

    enum CodingKeys: String, CodingKey {
        case error, message
    }

    /// Reads `error`, or `message`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reason = try container.decodeIfPresent(String.self, forKey: .error)
            ?? container.decodeIfPresent(String.self, forKey: .message)
    }

    /// Writes `{"error": reason}`, as the service does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(reason, forKey: .error)
    }
}
