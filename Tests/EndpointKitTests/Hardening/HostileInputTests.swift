import Foundation
import HTTPTypes
import PropertyBased
import ProcessTesting
import Testing

@testable import EndpointKit

/// Issue 7 (hostile input): generated parameter trees and Unicode words, sent over both transports
/// to a server that parses what arrived (the query, a form body, a JSON body, the path) and
/// answers with what it read. Each must read back exactly as an independent reference model of
/// the encoding says. Oversized requests and CR/LF in headers never leave the client.
///
/// `ENDPOINTKIT_HOSTILE_CASES` sets the number of generated cases (5,000 by default; the full
/// run in RELIABILITY.md used 100,000).
@Suite("Hardening: hostile input read back by a server")
struct HostileInputTests {
    static let caseCount = ProcessInfo.processInfo.environment["ENDPOINTKIT_HOSTILE_CASES"].flatMap(Int.init) ?? 5_000
    static let batch = 16

    // MARK: Generation

    /// Characters from every range that breaks naive encoders: controls and NUL, URL delimiters,
    /// percent signs, dots, Latin, CJK and emoji (with a combining mark now and then).
    static func text(_ rng: inout any SeededRandomNumberGenerator, maxLength: Int) -> String {
        let tricky = Array("/?#&=+%[];:@ ,.~-_'\"\\\r\n\t")
        let tokens = ["../", "..", "%2e%2e", "%2F", "%25", "%", "%zz", "+", "?x=1", "#top", "\r\n", "\u{0}"]
        var result = ""
        for _ in 0..<Int.random(in: 0...maxLength, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: result += tokens.randomElement(using: &rng)!
            case 1, 2: result.append(tricky.randomElement(using: &rng)!)
            case 3: result.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &rng)))
            case 4: result.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: 0x80...0x2FF, using: &rng))!)
            case 5: result.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: 0x4E00...0x9FFF, using: &rng))!)
            case 6: result.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: 0x1F300...0x1F6FF, using: &rng))!)
            case 7: result += "e\u{301}"
            default: result.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &rng)))
            }
        }
        return result
    }

    /// A tree of objects, arrays and scalars; `null` only as an object member (a null array
    /// element has no query form and is refused, which another test covers).
    static func tree(_ rng: inout any SeededRandomNumberGenerator, depth: Int, inArray: Bool = false) -> ParamValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 8 : 5), using: &rng)
        switch choice {
        case 0, 1: return .string(text(&rng, maxLength: 12))
        case 2: return .integer(Int64.random(in: .min ... .max, using: &rng))
        case 3: return .bool(Bool.random(using: &rng))
        case 4: return inArray ? .integer(Int64.random(in: -999...999, using: &rng)) : .null
        case 5: return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in tree(&rng, depth: depth - 1, inArray: true) })
        default: return object(&rng, depth: depth - 1)
        }
    }

    static func object(_ rng: inout any SeededRandomNumberGenerator, depth: Int) -> ParamValue {
        var members: [String: ParamValue] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &rng) { members[text(&rng, maxLength: 8)] = tree(&rng, depth: depth) }
        return .object(members)
    }

    enum Case: Sendable {
        case query([String: ParamValue])
        case form([String: ParamValue])
        case json([String: ParamValue])
        case segment(String)
    }

    static let cases = Generator<[Case], Shrink.None<[Case]>>(run: { rng in
        (0..<batch).map { _ -> Case in
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: .segment(text(&rng, maxLength: 40))
            case 1: if case .object(let members) = object(&rng, depth: 3) { .query(members) } else { .segment("x") }
            case 2: if case .object(let members) = object(&rng, depth: 3) { .form(members) } else { .segment("x") }
            default: if case .object(let members) = object(&rng, depth: 3) { .json(members) } else { .segment("x") }
            }
        }
    })

    // MARK: The reference model

    /// The name-value pairs a tree encodes to: members in sorted order, nested names in brackets,
    /// flat arrays as repeated names, arrays holding containers (and everything inside them) by
    /// index, nulls left out.
    static func pairs(_ parameters: [String: ParamValue]) -> [[String]] {
        var result: [[String]] = []
        func walk(_ value: ParamValue, _ name: String, _ indexed: Bool) {
            switch value {
            case .null: return
            case .string(let string): result.append([name, string])
            case .integer(let integer): result.append([name, String(integer)])
            case .bool(let bool): result.append([name, bool ? "true" : "false"])
            case .object(let members): for key in members.keys.sorted() { walk(members[key]!, "\(name)[\(key)]", indexed) }
            case .array(let elements):
                let flat = elements.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { true } }
                for (index, element) in elements.enumerated() {
                    if flat && !indexed { walk(element, name, false) } else { walk(element, "\(name)[\(index)]", true) }
                }
            default: Issue.record("the generator made \(value)")
            }
        }
        for key in parameters.keys.sorted() { walk(parameters[key]!, key, false) }
        return result
    }

    /// The tree as Foundation JSON objects.
    static func foundationObject(_ value: ParamValue) -> Any {
        switch value {
        case .string(let string): string
        case .integer(let integer): NSNumber(value: integer)
        case .bool(let bool): bool
        case .null: NSNull()
        case .array(let elements): elements.map(foundationObject)
        case .object(let members): members.mapValues(foundationObject)
        default: NSNull()
        }
    }

    /// The JSON text of `object` with every object's keys in Unicode scalar order. Not
    /// `JSONSerialization`'s `.sortedKeys`: on Linux it ranks some keys as equal (`wƊëad\u{1B}` and
    /// `Ŵcé`) and then leaves them in the dictionary's order, which changes from run to run.
    static func canonicalJSON(_ object: Any) throws -> String {
        if let dictionary = object as? [String: Any] {
            let keys = dictionary.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            return "{" + (try keys.map { try fragment($0) + ":" + canonicalJSON(dictionary[$0]!) }).joined(separator: ",") + "}"
        }
        if let array = object as? [Any] { return "[" + (try array.map(canonicalJSON)).joined(separator: ",") + "]" }
        return try fragment(object)
    }

    private static func fragment(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self)
    }

    // MARK: The server's side

    /// `name=value&…` as a server reads it: split on `&` and the first `=`, `+` as a space in
    /// forms, then percent-decoded (which fails on invalid escapes or UTF-8).
    static func parsePairs(_ encoded: String, plusIsSpace: Bool) -> [[String]]? {
        guard !encoded.isEmpty else { return [] }
        var result: [[String]] = []
        for pair in encoded.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decoded = parts.map { part -> String? in
                (plusIsSpace ? part.replacingOccurrences(of: "+", with: " ") : String(part)).removingPercentEncoding
            }
            guard parts.count == 2, let name = decoded[0], let value = decoded[1] else { return nil }
            result.append([name, value])
        }
        return result
    }

    /// Answers with what it read: pairs, a canonical JSON text, or the decoded path segments.
    static func echo(_ request: TestHTTPServer.ReceivedRequest) -> TestHTTPServer.Reply {
        let body = String(decoding: request.body, as: UTF8.self)
        let read: Any?
        switch request.path {
        case "/query": read = parsePairs(request.query ?? "", plusIsSpace: false)
        case "/form": read = request.header("Content-Type") == "application/x-www-form-urlencoded" ? parsePairs(body, plusIsSpace: true) : nil
        case "/json": read = (try? JSONSerialization.jsonObject(with: Data(request.body), options: [])).flatMap { try? canonicalJSON($0) }
        default: read = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0.removingPercentEncoding ?? "<invalid>" }
        }
        guard let read, let data = try? JSONSerialization.data(withJSONObject: ["read": read], options: []) else {
            return .text("cannot read \(request.uri.prefix(200)) / \(body.prefix(200))", status: 400)
        }
        return .init(status: 200, headers: [("Content-Type", "application/json")], body: .bytes(Array(data)))
    }

    struct Echo<Value: Decodable & Sendable>: Decodable, Sendable {
        var read: Value
    }

    // MARK: The check

    @Test("Generated trees (query, form, JSON) and path segments read back exactly, over both transports")
    func readBack() async throws {
        try await TestScheduling.exclusively {
            let controllers = TransportKind.allCases.map { kind in
                (kind, EndpointController<EndpointDefaultServerError>(
                    transport: kind.make(), configuration: .init(retryPolicy: .none, timeout: .seconds(30), notificationCenter: nil)))
            }
            let counts = Locked<[String: Int]>([:])
            try await withServer(recordsRequests: false, { request in Self.echo(request) }) { server in
                let checks = Self.caseCount / Self.batch
                let round = Locked(0)
                await propertyCheck(count: checks, input: Self.cases) { cases in
                    let (kind, controller) = controllers[round.increment() % controllers.count]
                    await withTaskGroup(of: Void.self) { group in
                        for item in cases {
                            group.addTask {
                                do {
                                    try await Self.check(item, controller: controller, server: server, kind: kind, counts: counts)
                                } catch {
                                    Issue.record("\(kind): \(item): \(error)")
                                }
                            }
                        }
                    }
                }
            }
            let tally = counts.withLock { $0 }
            print("hostile input read back: \(tally.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))")
            #expect(tally.values.reduce(0, +) == Self.caseCount / Self.batch * Self.batch)
        }
    }

    static func check(
        _ item: Case, controller: EndpointController<EndpointDefaultServerError>, server: TestHTTPServer, kind: TransportKind,
        counts: Locked<[String: Int]>
    ) async throws {
        let label: String
        switch item {
        case .query(let tree):
            let endpoint = Endpoint<Echo<[[String]]>>(serverURL: server.baseURL, pathPrefix: "query", queryParameters: tree)
            let read = try await controller.load(endpoint).read
            #expect(read == pairs(tree), "\(kind) query \(tree)")
            label = "query trees"
        case .form(let tree):
            let endpoint = Endpoint<Echo<[[String]]>>(
                serverURL: server.baseURL, pathPrefix: "form", method: .post, body: FormURLEncodedBodyParameters(tree))
            let read = try await controller.load(endpoint).read
            #expect(read == pairs(tree), "\(kind) form \(tree)")
            label = "form trees"
        case .json(let tree):
            let endpoint = Endpoint<Echo<String>>(serverURL: server.baseURL, pathPrefix: "json", method: .post, body: JSONBodyParameters(tree))
            let read = try await controller.load(endpoint).read
            #expect(try read == canonicalJSON(foundationObject(.object(tree))), "\(kind) json \(tree)")
            label = "JSON trees"
        case .segment(let word):
            let endpoint = Endpoint<Echo<[String]>>(serverURL: server.baseURL, pathPrefix: "entries/en-gb", objectID: word, pathSuffix: "x")
            if word.isEmpty || word == "." || word == ".." {
                await #expect(throws: EndpointError.self) { try await controller.load(endpoint) }
                label = "refused segments (empty, . or ..)"
            } else {
                let read = try await controller.load(endpoint).read
                #expect(read == ["entries", "en-gb", word, "x"], "\(kind) segment \(word.debugDescription)")
                label = "path segments"
            }
        }
        counts.withLock { $0[label, default: 0] += 1 }
    }
}
