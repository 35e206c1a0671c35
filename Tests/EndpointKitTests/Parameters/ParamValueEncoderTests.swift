import Foundation
import Testing

@testable import EndpointKit

@Suite("ParamValueEncoder (the Encodable bridge)")
struct ParamValueEncoderTests {
    struct Address: Codable, Sendable { var city: String; var zip: String? }
    enum Kind: String, Codable, Sendable { case personal, work }
    struct Contact: Codable, Sendable {
        var name: String
        var age: UInt8
        var score: Double
        var ratio: Float
        var kinds: [Kind]
        var address: Address
        var nickname: String?
        var born: Date
        var homepage: URL
        var id: UUID
        var balance: Decimal
        var avatar: Data
        var tags: [String: Int]
    }

    private let contact = Contact(
        name: "Ada", age: 36, score: 9.5, ratio: 0.1, kinds: [.work, .personal], address: Address(city: "London", zip: nil),
        nickname: nil, born: Date(timeIntervalSince1970: 0), homepage: URL(string: "https://ada.example")!,
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, balance: Decimal(string: "10.01")!,
        avatar: Data([0xDE, 0xAD]), tags: ["b": 2, "a": 1])

    @Test("a Codable model becomes the tree, keeping dates, URLs, UUIDs and decimals")
    func model() throws {
        let tree = try ParamValueEncoder().encode(contact)
        let expected: ParamValue = [
            "name": "Ada", "age": 36, "score": 9.5, "ratio": 0.1, "kinds": ["work", "personal"],
            "address": ["city": "London"], "born": .date(Date(timeIntervalSince1970: 0)),
            "homepage": "https://ada.example", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "balance": .decimal(Decimal(string: "10.01")!), "avatar": "3q0=", "tags": ["a": 1, "b": 2],
        ]
        #expect(tree == expected)
    }

    @Test("EncodableParameters serve as query and JSON parameters")
    func bridge() throws {
        let parameters = EncodableParameters(contact.address)
        #expect(try QueryEncoder.query.encode(parameters.toParamDictionary(), forHTTPMethod: .get) == "city=London")
        let endpoint = Endpoint<Data>(
            serverURL: URL(string: "https://api.example.com")!, pathPrefix: "contacts",
            queryParameters: try EncodableParameters(Address(city: "New York", zip: "10001")).toParamDictionary())
        #expect(try endpoint.prepare().target == "/contacts?city=New%20York&zip=10001")
        guard case .data(let data) = try JSONBodyParameters(value: parameters).buildEntity(forHTTPMethod: .post) else {
            Issue.record("JSON bodies are in memory")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == #"{"city":"London"}"#)
    }

    @Test("a value that is not an object cannot be a parameter dictionary")
    func notAnObject() {
        expectError(.parametersNotAnObject(location: "Encodable", kind: "array")) {
            try EncodableParameters([1, 2]).toParamDictionary()
        }
    }

    @Test("explicit nulls, nested unkeyed containers and superclass encoders")
    func containers() throws {
        struct Custom: Encodable, Sendable {
            enum CodingKeys: String, CodingKey { case explicitNull, matrix, parent }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeNil(forKey: .explicitNull)
                var matrix = container.nestedUnkeyedContainer(forKey: .matrix)
                var row = matrix.nestedUnkeyedContainer()
                try row.encode(1)
                try row.encode(2)
                try matrix.encode([3])
                let parent = container.superEncoder(forKey: .parent)
                var single = parent.singleValueContainer()
                try single.encode("base")
            }
        }
        #expect(try ParamValueEncoder().encode(Custom()) == ["explicitNull": nil, "matrix": [[1, 2], [3]], "parent": "base"])
    }

    @Test("an encode(to:) that throws is reported with its coding path")
    func failure() {
        struct Bad: Encodable, Sendable {
            struct Inner: Encodable {
                func encode(to encoder: any Encoder) throws {
                    throw EncodingError.invalidValue(0, .init(codingPath: encoder.codingPath, debugDescription: "no way"))
                }
            }
            var inner = [Inner()]
        }
        expectError(.parameterEncodingFailed(path: "$.inner[0]", reason: "no way")) {
            try ParamValueEncoder().encode(Bad())
        }
    }
}
