import Foundation
import OxfordDictionaries

/// The answer of the end-to-end benchmark: a 2 KB Oxford `entries` answer that the offline
/// sandbox served (`Fixtures/entry-2k.json`, see `Fixtures/README.md` for its source), decoded
/// by every contender into ``OxfordRetrieveEntry``.
enum E2EDocument {
    /// The document's bytes, as served.
    static let body: Data = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/entry-2k.json").standardized
        do {
            return try Data(contentsOf: file)
        } catch {
            fatalError("the end-to-end document is missing at \(file.path): \(error)")
        }
    }()

    /// The document decoded: what every contender must produce.
    static let decoded: OxfordRetrieveEntry = {
        do {
            return try JSONDecoder().decode(OxfordRetrieveEntry.self, from: body)
        } catch {
            fatalError("the end-to-end document does not decode: \(error)")
        }
    }()

    /// Decodes a body as the raw contenders do: one `JSONDecoder` for the call.
    static func decode(_ data: Data) throws -> OxfordRetrieveEntry {
        try JSONDecoder().decode(OxfordRetrieveEntry.self, from: data)
    }
}
