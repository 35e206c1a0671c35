import EndpointKit
import Foundation

/// A request of the Oxford Dictionaries API v2: a path, query parameters and the credential
/// headers, decoding into `Response`, with the service's error body as ``OxfordServerError``.
///
/// Make them with ``OxfordAPI``, which checks every argument; send them with an
/// `EndpointController` or ``OxfordClient``. Traced, each is a span named after its
/// ``pathTemplate``, such as `GET /api/v2/entries/{source_lang}/{word_id}`.
public struct OxfordRequest<Response: Decodable & Sendable>: Request {
    /// The server, such as `https://od-api.oxforddictionaries.com/api/v2`.
    public var baseURL: URL
    /// The path below the server.
    public var path: EndpointPath
    /// The query.
    public var queryParameters: [String: any APIParamConvertible]?
    /// `Accept: application/json`, and `app_id`/`app_key` when credentials are set.
    public var headerFields: [String: String]
    /// The path template below the server's own path, such as `/entries/{source_lang}/{word_id}`
    /// (see ``pathTemplate``).
    var templateBelowServer: String
    /// The server whose path the template starts from: ``baseURL``, unless this is a v1 request,
    /// whose base URL holds its whole path.
    var templateServer: URL? = nil

    /// Lists are sent comma-separated (`lexicalCategory=noun,verb`), as the API reads them.
    public var queryEncoder: QueryEncoder { QueryEncoder(arrayStyle: .commaSeparated) }
    /// ``OxfordServerError``.
    public var serverErrorType: (any EndpointServerError.Type)? { OxfordServerError.self }
}

extension OxfordRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The method, URL and headers with `app_id` and `app_key` redacted.
    public var description: String { redactedDescription() }
    /// The method, URL and headers with `app_id` and `app_key` redacted.
    public var debugDescription: String { redactedDescription() }
    /// A mirror without the header values, so `dump` and debuggers show no credentials either.
    public var customMirror: Mirror { Mirror(self, children: ["request": redactedDescription()], displayStyle: .struct) }
}

/// Why an Oxford request cannot be made, naming the argument and what is allowed.
public enum OxfordArgumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The endpoint has no dataset for this language.
    case unsupportedLanguage(String, endpoint: String, allowed: [String])
    /// A field (projection) the endpoint does not have.
    case unsupportedField(String, endpoint: String, allowed: [String])
    /// A parameter value out of range or empty.
    case invalidParameter(name: String, reason: String)

    /// What was wrong and what is allowed.
    public var description: String {
        switch self {
        case .unsupportedLanguage(let language, let endpoint, let allowed):
            "the \(endpoint) endpoint has no dataset for the language \(language); it has \(allowed.joined(separator: ", "))"
        case .unsupportedField(let field, let endpoint, let allowed):
            "the \(endpoint) endpoint has no field \(field); it has \(allowed.joined(separator: ", "))"
        case .invalidParameter(let name, let reason):
            "invalid \(name): \(reason)"
        }
    }
}

/// A field (projection) of entries, words and translations, or of the thesaurus.
public struct OxfordField: OxfordVocabulary {
    /// The name as the API spells it.
    public let rawValue: String

    /// Wraps a field name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `definitions`.
    public static let definitions: OxfordField = "definitions"
    /// `domains`.
    public static let domains: OxfordField = "domains"
    /// `etymologies`.
    public static let etymologies: OxfordField = "etymologies"
    /// `examples`.
    public static let examples: OxfordField = "examples"
    /// `pronunciations`.
    public static let pronunciations: OxfordField = "pronunciations"
    /// `regions`.
    public static let regions: OxfordField = "regions"
    /// `registers`.
    public static let registers: OxfordField = "registers"
    /// `variantForms`.
    public static let variantForms: OxfordField = "variantForms"
    /// `translations` (translations endpoint).
    public static let translations: OxfordField = "translations"
    /// `synonyms` (thesaurus).
    public static let synonyms: OxfordField = "synonyms"
    /// `antonyms` (thesaurus).
    public static let antonyms: OxfordField = "antonyms"

    /// The fields of entries and words.
    public static let entryFields: [OxfordField] = [
        .definitions, .domains, .etymologies, .examples, .pronunciations, .regions, .registers, .variantForms,
    ]
    /// The fields of translations.
    public static let translationFields: [OxfordField] = entryFields + [.translations]
    /// The fields of the thesaurus.
    public static let thesaurusFields: [OxfordField] = [.synonyms, .antonyms]
    /// Every field.
    public static let known: [OxfordField] = translationFields + thesaurusFields
}

/// The selection filters of entries, words and translations; empty lists are not sent.
public struct OxfordSelection: Sendable, Hashable {
    /// Entries with any of these grammatical features.
    public var grammaticalFeatures: [OxfordGrammaticalFeature]
    /// Entries of any of these parts of speech.
    public var lexicalCategories: [OxfordLexicalCategory]
    /// Senses in any of these domains.
    public var domains: [OxfordDomain]
    /// Senses in any of these registers.
    public var registers: [OxfordRegister]

    /// A selection; by default, everything.
    public init(
        grammaticalFeatures: [OxfordGrammaticalFeature] = [], lexicalCategories: [OxfordLexicalCategory] = [],
        domains: [OxfordDomain] = [], registers: [OxfordRegister] = []
    ) {
        self.grammaticalFeatures = grammaticalFeatures
        self.lexicalCategories = lexicalCategories
        self.domains = domains
        self.registers = registers
    }

    /// No filter.
    public static let all = OxfordSelection()

    var parameters: [String: any APIParamConvertible] {
        var parameters: [String: any APIParamConvertible] = [:]
        if !grammaticalFeatures.isEmpty { parameters["grammaticalFeatures"] = grammaticalFeatures }
        if !lexicalCategories.isEmpty { parameters["lexicalCategory"] = lexicalCategories }
        if !domains.isEmpty { parameters["domains"] = domains }
        if !registers.isEmpty { parameters["registers"] = registers }
        return parameters
    }
}
