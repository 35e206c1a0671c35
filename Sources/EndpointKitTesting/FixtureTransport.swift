import EndpointKit
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Records real answers once and replays them in tests: record against a real server, commit the
/// fixture files, and let the tests run offline and deterministically.
///
/// ```swift
/// // Once, against the real server:
/// let recorder = FixtureTransport(directory: fixtures, mode: .record(upstream: URLSessionEndpointTransport.shared))
/// // In tests:
/// let replayer = FixtureTransport(directory: fixtures, mode: .replay)
/// ```
///
/// A fixture is one JSON file per request, named after its method and target (the path and the
/// query, which EndpointKit always writes in the same order). Secret query values and headers
/// (see `Redaction`) are replaced before anything is written, so no credential reaches a
/// fixture. Replaying a request that has no fixture throws ``MissingFixture`` naming the file
/// that was looked for.
public struct FixtureTransport: ClientTransport {
    /// Whether to call the real server and write fixtures, or answer from them.
    public enum Mode: Sendable {
        /// Send with `upstream`, and write each answer as a fixture.
        case record(upstream: any ClientTransport)
        /// Answer from the fixtures only.
        case replay
    }

    /// A recorded exchange, as stored.
    public struct Fixture: Codable, Sendable, Equatable {
        /// The method.
        public var method: String
        /// The path and query, secret values redacted.
        public var target: String
        /// The status code.
        public var status: Int
        /// The response headers, secret values redacted, in order.
        public var headers: [[String]]
        /// The response body, Base64.
        public var body: String
    }

    /// The error for a request without a fixture, in replay mode.
    public struct MissingFixture: Error, Sendable, CustomStringConvertible {
        /// The file that was looked for.
        public var file: URL
        /// What was wrong.
        public var description: String {
            "FixtureTransport: no fixture \(file.lastPathComponent) in \(file.deletingLastPathComponent().path); record it first with mode .record"
        }
    }

    /// The folder of the fixture files.
    public let directory: URL
    /// Recording or replaying.
    public let mode: Mode
    /// What is kept out of fixtures.
    public let redaction: Redaction

    /// Fixtures in `directory`.
    public init(directory: URL, mode: Mode, redaction: Redaction = .default) {
        self.directory = directory
        self.mode = mode
        self.redaction = redaction
    }

    /// The file of the fixture for `method target`.
    public func fixtureFile(method: HTTPRequest.Method, target: String) -> URL {
        let redacted = redaction.redactTarget(target)
        let readable = String(
            (method.rawValue + redacted).map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }.prefix(80))
        return directory.appendingPathComponent("\(readable)-\(Self.hash(method.rawValue + " " + redacted)).json")
    }

    /// Records or replays; see the type's documentation.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        let target = request.path ?? "/"
        let file = fixtureFile(method: request.method, target: target)
        switch mode {
        case .replay:
            guard let data = try? Data(contentsOf: file) else { throw MissingFixture(file: file) }
            let fixture = try JSONDecoder().decode(Fixture.self, from: data)
            var fields = HTTPFields()
            for pair in fixture.headers where pair.count == 2 {
                if let name = HTTPField.Name(pair[0]) { fields.append(HTTPField(name: name, value: pair[1])) }
            }
            let bytes = Data(base64Encoded: fixture.body) ?? Data()
            return (HTTPResponse(status: .init(code: fixture.status), headerFields: fields), bytes.isEmpty ? nil : HTTPBody(bytes))
        case .record(let upstream):
            let (response, responseBody) = try await upstream.send(request, body: body, baseURL: baseURL, operationID: operationID)
            var bytes = Data()
            if let responseBody { bytes = try await Data(collecting: responseBody, upTo: 256 << 20) }
            let fixture = Fixture(
                method: request.method.rawValue, target: redaction.redactTarget(target), status: response.status.code,
                headers: response.headerFields.map { [$0.name.rawName, redaction.headerValue($0.value, forHeader: $0.name.rawName)] },
                body: bytes.base64EncodedString())
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try encoder.encode(fixture).write(to: file, options: .atomic)
            return (response, bytes.isEmpty ? nil : HTTPBody(bytes))
        }
    }

    /// FNV-1a, 64 bits, in hexadecimal: a stable short name for a request.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
