import Foundation
import HTTPTypes
import PropertyBased
import Testing

@testable import EndpointKit

/// The check made before a `Decodable` answer is decoded: is its `Content-Type` JSON?
@Suite("JSON content types")
struct JSONContentTypeTests {
    @Test(
        "JSON media types in any case, with parameters and whitespace",
        arguments: [
            "application/json", "APPLICATION/JSON", "Application/Json; charset=utf-8", "  application/json  ;charset=UTF-8",
            "\tapplication/json\t", "text/json", "TEXT/JSON;q=1", "application/problem+json", "application/vnd.api+JSON",
            "application/hal+json; profile=\"x\"", "application/json;", "+json",
        ])
    func json(contentType: String) {
        #expect(ResponseDecoder.isJSON(contentType))
    }

    @Test(
        "other media types, near misses and empty values",
        arguments: [
            "", " ", ";", "text/html", "application/jsonp", "application/json5", "application/x-json-stream", "json",
            "application/json-patch", "text/plain; charset=application/json", "application/xml; x=+json", "application/ json",
            "application/json+xml", "text/jsonx", "application/\u{0130}json", "json ", "application/+jso", "; charset=utf-8+json",
            " ;application/json",
        ])
    func notJSON(contentType: String) {
        #expect(!ResponseDecoder.isJSON(contentType))
    }

    /// The check as it was written before it read bytes: split at `;`, trimmed, lowercased. (That
    /// version skipped an empty media type, so `; charset=x+json` passed as JSON on its parameter;
    /// the reference keeps the empty media type, as the byte version does.)
    private static func reference(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
        return mediaType == "application/json" || mediaType == "text/json" || mediaType.hasSuffix("+json")
    }

    @Test("agrees with the Foundation reference on random values made of media-type pieces (property-based)")
    func agreesWithReference() async {
        let pieces: [String] = [
            "application", "APPLICATION", "text", "Text", "/", "json", "JSON", "Json", "+json", "+JSON", "+", "vnd.api", "problem",
            ";", "; charset=utf-8", " ", "  ", "\t", "=", "\"", "x", "jsonp", "-", ".", "é", "İ",
        ]
        let values = Gen<String?>.element(of: pieces).map { $0! }.array(of: 0...8).map { $0.joined() }
        await propertyCheck(count: 3000, input: values) { value in
            #expect(ResponseDecoder.isJSON(value) == Self.reference(value), "\(value.debugDescription)")
        }
    }

    @Test("a single Content-Type field is read as is; several are joined, and a missing one is nil")
    func contentTypeFields() throws {
        let one = HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"])
        #expect(ResponseDecoder.contentType(of: one) == "application/json")
        var two = HTTPFields()
        two.append(HTTPField(name: .contentType, value: "application/json"))
        two.append(HTTPField(name: .contentType, value: "text/html"))
        let several = HTTPResponse(status: .ok, headerFields: two)
        #expect(ResponseDecoder.contentType(of: several) == several.headerFields[.contentType])
        #expect(throws: ResponseDecodingError.self) { try ResponseDecoder.checkJSONContentType(several) }
        #expect(ResponseDecoder.contentType(of: HTTPResponse(status: .ok)) == nil)
        try ResponseDecoder.checkJSONContentType(HTTPResponse(status: .ok))
    }
}
