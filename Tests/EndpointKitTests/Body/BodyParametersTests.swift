import Foundation
import Testing

@testable import EndpointKit

private func text(_ entity: RequestBodyEntity) throws -> String {
    guard case .data(let data) = entity else { throw EndpointRequestError.invalidContentType("", reason: "expected in-memory bytes") }
    return String(decoding: data, as: UTF8.self)
}

@Suite("JSON, form and data bodies")
struct BodyParametersTests {
    @Test("JSON strings escape quotes, backslashes and control characters; Unicode stays UTF-8")
    func jsonEscaping() throws {
        let body = JSONBodyParameters(["s": "quote\" back\\ nl\n tab\t cr\r bell\u{7} é 🙂"])
        let json = try text(body.buildEntity(forHTTPMethod: .post))
        #expect(json == #"{"s":"quote\" back\\ nl\n tab\t cr\r bell\u0007 é 🙂"}"#)
        // Foundation's parser reads it back to the same string.
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(parsed?["s"] == "quote\" back\\ nl\n tab\t cr\r bell\u{7} é 🙂")
    }

    @Test("JSON of any value: arrays, nested parameters, dates in the chosen style")
    func jsonValues() throws {
        let date = Date(timeIntervalSince1970: 0)
        #expect(try text(JSONBodyParameters(value: [1, 2]).buildEntity(forHTTPMethod: .post)) == "[1,2]")
        #expect(
            try text(JSONBodyParameters(["at": date], dateStyle: .secondsSince1970).buildEntity(forHTTPMethod: .post))
                == #"{"at":0}"#)
        #expect(try text(JSONBodyParameters(value: ParamValue.null).buildEntity(forHTTPMethod: .post)) == "null")
        #expect(JSONBodyParameters([:]).contentType == "application/json")
    }

    @Test("forms: nested values, arrays and the + for spaces")
    func forms() throws {
        let user: ParamValue = ["name": "Ada L", "langs": ["en", "fr"]]
        let body = FormURLEncodedBodyParameters(["user": user, "ok": true])
        #expect(try text(body.buildEntity(forHTTPMethod: .post)) == "ok=true&user%5Blangs%5D=en&user%5Blangs%5D=fr&user%5Bname%5D=Ada+L")
        let bracketed = FormURLEncodedBodyParameters(["a": [1, 2]], encoder: QueryEncoder(arrayStyle: .brackets, spaceStyle: .plus))
        #expect(try text(bracketed.buildEntity(forHTTPMethod: .post)) == "a%5B%5D=1&a%5B%5D=2")
    }

    @Test("a form of something that is not an object is refused")
    func formNotAnObject() {
        expectError(.parametersNotAnObject(location: "form", kind: "array")) {
            try FormURLEncodedBodyParameters(value: [1, 2]).buildEntity(forHTTPMethod: .post)
        }
    }

    @Test("raw data needs a valid content type")
    func rawData() throws {
        #expect(try text(DataBodyParameters(data: Data("x".utf8), contentType: "text/plain").buildEntity(forHTTPMethod: .put)) == "x")
        expectError(.invalidContentType("", reason: "it is empty")) {
            try DataBodyParameters(data: Data(), contentType: "").buildEntity(forHTTPMethod: .put)
        }
        expectError(.invalidContentType("text/plain\r\nX: 1", reason: "it contains a carriage return (CR) at byte 10")) {
            try DataBodyParameters(data: Data(), contentType: "text/plain\r\nX: 1").buildEntity(forHTTPMethod: .put)
        }
    }

    @Test("a custom BodyParameters type is sent with its content type")
    func customBody() throws {
        struct CSVBody: BodyParameters {
            var rows: [[String]]
            var contentType: String { "text/csv" }
            func buildEntity(forHTTPMethod method: HTTPRequest.Method) throws -> RequestBodyEntity {
                .data(Data(rows.map { $0.joined(separator: ",") }.joined(separator: "\n").utf8))
            }
        }
        let endpoint = Endpoint<Data>(
            serverURL: URL(string: "https://api.example.com")!, pathPrefix: "import", method: .post,
            body: CSVBody(rows: [["a", "b"], ["1", "2"]]))
        let prepared = try endpoint.prepare()
        #expect(prepared.header("Content-Type") == "text/csv")
        #expect(prepared.header("Content-Length") == "7")
    }
}

@Suite("EndpointPath")
struct EndpointPathTests {
    @Test("templates split at slashes; values are single segments")
    func segments() throws {
        let path: EndpointPath = "/entries/en-gb/"
        #expect(path.segments == ["entries", "en-gb"])
        let word = path / "ace of spades/2"
        #expect(word.segments == ["entries", "en-gb", "ace of spades/2"])
        #expect(word.description == "/entries/en-gb/ace of spades/2")
        var output: [UInt8] = []
        try word.appendEncoded(to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "/entries/en-gb/ace%20of%20spades%2F2")
        #expect(EndpointPath("").segments.isEmpty)
        #expect(EndpointPath(segments: ["a/b"]).appending(EndpointPath("c/d")).segments == ["a/b", "c", "d"])
    }
}
