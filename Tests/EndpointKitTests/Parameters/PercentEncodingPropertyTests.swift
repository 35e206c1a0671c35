import Foundation
import PropertyBased
import Testing

@testable import EndpointKit

/// Random Unicode text: controls, ASCII punctuation, Latin, CJK and emoji (never a lone surrogate).
private let unicodeText = Gen<Character>.oneOf(
    Gen.unicodeScalar(in: "\u{0}"..."\u{7F}").map { Character($0) }.eraseToAnySequence(),
    Gen.unicodeScalar(in: "\u{80}"..."\u{2FF}").map { Character($0) }.eraseToAnySequence(),
    Gen.unicodeScalar(in: "\u{4E00}"..."\u{9FFF}").map { Character($0) }.eraseToAnySequence(),
    Gen.unicodeScalar(in: "\u{1F300}"..."\u{1F6FF}").map { Character($0) }.eraseToAnySequence(),
    Gen<Character?>.element(of: Array("/?#&=+%[];:@ ,.~-_'\"\\") as [Character]).map { $0! }.eraseToAnySequence()
)

private let server = URL(string: "https://api.example.com/v2")!

@Suite("Percent-encoding round trips (property-based)")
struct PercentEncodingPropertyTests {
    @Test("a random Unicode path segment is one segment and parses back identically with URLComponents")
    func pathSegments() async {
        await propertyCheck(count: 2000, input: unicodeText.string(of: 1...24)) { segment in
            guard segment != ".", segment != ".." else { return }
            let endpoint = Endpoint<Data>(serverURL: server, pathPrefix: "entries/en-gb", objectID: segment, pathSuffix: "x")
            let url = try endpoint.prepare().url
            let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
            let encodedSegments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
            #expect(encodedSegments.count == 6)
            #expect(encodedSegments[4].removingPercentEncoding == segment)
            #expect(components.query == nil)
            #expect(components.fragment == nil)
        }
    }

    @Test("random Unicode names and values parse back identically with URLComponents")
    func queryItems() async {
        let pairs = zip(unicodeText.string(of: 0...12), unicodeText.string(of: 0...24)).array(of: 1...6)
        await propertyCheck(count: 2000, input: pairs) { pairs in
            var parameters: [String: any APIParamConvertible] = [:]
            for (name, value) in pairs { parameters[name] = value }
            let endpoint = Endpoint<Data>(serverURL: server, pathPrefix: "search", queryParameters: parameters)
            let url = try endpoint.prepare().url
            let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
            let expected = parameters.keys.sorted().map { URLQueryItem(name: $0, value: parameters[$0] as? String) }
            #expect(items == expected)
        }
    }

    @Test(
        "random names and values parse back identically with every allowed-character preset, in a URL that parses",
        arguments: [QueryEncoder.AllowedCharacters.rfc3986Unreserved, .whatwgFormURLEncoded, .rfc3986Query])
    func allowedCharacterPresets(allowed: QueryEncoder.AllowedCharacters) async {
        let pairs = zip(unicodeText.string(of: 1...12), unicodeText.string(of: 0...24)).array(of: 1...6)
        await propertyCheck(count: 1000, input: pairs) { pairs in
            var parameters: [String: ParamValue] = [:]
            for (name, value) in pairs { parameters[name] = .string(value) }
            let query = try QueryEncoder(allowedCharacters: allowed).encode(parameters)
            let url = try #require(URL(string: "https://api.example.com/search?" + query))
            #expect(url.query(percentEncoded: true) == query)
            let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
            #expect(items == parameters.keys.sorted().map { URLQueryItem(name: $0, value: parameters[$0].flatMap { if case .string(let s) = $0 { s } else { nil } }) })
        }
    }

    @Test("random values survive every array style", arguments: QueryEncoder.ArrayStyle.allCases)
    func arrays(style: QueryEncoder.ArrayStyle) async {
        await propertyCheck(count: 500, input: unicodeText.string(of: 0...10).array(of: 1...5)) { values in
            let encoder = QueryEncoder(arrayStyle: style)
            let query = try encoder.encode(["list": .array(values.map { .string($0) })])
            let items = try #require(URLComponents(string: "http://x/?" + query)?.queryItems)
            let decodedValues = items.map { $0.value ?? "" }
            switch style {
            case .repeatedKey:
                #expect(items.allSatisfy { $0.name == "list" })
                #expect(decodedValues == values)
            case .brackets:
                #expect(items.allSatisfy { $0.name == "list[]" })
                #expect(decodedValues == values)
            case .indexed:
                #expect(items.map(\.name) == values.indices.map { "list[\($0)]" })
                #expect(decodedValues == values)
            case .commaSeparated:
                // Split on the literal commas before decoding, as a server does.
                #expect(items.map(\.name) == ["list"])
                let raw = query.dropFirst("list=".count)
                let elements = raw.split(separator: ",", omittingEmptySubsequences: false).map { $0.removingPercentEncoding }
                #expect(elements == values.map(Optional.some))
            }
        }
    }
}
