import Foundation
import HTTPTypes

/// The API version a request was made to: the body shapes differ (spec §3.6).
enum APIVersion: String, Sendable {
    case v1, v2

    /// A label: `{"id", "text"}` in v2, the text alone in v1.
    func label(id: String, text: String) -> JSON {
        self == .v2 ? .object(["id": .string(id), "text": .string(text)]) : .string(text)
    }

    /// A label from the data's WordNet spelling (`computer science`).
    func label(_ raw: String) -> JSON { label(id: SandboxLabels.id(raw), text: SandboxLabels.text(raw)) }

    /// A grammatical feature: `{"id", "text", "type"}` in v2, `{"text", "type"}` in v1.
    func feature(_ feature: SandboxLabels.Feature) -> JSON {
        .object(["id": self == .v2 ? .string(feature.id) : nil, "text": .string(feature.text), "type": .string(feature.type)])
    }

    /// The first homograph number: `100` in v2, `000` in v1.
    var firstHomograph: String { self == .v2 ? "100" : "000" }

    /// The `metadata` object of an answer: v2 names the operation and schema; v1 only the provider.
    func metadata(operation: String, schema: String) -> JSON {
        self == .v2
            ? .object(["operation": .string(operation), "provider": .string(Self.provider), "schema": .string(schema)])
            : .object(["provider": .string(Self.provider)])
    }

    static let provider = "Oxford University Press"
    static let providerOnly: JSON = .object(["provider": .string(provider)])
}
