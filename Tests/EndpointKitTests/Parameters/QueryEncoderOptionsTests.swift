import Foundation
import PropertyBased
import Testing

@testable import EndpointKit

/// A struct whose members are declared out of alphabetical order.
private struct Listing: Encodable, Sendable {
    var zone: String
    var after: Int
    var pageSize: Int?
    var filter: Filter

    struct Filter: Encodable, Sendable {
        var status: String
        var createdBy: String
    }
}

private let listing = Listing(zone: "eu", after: 7, pageSize: nil, filter: .init(status: "open", createdBy: "ada"))

/// Keyed parameters whose key enum is `CaseIterable`, declared out of order.
private struct Signed: KeyedAPIParameters {
    enum Key: String, ParamJSONKey, CaseIterable { case timestamp, nonce, action }
    func toKeyedDictionary() -> [Key: any APIParamConvertible] {
        [.action: "list", .nonce: "n1", .timestamp: 1_700_000_000]
    }
}

@Suite("Query encoder options")
struct QueryEncoderOptionsTests {
    @Test("the defaults are unchanged: sorted, nulls dropped, names as declared, RFC 3986 unreserved")
    func defaults() throws {
        let encoder = QueryEncoder()
        #expect(encoder.keyEncoding.isIdentity && encoder.nilEncoding == .drop && encoder.keyOrder == .sorted)
        #expect(encoder.allowedCharacters == .rfc3986Unreserved)
        #expect(try encoder.encode(["b": 2, "a": "x y", "c": String?.none], forHTTPMethod: .get) == "a=x%20y&b=2")
    }

    @Test("key encodings: snake_case, kebab-case and a custom function, at every level")
    func keyEncodings() throws {
        let parameters: [String: any APIParamConvertible] = ["pageSize": 20, "sortURL": true, "filterBy": ["ownerID": 3]]
        var encoder = QueryEncoder(keyEncoding: .convertToSnakeCase)
        #expect(try encoder.encode(parameters, forHTTPMethod: .get) == "filter_by%5Bowner_id%5D=3&page_size=20&sort_url=true")
        encoder.keyEncoding = .convertToKebabCase
        #expect(try encoder.encode(parameters, forHTTPMethod: .get) == "filter-by%5Bowner-id%5D=3&page-size=20&sort-url=true")
        encoder.keyEncoding = .custom { $0.uppercased() }
        #expect(try encoder.encode(parameters, forHTTPMethod: .get) == "FILTERBY%5BOWNERID%5D=3&PAGESIZE=20&SORTURL=true")
    }

    @Test("a key encoding that maps two names to one is refused, naming it")
    func keyEncodingCollision() {
        let encoder = QueryEncoder(keyEncoding: .convertToSnakeCase)
        #expect(throws: EndpointRequestError.duplicateParameterName("page_size")) {
            try encoder.encode(["pageSize": 1, "page_size": 2], forHTTPMethod: .get)
        }
    }

    @Test("snake_case splits words exactly as JSONEncoder's convertToSnakeCase (property-based)")
    func snakeCaseMatchesFoundation() async {
        let identifier = Gen<Character?>.element(of: Array("aAbBzZxXyY09_U") as [Character]).map { $0! }.string(of: 0...14)
        await propertyCheck(count: 1500, input: identifier) { name in
            let foundation = try foundationSnakeCase(name)
            #expect(ParamKeyEncoding.convertToSnakeCase.encode(name) == foundation)
        }
        // Foundation's quirks, kept so that a server's convertFromSnakeCase reads the names back.
        let known = [("myURLValue", "my_url_value"), ("userID", "user_id"), ("HTTPStatus", "h_ttp_status"), ("includeURLs", "include_ur_ls"), ("a", "a"), ("", "")]
        for (name, expected) in known {
            #expect(ParamKeyEncoding.convertToSnakeCase.encode(name) == expected)
        }
    }

    @Test("nil encodings: drop, key=, key=null, bare key; and null array elements")
    func nilEncodings() throws {
        let parameters: [String: any APIParamConvertible] = ["a": 1, "b": String?.none]
        let expected: [QueryEncoder.NilEncoding: String] = [.drop: "a=1", .emptyValue: "a=1&b=", .nullLiteral: "a=1&b=null", .bareKey: "a=1&b"]
        for style in QueryEncoder.NilEncoding.allCases {
            #expect(try QueryEncoder(nilEncoding: style).encode(parameters, forHTTPMethod: .get) == expected[style])
        }
        let list: [String: ParamValue] = ["ids": [1, nil, 3]]
        #expect(try QueryEncoder(nilEncoding: .emptyValue).encode(list) == "ids=1&ids=&ids=3")
        #expect(try QueryEncoder(nilEncoding: .nullLiteral).encode(list) == "ids=1&ids=null&ids=3")
        #expect(throws: EndpointRequestError.self) { try QueryEncoder().encode(list) }
    }

    @Test("declared key order: Encodable types and CaseIterable key enums keep theirs, dictionaries stay sorted")
    func declaredOrder() throws {
        let declared = QueryEncoder(keyOrder: .declared)
        let tree = try EncodableParameters(listing).value(forHTTPMethod: .get)
        #expect(try declared.encode(tree) == "zone=eu&after=7&filter%5Bstatus%5D=open&filter%5BcreatedBy%5D=ada")
        #expect(try QueryEncoder().encode(tree) == "after=7&filter%5BcreatedBy%5D=ada&filter%5Bstatus%5D=open&zone=eu")
        #expect(try declared.encode(Signed().value(forHTTPMethod: .get)) == "timestamp=1700000000&nonce=n1&action=list")
        #expect(try declared.encode(["b": 1, "a": 2] as [String: ParamValue]) == "a=2&b=1")
    }

    @Test("an ordered object equals the unordered object of the same members")
    func orderedEquality() throws {
        let tree = try ParamValueEncoder().encode(listing)
        #expect(tree == ["zone": "eu", "after": 7, "filter": ["status": "open", "createdBy": "ada"]])
        #expect(Set([tree, ParamValue.object(tree.memberDictionary!)]).count == 1)
        #expect(try ParamValueEncoder().encode(["b": 1, "a": 2]) == .object(["a": 2, "b": 1]))
    }

    @Test("custom nested-key and array-key formatters")
    func formatters() throws {
        var encoder = QueryEncoder()
        encoder.nestedKeyFormatter = { parent, key in "\(parent)__\(key)" }
        encoder.arrayKeyFormatter = { name, index in "\(name)(\(index))" }
        let parameters: [String: ParamValue] = ["filter": ["kind": "x"], "ids": [4, 7], "rows": [["n": 1]]]
        #expect(try encoder.encode(parameters) == "filter__kind=x&ids%280%29=4&ids%281%29=7&rows%280%29__n=1")
        encoder.arrayKeyFormatter = nil
        #expect(try encoder.encode(["rows": [["n": 1]]] as [String: ParamValue]) == "rows__0__n=1")
    }

    @Test("allowed-character presets and custom sets")
    func allowedCharacters() throws {
        let text = "a b*~!/?:@$'(),;é"
        func encoded(_ allowed: QueryEncoder.AllowedCharacters, spaceStyle: QueryEncoder.SpaceStyle = .percent20) throws -> String {
            try QueryEncoder(spaceStyle: spaceStyle, allowedCharacters: allowed).encode(["q": .string(text)])
        }
        #expect(try encoded(.rfc3986Unreserved) == "q=a%20b%2A~%21%2F%3F%3A%40%24%27%28%29%2C%3B%C3%A9")
        #expect(try encoded(.whatwgFormURLEncoded, spaceStyle: .plus) == "q=a+b*%7E%21%2F%3F%3A%40%24%27%28%29%2C%3B%C3%A9")
        #expect(try encoded(.rfc3986Query) == "q=a%20b*~!/?:@$'(),;%C3%A9")
        #expect(try encoded(QueryEncoder.AllowedCharacters("abq/?")) == "q=a%20b%2A%7E%21/?%3A%40%24%27%28%29%2C%3B%C3%A9")
        // WHATWG's serializer, as URLSearchParams writes it.
        #expect(try encoded(.whatwgFormURLEncoded, spaceStyle: .plus).hasPrefix("q=a+b*%7E"))
    }

    @Test("the presets hold exactly their documented characters")
    func presets() throws {
        let alphanumerics = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        #expect(QueryEncoder.AllowedCharacters.rfc3986Unreserved == (try QueryEncoder.AllowedCharacters(alphanumerics + "-._~")))
        #expect(QueryEncoder.AllowedCharacters.whatwgFormURLEncoded == (try QueryEncoder.AllowedCharacters(alphanumerics + "*-._")))
        #expect(QueryEncoder.AllowedCharacters.rfc3986Query == (try QueryEncoder.AllowedCharacters(alphanumerics + "-._~!$'()*,;:@/?")))
    }

    @Test("a custom set refuses what would break the query, naming the character")
    func invalidAllowedCharacters() {
        for character in ["&", "=", "+", "%", "#", "[", " ", "é"] {
            #expect(throws: EndpointRequestError.self) { try QueryEncoder.AllowedCharacters("ab" + character) }
        }
        #expect(throws: EndpointRequestError.invalidAllowedCharacter("&", reason: "it separates the query's pairs and names")) {
            try QueryEncoder.AllowedCharacters("&")
        }
    }

    @Test("a comma inside a comma-separated element is escaped, whatever the allowed set")
    func commaSeparatedKeepsCommasEscaped() throws {
        let encoder = QueryEncoder(arrayStyle: .commaSeparated, allowedCharacters: .rfc3986Query)
        #expect(try encoder.encode(["tags": ["a,b", "c"]]) == "tags=a%2Cb,c")
    }

    @Test("form bodies take the same options")
    func formBody() throws {
        var encoder = QueryEncoder.form
        encoder.keyEncoding = .convertToSnakeCase
        encoder.nilEncoding = .nullLiteral
        encoder.keyOrder = .declared
        let body = FormURLEncodedBodyParameters(value: EncodableParameters(listing), encoder: encoder)
        guard case .data(let data) = try body.buildEntity(forHTTPMethod: .post) else { Issue.record("not in memory"); return }
        #expect(String(decoding: data, as: UTF8.self) == "zone=eu&after=7&filter%5Bstatus%5D=open&filter%5Bcreated_by%5D=ada")
    }
}

/// What JSONEncoder's `convertToSnakeCase` makes of `name` (through a coding key of that name).
private func foundationSnakeCase(_ name: String) throws -> String {
    struct One: Encodable {
        let name: String
        struct Key: CodingKey {
            var stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: Key(stringValue: name))
        }
    }
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let object = try JSONSerialization.jsonObject(with: encoder.encode(One(name: name))) as! [String: Any]
    return object.keys.first!
}
