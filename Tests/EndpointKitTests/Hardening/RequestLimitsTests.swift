import Foundation
import HTTPTypes
import PropertyBased
import Testing

@testable import EndpointKit

/// Issue 7 (hostile input): header injection and oversized requests are refused before anything
/// is sent, with an error that names what was wrong and what is allowed; clean headers arrive
/// exactly as given.
@Suite("Hardening: header injection and oversized requests")
struct RequestLimitsTests {
    /// Visible ASCII, spaces and tabs inside, and now and then CR, LF, NUL or another control byte.
    static let headerValues = Generator<(value: String, badOffset: Int?), Shrink.None<(value: String, badOffset: Int?)>>(run: { rng in
        let length = Int.random(in: 1...60, using: &rng)
        var bytes = (0..<length).map { _ in UInt8.random(in: 0x21...0x7E, using: &rng) }
        if length > 2 {
            for _ in 0..<Int.random(in: 0...2, using: &rng) { bytes[Int.random(in: 1..<(length - 1), using: &rng)] = [0x20, 0x09].randomElement(using: &rng)! }
        }
        var badOffset: Int?
        if Bool.random(using: &rng) {
            let offset = Int.random(in: 0..<length, using: &rng)
            bytes[offset] = [0x0D, 0x0A, 0x00, 0x01, 0x1F, 0x7F].randomElement(using: &rng)!
            badOffset = offset
        }
        return (String(decoding: bytes, as: UTF8.self), badOffset)
    })

    @Test("Header values with CR, LF, NUL or controls are refused naming the byte; clean ones arrive exactly", arguments: TransportKind.allCases)
    func headerValues(kind: TransportKind) async throws {
        try await withServer({ _ in .json(#"{"id":1,"name":"Ada"}"#) }) { server in
            let controller = makeController(kind, retryPolicy: .none)
            var sent = 0
            await propertyCheck(count: 400, input: Self.headerValues) { input in
                let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "user", headerFields: ["X-Probe": input.value])
                if let offset = input.badOffset {
                    let error = await #expect(throws: EndpointError.self) { try await controller.load(endpoint) }
                    guard case .invalidRequest(.invalidHeaderValue(let name, let reason))? = error?.kind else {
                        Issue.record("\(String(describing: error))")
                        return
                    }
                    #expect(name == "X-Probe" && reason.hasSuffix("at byte \(offset)") && error?.attempts == 0, "\(reason)")
                    // Bytes, not Foundation's `contains`: that matched "b\0" against a message ending in "tab".
                    #expect("\(error!)".utf8.firstRange(of: input.value.utf8) == nil, "the value is never quoted")
                    // The same value per call, through extraHeaders.
                    await #expect(throws: EndpointError.self) {
                        try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "user"), extraHeaders: ["X-Probe": input.value])
                    }
                } else {
                    _ = try await controller.load(endpoint)
                    sent += 1
                    #expect(server.requests.last?.header("X-Probe") == input.value, "\(input.value.debugDescription)")
                }
            }
            #expect(server.requests.count == sent, "\(kind): refused requests never reached the server")
            #expect(sent > 100)
        }
    }

    @Test("Header names that are not RFC 9110 tokens are refused", arguments: ["X-Bad Name", "X-Bad:Name", "X-Bad\r\nInjected", "", "Ünïcode", "X(1)"])
    func headerNames(name: String) async throws {
        let endpoint = Endpoint<User>(serverURL: URL(string: "http://127.0.0.1:1")!, pathPrefix: "user", headerFields: [name: "v"])
        let error = await #expect(throws: EndpointError.self) { try await makeController(.urlSession).load(endpoint) }
        #expect(error?.kind.invalidRequest == .invalidHeaderName(name) && error?.attempts == 0)
    }

    @Test("A request target over 16 KiB is refused before sending, naming the setting; raising the limit sends it", arguments: TransportKind.allCases)
    func longTarget(kind: TransportKind) async throws {
        try await withServer({ _ in .json(#"{"id":1,"name":"Ada"}"#) }) { server in
            let long = String(repeating: "é", count: 10_000)  // 60,000 bytes percent-encoded
            for endpoint in [
                Endpoint<User>(serverURL: server.baseURL, pathPrefix: "search", queryParameters: ["q": long]),
                Endpoint<User>(serverURL: server.baseURL, pathPrefix: "entries", objectID: long),
            ] {
                let error = await #expect(throws: EndpointError.self) { try await makeController(kind).load(endpoint) }
                #expect(error?.kind.invalidRequest == .requestTooLarge(part: "target", bytes: try endpoint.prepare().target.utf8.count, limit: 16_384, setting: "maxRequestTargetBytes"))
                #expect(error?.attempts == 0 && (error?.description.count ?? .max) < 600, "\(String(describing: error))")
                #expect(error?.description.contains("maxRequestTargetBytes") == true)
            }
            #expect(server.requests.isEmpty)
            let roomy = EndpointController<EndpointDefaultServerError>(
                transport: kind.make(), configuration: .init(retryPolicy: .none, maxRequestTargetBytes: 128 << 10, notificationCenter: nil))
            _ = try await roomy.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "search", queryParameters: ["q": long]))
            #expect(server.requests.first?.uri.utf8.count == 60_010)  // "/search?q=" and 10,000 × "%C3%A9"
        }
    }

    @Test("Header fields over 64 KiB are refused before sending", arguments: TransportKind.allCases)
    func largeHeaders(kind: TransportKind) async throws {
        try await withServer({ _ in .json(#"{"id":1,"name":"Ada"}"#) }) { server in
            var headers: [String: String] = [:]
            for index in 0..<20 { headers["X-Filler-\(index)"] = String(repeating: "v", count: 4_000) }
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "user", headerFields: headers)
            let error = await #expect(throws: EndpointError.self) { try await makeController(kind).load(endpoint) }
            guard case .invalidRequest(.requestTooLarge(let part, let bytes, let limit, _))? = error?.kind else {
                Issue.record("\(String(describing: error))")
                return
            }
            #expect(part == "header fields" && bytes > 80_000 && limit == 65_536)
            #expect(server.requests.isEmpty)
        }
    }
}

extension EndpointError.Kind {
    /// The request error, when the request could not be built.
    var invalidRequest: EndpointRequestError? {
        if case .invalidRequest(let error) = self { return error }
        return nil
    }
}
