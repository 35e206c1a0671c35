import Foundation
import HTTPTypes
import Testing

@testable import EndpointKit

private enum Color: String, APIParamConvertible { case red, darkBlue = "dark_blue" }
private enum Priority: Int, APIParamConvertible { case low = 1, high = 9 }

/// Golden renderings of every built-in parameter type: its node, its query text and its JSON.
@Suite("APIParamConvertible")
struct APIParamConvertibleTests {
    private struct Golden: @unchecked Sendable, CustomTestStringConvertible {
        let label: String
        let value: any APIParamConvertible
        let node: ParamValue
        let query: String
        let json: String
        var testDescription: String { label }
    }

    private static let date = Date(timeIntervalSince1970: 1_552_576_166)

    private static let goldens: [Golden] = [
        Golden(label: "String", value: "a b&c", node: .string("a b&c"), query: "v=a%20b%26c", json: #"{"v":"a b&c"}"#),
        Golden(label: "Substring", value: "hello"[...], node: .string("hello"), query: "v=hello", json: #"{"v":"hello"}"#),
        Golden(label: "Character", value: Character("é"), node: .string("é"), query: "v=%C3%A9", json: #"{"v":"é"}"#),
        Golden(label: "Int", value: -42, node: .integer(-42), query: "v=-42", json: #"{"v":-42}"#),
        Golden(label: "Int8", value: Int8.min, node: .integer(-128), query: "v=-128", json: #"{"v":-128}"#),
        Golden(label: "Int16", value: Int16.max, node: .integer(32767), query: "v=32767", json: #"{"v":32767}"#),
        Golden(label: "Int32", value: Int32.min, node: .integer(-2_147_483_648), query: "v=-2147483648", json: #"{"v":-2147483648}"#),
        Golden(label: "Int64", value: Int64.max, node: .integer(Int64.max), query: "v=9223372036854775807", json: #"{"v":9223372036854775807}"#),
        Golden(label: "UInt", value: UInt(7), node: .integer(7), query: "v=7", json: #"{"v":7}"#),
        Golden(label: "UInt8", value: UInt8.max, node: .integer(255), query: "v=255", json: #"{"v":255}"#),
        Golden(label: "UInt16", value: UInt16.max, node: .integer(65535), query: "v=65535", json: #"{"v":65535}"#),
        Golden(label: "UInt32", value: UInt32.max, node: .integer(4_294_967_295), query: "v=4294967295", json: #"{"v":4294967295}"#),
        Golden(label: "UInt64", value: UInt64.max, node: .unsignedInteger(UInt64.max), query: "v=18446744073709551615", json: #"{"v":18446744073709551615}"#),
        Golden(label: "Float", value: Float(0.1), node: .double(0.1), query: "v=0.1", json: #"{"v":0.1}"#),
        Golden(label: "Double", value: 2.5, node: .double(2.5), query: "v=2.5", json: #"{"v":2.5}"#),
        Golden(label: "Double small", value: 0.00001, node: .double(0.00001), query: "v=1e-05", json: #"{"v":1e-05}"#),
        Golden(label: "Decimal", value: Decimal(string: "12345678901234567890.125")!, node: .decimal(Decimal(string: "12345678901234567890.125")!), query: "v=12345678901234567890.125", json: #"{"v":12345678901234567890.125}"#),
        Golden(label: "Bool", value: true, node: .bool(true), query: "v=true", json: #"{"v":true}"#),
        Golden(label: "Optional some", value: Optional("x"), node: .string("x"), query: "v=x", json: #"{"v":"x"}"#),
        Golden(label: "Optional none", value: String?.none, node: .null, query: "", json: #"{"v":null}"#),
        Golden(label: "Array", value: [1, 2, 3], node: [1, 2, 3], query: "v=1&v=2&v=3", json: #"{"v":[1,2,3]}"#),
        Golden(label: "Dictionary", value: ["b": 2, "a": 1], node: ["a": 1, "b": 2], query: "v%5Ba%5D=1&v%5Bb%5D=2", json: #"{"v":{"a":1,"b":2}}"#),
        Golden(label: "Date", value: date, node: .date(date), query: "v=2019-03-14T15%3A09%3A26Z", json: #"{"v":"2019-03-14T15:09:26Z"}"#),
        Golden(label: "URL", value: URL(string: "https://x.org/a?b=c")!, node: .string("https://x.org/a?b=c"), query: "v=https%3A%2F%2Fx.org%2Fa%3Fb%3Dc", json: #"{"v":"https://x.org/a?b=c"}"#),
        Golden(label: "UUID", value: UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!, node: .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), query: "v=E621E1F8-C36C-495A-93FC-0C247A3E6E5F", json: #"{"v":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#),
        Golden(label: "String enum", value: Color.darkBlue, node: .string("dark_blue"), query: "v=dark_blue", json: #"{"v":"dark_blue"}"#),
        Golden(label: "Int enum", value: Priority.high, node: .integer(9), query: "v=9", json: #"{"v":9}"#),
        Golden(label: "ParamValue", value: ParamValue.bool(false), node: .bool(false), query: "v=false", json: #"{"v":false}"#),
    ]

    @Test("node, query and JSON of every type", arguments: goldens)
    private func golden(_ golden: Golden) throws {
        #expect(try golden.value.value(forHTTPMethod: .get) == golden.node)
        #expect(try golden.value.value(forHTTPMethod: .post) == golden.node)
        #expect(try QueryEncoder.query.encode(["v": golden.value], forHTTPMethod: .get) == golden.query)
        let body = try JSONBodyParameters(["v": golden.value]).buildEntity(forHTTPMethod: .post)
        guard case .data(let data) = body else {
            Issue.record("JSON bodies are in memory")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == golden.json)
    }

    @Test("a custom type renders per method: comma-joined in a query, an array in a body")
    func perMethod() throws {
        struct Tags: APIParamConvertible {
            var names: [String]
            func value(forHTTPMethod method: HTTPRequest.Method) -> ParamValue {
                method.prefersQueryParameters ? .string(names.joined(separator: ",")) : .array(names.map { .string($0) })
            }
        }
        let tags = Tags(names: ["a", "b"])
        #expect(try QueryEncoder.query.encode(["tags": tags], forHTTPMethod: .get) == "tags=a%2Cb")
        #expect(tags.value(forHTTPMethod: .post) == ["a", "b"])
    }

    @Test("date styles", arguments: [
        (DateEncodingStyle.iso8601, "2019-03-14T15:09:26Z"),
        (.iso8601WithFractionalSeconds, "2019-03-14T15:09:26.500Z"),
        (.secondsSince1970, "1552576166.5"),
        (.millisecondsSince1970, "1552576166500"),
        (.formatted("yyyy-MM-dd"), "2019-03-14"),
        (.custom { _ in .string("custom") }, "custom"),
    ])
    func dateStyles(style: DateEncodingStyle, expected: String) throws {
        let date = Date(timeIntervalSince1970: 1_552_576_166.5)
        let encoder = QueryEncoder(dateStyle: style)
        #expect(try encoder.encode(["d": .date(date)]) == "d=" + PercentEncoding.encode(expected))
    }

    @Test("non-finite numbers are refused with their path")
    func nonFinite() throws {
        for value in [Double.nan, .infinity, -.infinity] {
            expectError(.nonFiniteNumber(path: "outer[inner][1]")) {
                try QueryEncoder.query.encode(["outer": ["inner": [1.0, value]]], forHTTPMethod: .get)
            }
            expectError(.nonFiniteNumber(path: "$.outer.inner[1]")) {
                try JSONBodyParameters(["outer": ["inner": [1.0, value]]]).buildEntity(forHTTPMethod: .post)
            }
        }
        expectError(.nonFiniteNumber(path: "f")) {
            try QueryEncoder.query.encode(["f": Float.infinity], forHTTPMethod: .get)
        }
        expectError(.nonFiniteNumber(path: "$.d")) {
            try JSONBodyParameters(["d": Decimal.nan]).buildEntity(forHTTPMethod: .post)
        }
    }
}
