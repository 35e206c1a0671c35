import EndpointKit

/// An identifier of the Oxford Dictionaries API's controlled vocabulary: a language, a region, a
/// domain, a register, a lexical category or a grammatical feature.
///
/// Each is a string wrapper rather than a closed enum, so identifiers the service adds later still
/// work; ``known`` lists the identifiers this package knows, for validation and completion.
public protocol OxfordVocabulary: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible, APIParamConvertible
where RawValue == String {
    /// Wraps an identifier as the API spells it.
    init(_ rawValue: String)
    /// The identifiers this package knows.
    static var known: [Self] { get }
}

extension OxfordVocabulary {
    /// Wraps an identifier.
    public init(rawValue: String) { self.init(rawValue) }
    /// Wraps an identifier written as a literal.
    public init(stringLiteral value: String) { self.init(value) }
    /// The identifier.
    public var description: String { rawValue }
    /// Whether ``known`` lists this identifier.
    public var isKnown: Bool { Self.known.contains(self) }

    /// Decodes the identifier from a JSON string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the identifier as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The identifier, as a string parameter.
    public func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue { .string(rawValue) }
}
