import Foundation

/// The `metadata` object of a response. Every field is optional; numbers are read whether the
/// service sends them as numbers (v1) or as strings (v2 search: `"limit":"5000"`).
public struct OxfordMetadata: Decodable, Sendable, Hashable {
    /// The operation, such as `retrieve`.
    public var operation: String?
    /// `Oxford University Press`.
    public var provider: String?
    /// The schema name, such as `RetrieveEntry`.
    public var schema: String?
    /// The language of a response.
    public var language: String?
    /// The source language (search).
    public var sourceLanguage: String?
    /// The target language (translation search).
    public var targetLanguage: String?
    /// The result limit (search).
    public var limit: Int?
    /// The result offset (search).
    public var offset: Int?
    /// The number of results there are (search).
    public var total: Int?

    enum CodingKeys: String, CodingKey {
        case operation, provider, schema, language, sourceLanguage, targetLanguage, limit, offset, total
    }

    /// Metadata with the given fields.
    public init(
        operation: String? = nil, provider: String? = nil, schema: String? = nil, language: String? = nil,
        sourceLanguage: String? = nil, targetLanguage: String? = nil, limit: Int? = nil, offset: Int? = nil, total: Int? = nil
    ) {
        self.operation = operation
        self.provider = provider
        self.schema = schema
        self.language = language
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.limit = limit
        self.offset = offset
        self.total = total
    }

    /// Reads the metadata leniently.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        operation = try container.decodeIfPresent(String.self, forKey: .operation)
        provider = try container.decodeIfPresent(String.self, forKey: .provider)
        schema = try container.decodeIfPresent(String.self, forKey: .schema)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        sourceLanguage = try container.decodeIfPresent(String.self, forKey: .sourceLanguage)
        targetLanguage = try container.decodeIfPresent(String.self, forKey: .targetLanguage)
        limit = try container.decodeLenientInt(forKey: .limit)
        offset = try container.decodeLenientInt(forKey: .offset)
        total = try container.decodeLenientInt(forKey: .total)
    }
}

extension KeyedDecodingContainer {
    /// An integer sent as a number or as a string of digits; `nil` when absent or null.
    func decodeLenientInt(forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let value = try? decode(Int.self, forKey: key) { return value }
        let text = try decode(String.self, forKey: key)
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected an integer, found \"\(text)\"")
        }
        return value
    }
}
