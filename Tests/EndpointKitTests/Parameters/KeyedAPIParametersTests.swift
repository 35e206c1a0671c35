import Foundation
import HTTPTypes
import Testing

@testable import EndpointKit

// The full example of seed 004, in today's Swift.
private struct InnerObject: KeyedAPIParameters {
    enum Key: String, ParamJSONKey { case innerStringProperty }
    let innerStringProperty: String
    func toKeyedDictionary() -> [Key: any APIParamConvertible] {
        [.innerStringProperty: innerStringProperty]
    }
}

private struct Object: KeyedAPIParameters {
    enum Key: String, ParamJSONKey {
        case stringProperty, intProperty, floatProperty, doubleProperty, boolProperty, optionalProperty,
            arrayProperty, nestedProperty
    }
    let stringProperty: String
    let intProperty: Int
    let floatProperty: Float
    let doubleProperty: Double
    let boolProperty: Bool
    let optionalProperty: String?
    let arrayProperty: [String]
    let nestedProperty: InnerObject

    func toKeyedDictionary() -> [Key: any APIParamConvertible] {
        [
            .stringProperty: stringProperty,
            .intProperty: intProperty,
            .floatProperty: floatProperty,
            .doubleProperty: doubleProperty,
            .boolProperty: boolProperty,
            .optionalProperty: optionalProperty,
            .arrayProperty: arrayProperty,
            .nestedProperty: nestedProperty,
        ]
    }
}

/// Seed 004's string-keyed example.
private struct StringKeyed: APIParameters {
    let stringProperty: String
    func toParamDictionary() -> [String: any APIParamConvertible] { ["stringProperty": stringProperty] }
}

@Suite("APIParameters and KeyedAPIParameters")
struct KeyedAPIParametersTests {
    private let object = Object(
        stringProperty: "text", intProperty: 7, floatProperty: 1.5, doubleProperty: 2.25, boolProperty: true,
        optionalProperty: nil, arrayProperty: ["x", "y"], nestedProperty: InnerObject(innerStringProperty: "inner"))

    @Test("the seed's string-keyed example")
    func stringKeyed() throws {
        let parameters = StringKeyed(stringProperty: "value")
        #expect(try parameters.value(forHTTPMethod: .get) == ["stringProperty": "value"])
        #expect(parameters.toParamDictionary().keys.sorted() == ["stringProperty"])
    }

    @Test("the seed's full example as a GET query")
    func fullExampleQuery() throws {
        let query = try QueryEncoder.query.encode(object.toParamDictionary(), forHTTPMethod: .get)
        #expect(
            query
                == "arrayProperty=x&arrayProperty=y&boolProperty=true&doubleProperty=2.25&floatProperty=1.5&intProperty=7"
                + "&nestedProperty%5BinnerStringProperty%5D=inner&stringProperty=text")
    }

    @Test("the seed's full example as a JSON body: optionals are null, nesting is kept")
    func fullExampleJSON() throws {
        guard case .data(let data) = try JSONBodyParameters(value: object).buildEntity(forHTTPMethod: .post) else {
            Issue.record("JSON bodies are in memory")
            return
        }
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"arrayProperty":["x","y"],"boolProperty":true,"doubleProperty":2.25,"floatProperty":1.5,"#
                + #""intProperty":7,"nestedProperty":{"innerStringProperty":"inner"},"optionalProperty":null,"#
                + #""stringProperty":"text"}"#)
    }

    @Test("toKeyedDictionary keys become their names")
    func keyedDictionary() throws {
        let keyed = object.toKeyedDictionary()
        #expect(keyed.count == 8)
        let named = try object.toParamDictionary()
        #expect(Set(named.keys) == Set(Object.Key.allCasesNames))
    }

    @Test("two keys with one name are refused")
    func duplicateNames() {
        struct RealClash: KeyedAPIParameters {
            struct Key: ParamJSONKey {
                var id: Int
                var paramName: String { "same" }
            }
            func toKeyedDictionary() -> [Key: any APIParamConvertible] { [Key(id: 1): 1, Key(id: 2): 2] }
        }
        expectError(.duplicateParameterName("same")) { try RealClash().toParamDictionary() }
    }
}

private extension Object.Key {
    static var allCasesNames: [String] {
        ["stringProperty", "intProperty", "floatProperty", "doubleProperty", "boolProperty", "optionalProperty",
         "arrayProperty", "nestedProperty"]
    }
}
