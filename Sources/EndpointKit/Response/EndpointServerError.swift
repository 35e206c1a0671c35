import Foundation

/// The error body a server sends with an unacceptable status, in the shape your API uses.
///
/// REST servers each name their error keys differently; conform a `Codable` type with the three
/// accessors mapped onto yours, and give it to ``EndpointController`` as its generic parameter.
/// Every accessor may be `nil`.
///
/// ```swift
/// struct GitHubError: EndpointServerError {
///     let message: String
///     let documentation_url: String?
///     var error: String? { nil }
///     var reason: String? { message }
///     var detail: String? { documentation_url }
/// }
/// ```
public protocol EndpointServerError: Codable, Equatable, Sendable {
    /// The error's name, such as `AuthorizationFailed`.
    var error: String? { get }
    /// Why it happened, such as `Username not found`.
    var reason: String? { get }
    /// Further details, such as a URL of documentation.
    var detail: String? { get }

    /// Reads an error body, or `nil` when it is not this error. The default decodes JSON with the
    /// controller's decoder; implement it to read other formats too, such as the HTML error page
    /// or plain text a gateway sends.
    static func decode(errorBody: Data, contentType: String?, decoder: JSONDecoder) -> Self?
}

extension EndpointServerError {
    /// Decodes `errorBody` as JSON.
    public static func decode(errorBody: Data, contentType: String?, decoder: JSONDecoder) -> Self? {
        try? decoder.decode(Self.self, from: errorBody)
    }
}

/// An ``EndpointServerError`` with the keys `error`, `reason` and `detail`.
public struct EndpointDefaultServerError: EndpointServerError {
    /// The error's name.
    public let error: String?
    /// Why it happened.
    public let reason: String?
    /// Further details.
    public let detail: String?

    /// An error with all three fields.
    public init(error: String?, reason: String?, detail: String?) {
        self.error = error
        self.reason = reason
        self.detail = detail
    }

    /// An error with a reason only.
    public init(reason: String?) {
        self.init(error: nil, reason: reason, detail: nil)
    }
}

extension EndpointServerError {
    /// `error: reason (detail)`, leaving out what is `nil`.
    var summary: String {
        var parts: [String] = []
        if let error { parts.append(error) }
        if let reason { parts.append(reason) }
        var text = parts.joined(separator: ": ")
        if let detail { text += text.isEmpty ? detail : " (\(detail))" }
        return text
    }
}
