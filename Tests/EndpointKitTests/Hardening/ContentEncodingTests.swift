import AsyncHTTPClient
import Foundation
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import ProcessTesting
import Testing

@testable import EndpointKit

/// Issue 7 (gzip): compressed answers, whole, broken and hostile, over URLSession (which decodes
/// them itself), AsyncHTTPClient as it comes (which does not) and AsyncHTTPClient with
/// `decompression` enabled. The controller decodes what arrives still encoded.
@Suite("Hardening: gzip and deflate answers")
struct ContentEncodingTests {
    enum Client: String, CaseIterable, CustomTestStringConvertible {
        case endpointKitURLSession, endpointKitURLSessionStreamed, urlSession, asyncHTTPClient, endpointKitAsyncHTTPClient, decompressingAsyncHTTPClient

        var testDescription: String { rawValue }

        /// `HTTPClient.shared`'s configuration (decompression with a 25:1 ratio limit), without
        /// following redirects.
        static let decompressing: HTTPClient = {
            var configuration = HTTPClient.Configuration.singletonConfiguration
            configuration.redirectConfiguration = .disallow
            return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        }()

        func controller(maxResponseBytes: Int = 64 << 20) -> EndpointController<EndpointDefaultServerError> {
            let transport: any ClientTransport =
                switch self {
                case .endpointKitURLSession: TransportKind.endpointKitURLSession.make()
                case .endpointKitURLSessionStreamed: TransportKind.endpointKitURLSessionStreamed.make()
                case .urlSession: TransportKind.urlSession.make()
                case .asyncHTTPClient: TransportKind.asyncHTTPClient.make()
                case .endpointKitAsyncHTTPClient: TransportKind.endpointKitAsyncHTTPClient.make()
                case .decompressingAsyncHTTPClient: AsyncHTTPClientTransport(configuration: .init(client: Client.decompressing))
                }
            return EndpointController(
                transport: transport,
                configuration: .init(
                    retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10)), timeout: .seconds(20),
                    maxResponseBytes: maxResponseBytes, notificationCenter: nil))
        }
    }

    private static let user = #"{"id":7,"name":"Ada Lovelace, who wrote the first program"}"#

    private static func compressed(_ bytes: [UInt8], encoding: String) -> TestHTTPServer.Reply {
        let body = Compression.compress(bytes, format: encoding == "deflate" ? .zlib : .gzip)
        return .init(status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", encoding)], body: .bytes(body))
    }

    @Test("A gzip or deflate JSON answer decodes", arguments: Client.allCases, ["gzip", "deflate"])
    func json(client: Client, encoding: String) async throws {
        try await withServer({ _ in Self.compressed(Array(Self.user.utf8), encoding: encoding) }) { server in
            let user = try await client.controller().load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "user"))
            #expect(user == User(id: 7, name: "Ada Lovelace, who wrote the first program"))
        }
    }

    @Test("A gzip download is written decoded and whole, though Content-Length counts the compressed bytes", arguments: Client.allCases)
    func download(client: Client) async throws {
        var state: UInt32 = 7
        let original = (0..<1_000_000).map { index -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return index % 3 == 0 ? UInt8(truncatingIfNeeded: state >> 24) : UInt8(ascii: "z")
        }
        try await withServer(storedBodyLimit: 0, { _ in
            var reply = Self.compressed(original, encoding: "gzip")
            reply.headers[0] = ("Content-Type", "application/octet-stream")
            return reply
        }) { server in
            let directory = try TemporaryDirectory()
            let destination = directory.url.appendingPathComponent("data.bin")
            let file = try await client.controller().load(
                FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "data.bin"))
            #expect(try Data(contentsOf: file) == Data(original))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["data.bin"])
        }
    }

    @Test("A corrupt or truncated gzip answer is an error, never a payload", arguments: Client.allCases, ["corrupt", "truncated"])
    func broken(client: Client, damage: String) async throws {
        var stream = Compression.compress(Array(String(repeating: Self.user, count: 200).utf8))
        if damage == "corrupt" {
            for index in stride(from: 30, to: 120, by: 2) { stream[index] ^= 0xA5 }
        } else {
            stream.removeLast(stream.count / 2)
        }
        let body = stream
        try await withServer({ _ in
            .init(status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: .bytes(body))
        }) { server in
            let endpoint = Endpoint<[User]>(serverURL: server.baseURL, pathPrefix: "users")
            let error = await #expect(throws: EndpointError.self) { try await client.controller().load(endpoint) }
            // Decoded by the controller: a decoding error naming gzip, not retried. Decoded by the
            // transport: its own error, a transport failure the policy retries (GET, 3 attempts).
            switch error?.kind {
            case .decoding(_, let reason, _)? where [.urlSession, .endpointKitURLSession, .endpointKitURLSessionStreamed].contains(client) && damage == "truncated":
                // KNOWN LIMIT: libcurl (URLSession on Linux) hands over the decoded start of a
                // truncated stream without an error; only the JSON decoder catches it here. A
                // download over it would be written short. RELIABILITY.md says so.
                #expect(!reason.hasPrefix("the gzip body") && error?.attempts == 1, "\(client): \(reason)")
            case .decoding(_, let reason, _)?:
                #expect(reason.hasPrefix("the gzip body cannot be decoded") && error?.attempts == 1, "\(client): \(reason)")
            case .transport?:
                #expect(client != .asyncHTTPClient && client != .endpointKitAsyncHTTPClient && error?.attempts == 3, "\(client): \(String(describing: error))")
            default:
                Issue.record("\(client) \(damage): \(String(describing: error))")
            }
        }
    }

    @Test("A gzip bomb (64 MiB of zeros in 64 KB) stops at maxResponseBytes, or at AsyncHTTPClient's ratio limit", arguments: Client.allCases)
    func bomb(client: Client) async throws {
        try await TestScheduling.exclusively {
            let bomb = Compression.compress([UInt8](repeating: 0, count: 64 << 20), level: 9)
            #expect(bomb.count < 100_000)
            try await withServer({ _ in
                .init(status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: .bytes(bomb))
            }) { server in
                let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "bomb")
                let error = await #expect(throws: EndpointError.self) { try await client.controller(maxResponseBytes: 1 << 20).load(endpoint) }
                switch error?.kind {
                case .responseTooLarge(let limit)?:
                    #expect(limit == 1 << 20 && client != .decompressingAsyncHTTPClient)
                case .transport(.other(let reason))? where client == .decompressingAsyncHTTPClient:
                    #expect(reason.contains("limit"), "\(reason)")
                default:
                    Issue.record("\(client): \(String(describing: error))")
                }
            }
        }
    }
}
