import Foundation
import Testing

@testable import EndpointKit

/// Golden outputs of every query style.
@Suite("QueryEncoder")
struct QueryEncoderTests {
    private let tree: [String: ParamValue] = ["a": [1, 2], "flag": true, "f": ["b": "c", "d": ["e": "x y"]]]

    @Test("array styles", arguments: [
        (QueryEncoder.ArrayStyle.repeatedKey, "a=1&a=2"),
        (.brackets, "a%5B%5D=1&a%5B%5D=2"),
        (.commaSeparated, "a=1,2"),
        (.indexed, "a%5B0%5D=1&a%5B1%5D=2"),
    ])
    func arrayStyles(style: QueryEncoder.ArrayStyle, expected: String) throws {
        #expect(try QueryEncoder(arrayStyle: style).encode(["a": [1, 2]]) == expected)
    }

    @Test("bool styles", arguments: [(QueryEncoder.BoolStyle.trueFalse, "t=true&u=false"), (.numeric, "t=1&u=0")])
    func boolStyles(style: QueryEncoder.BoolStyle, expected: String) throws {
        #expect(try QueryEncoder(boolStyle: style).encode(["t": true, "u": false]) == expected)
    }

    @Test("nesting styles", arguments: [
        (QueryEncoder.NestingStyle.brackets, "f%5Bb%5D=c&f%5Bd%5D%5Be%5D=x%20y"),
        (.dots, "f.b=c&f.d.e=x%20y"),
    ])
    func nestingStyles(style: QueryEncoder.NestingStyle, expected: String) throws {
        #expect(try QueryEncoder(nestingStyle: style).encode(["f": tree["f"]!]) == expected)
    }

    @Test("space styles", arguments: [(QueryEncoder.SpaceStyle.percent20, "q=a%20b%2Bc"), (.plus, "q=a+b%2Bc")])
    func spaceStyles(style: QueryEncoder.SpaceStyle, expected: String) throws {
        #expect(try QueryEncoder(spaceStyle: style).encode(["q": "a b+c"]) == expected)
    }

    @Test("keys are sorted at every level; array elements keep their order")
    func stableOrder() throws {
        let parameters: [String: ParamValue] = ["z": 1, "a": ["y": 2, "b": 3], "m": [3, 1, 2]]
        let expected = "a%5Bb%5D=3&a%5By%5D=2&m=3&m=1&m=2&z=1"
        for _ in 0..<50 {
            #expect(try QueryEncoder.query.encode(parameters) == expected)
        }
    }

    @Test("RFC 3986: only unreserved characters stay bare")
    func percentEncoding() throws {
        let every = String((0x20...0x7E).map { Character(UnicodeScalar(UInt8($0))) })
        let encoded = try QueryEncoder.query.encode(["k": .string(every)])
        #expect(
            encoded
                == "k=%20%21%22%23%24%25%26%27%28%29%2A%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40"
                + "ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~")
        #expect(try QueryEncoder.query.encode(["naïve 🙂": "日本"]) == "na%C3%AFve%20%F0%9F%99%82=%E6%97%A5%E6%9C%AC")
    }

    @Test("commas inside comma-separated elements are escaped")
    func commaEscaping() throws {
        #expect(try QueryEncoder(arrayStyle: .commaSeparated).encode(["a": ["x,y", "z"]]) == "a=x%2Cy,z")
    }

    @Test("null, empty arrays and empty objects are omitted")
    func omissions() throws {
        #expect(try QueryEncoder.query.encode(["n": nil, "e": [], "o": .object([:]), "k": "v"]) == "k=v")
        #expect(try QueryEncoder.query.encode([:]) == "")
    }

    @Test("arrays of objects or arrays are indexed in every style", arguments: QueryEncoder.ArrayStyle.allCases)
    func nestedArrays(style: QueryEncoder.ArrayStyle) throws {
        let value: [String: ParamValue] = ["a": [["b": 1], [2, 3]]]
        #expect(try QueryEncoder(arrayStyle: style).encode(value) == "a%5B0%5D%5Bb%5D=1&a%5B1%5D%5B0%5D=2&a%5B1%5D%5B1%5D=3")
    }

    @Test("a null inside an array is refused, since omitting it would shift the others")
    func nullInArray() {
        let reason = "a null array element has no query form (omitting it would shift the others)"
        expectError(.unsupportedQueryValue(path: "a[1]", reason: reason)) {
            try QueryEncoder.query.encode(["a": [1, nil, 2]])
        }
        expectError(.unsupportedQueryValue(path: "a[1]", reason: reason)) {
            try QueryEncoder(arrayStyle: .indexed).encode(["a": [1, nil]])
        }
    }

    @Test("the form encoder writes spaces as +")
    func formEncoder() throws {
        #expect(try QueryEncoder.form.encode(["q": "a b"]) == "q=a+b")
    }
}
