import Foundation
import Testing

@testable import EndpointKit

private struct Profile: Codable, Sendable {
    var displayName: String
    var homePageURL: String
    var tags: [String]
    var address: Address
    var empty: [Int]
    var nothing: [String: Int]

    struct Address: Codable, Sendable {
        var streetLine: String
        var postCode: String
    }
}

private let profile = Profile(
    displayName: "Ada", homePageURL: "https://ada.example/notes", tags: ["math", "engines"],
    address: .init(streetLine: "12 St James's Square", postCode: "SW1Y 4JH"), empty: [], nothing: [:])

@Suite("JSON body options")
struct JSONBodyOptionsTests {
    private func body(_ formatting: JSONBodyParameters.OutputFormatting, _ keyEncoding: ParamKeyEncoding) throws -> String {
        var body = JSONBodyParameters(value: EncodableParameters(profile))
        body.outputFormatting = formatting
        body.keyEncoding = keyEncoding
        guard case .data(let data) = try body.buildEntity(forHTTPMethod: .post) else { throw CancellationError() }
        return String(decoding: data, as: UTF8.self)
    }

    private func foundation(_ formatting: JSONEncoder.OutputFormatting, snakeCase: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        if snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        return String(decoding: try encoder.encode(profile), as: UTF8.self)
    }

    @Test("the default is unchanged: compact, sorted keys, slashes bare")
    func defaults() throws {
        #expect(JSONBodyParameters(["a": 1]).outputFormatting == .default)
        #expect(try body(.default, .useDefaultKeys) == (try foundation([.sortedKeys, .withoutEscapingSlashes], snakeCase: false)))
    }

    @Test("with sorted keys, every combination of pretty printing, escaped slashes and snake_case writes JSONEncoder's bytes")
    func matchesJSONEncoder() throws {
        let options: [(JSONBodyParameters.OutputFormatting, JSONEncoder.OutputFormatting)] = [
            (.sortedKeys, .sortedKeys), ([.sortedKeys, .prettyPrinted], [.sortedKeys, .prettyPrinted]),
            ([.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .withoutEscapingSlashes]),
            ([.prettyPrinted, .sortedKeys, .withoutEscapingSlashes], [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]),
        ]
        for (ours, theirs) in options {
            for snakeCase in [false, true] {
                let written = try body(ours, snakeCase ? .convertToSnakeCase : .useDefaultKeys)
                #expect(written == (try foundation(theirs, snakeCase: snakeCase)), "formatting \(ours.rawValue), snake_case \(snakeCase)")
            }
        }
    }

    @Test("without sorted keys an Encodable type's members keep their declared order (JSONEncoder's follow its hashing)")
    func declaredOrder() throws {
        #expect(try body([], .convertToSnakeCase) == #"{"display_name":"Ada","home_page_url":"https:\/\/ada.example\/notes","tags":["math","engines"],"address":{"street_line":"12 St James's Square","post_code":"SW1Y 4JH"},"empty":[],"nothing":{}}"#)
        let pretty = try body([.prettyPrinted, .withoutEscapingSlashes], .useDefaultKeys)
        #expect(pretty.hasPrefix("{\n  \"displayName\" : \"Ada\",\n  \"homePageURL\" : \"https://ada.example/notes\",\n  \"tags\" : [\n    \"math\","))
        #expect(pretty.hasSuffix("\"empty\" : [\n\n  ],\n  \"nothing\" : {\n\n  }\n}"))
    }

    @Test("without sorted keys a dictionary's members stay sorted, so the bytes stay stable")
    func dictionariesStaySorted() throws {
        var body = JSONBodyParameters(["b": 1, "a": 2, "c": ["z": 1, "y": 2]])
        body.outputFormatting = []
        guard case .data(let data) = try body.buildEntity(forHTTPMethod: .post) else { Issue.record("not in memory"); return }
        #expect(String(decoding: data, as: UTF8.self) == #"{"a":2,"b":1,"c":{"y":2,"z":1}}"#)
    }
}
