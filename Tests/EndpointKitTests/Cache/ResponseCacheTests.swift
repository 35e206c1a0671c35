import Foundation
import HTTPTypes
import Testing

@testable import EndpointKit

@Suite("ResponseCache against a real server")
struct ResponseCacheTests {
    private func controller(_ cache: ResponseCache) -> EndpointController<EndpointDefaultServerError> {
        EndpointController(
            transport: TransportKind.asyncHTTPClient.make(), configuration: .init(retryPolicy: .none, notificationCenter: nil, cache: cache))
    }

    @Test("a fresh answer (max-age) is served without asking the server")
    func fresh() async throws {
        try await withServer({ _ in .json(#"{"id":1,"name":"Ada"}"#, headers: [("Cache-Control", "max-age=60")]) }) { server in
            let controller = controller(ResponseCache(storage: .memory(maxBytes: 1 << 20)))
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "u")
            let first = try await controller.load(endpoint)
            let second = try await controller.load(endpoint)
            #expect(first == second)
            #expect(server.requests.count == 1)
        }
    }

    @Test("a stale answer with an ETag is revalidated; 304 serves the stored body")
    func revalidation() async throws {
        try await withServer({ request in
            request.header("If-None-Match") == "\"v1\""
                ? .status(304, headers: [("ETag", "\"v1\"")])
                : .json(#"{"id":2,"name":"Bo"}"#, headers: [("ETag", "\"v1\""), ("Cache-Control", "max-age=0")])
        }) { server in
            let controller = controller(ResponseCache(storage: .memory(maxBytes: 1 << 20), defaultLifetime: .zero))
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "u")
            _ = try await controller.load(endpoint)
            let again = try await controller.load(endpoint)
            #expect(again == User(id: 2, name: "Bo"))
            #expect(server.requests.count == 2)
            #expect(server.requests[1].header("If-None-Match") == "\"v1\"")
        }
    }

    @Test("no-store answers, other methods and errors are not kept")
    func notKept() async throws {
        try await withServer({ request in
            request.path == "/nostore" ? .json(#"{"id":3,"name":"Cy"}"#, headers: [("Cache-Control", "no-store")]) : .json(#"{"id":3,"name":"Cy"}"#)
        }) { server in
            let cache = ResponseCache(storage: .memory(maxBytes: 1 << 20))
            let controller = controller(cache)
            let noStore = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "nostore")
            _ = try await controller.load(noStore)
            _ = try await controller.load(noStore)
            let post = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "post", method: .post, body: JSONBodyParameters(["a": 1]))
            _ = try await controller.load(post)
            _ = try await controller.load(post)
            #expect(server.requests.count == 4)
        }
    }

    @Test("the memory cache evicts the least recently used answers beyond its size")
    func eviction() {
        let cache = ResponseCache(storage: .memory(maxBytes: 10))
        func entry(_ size: Int) -> ResponseCache.Entry {
            .init(status: 200, headers: [], body: Data(repeating: 1, count: size), expires: .distantFuture)
        }
        cache.store(entry(4), forKey: "a")
        cache.store(entry(4), forKey: "b")
        _ = cache.entry(forKey: "a")
        cache.store(entry(4), forKey: "c")
        #expect(cache.entry(forKey: "a") != nil)
        #expect(cache.entry(forKey: "b") == nil)
        #expect(cache.entry(forKey: "c") != nil)
        cache.store(entry(11), forKey: "big")
        #expect(cache.entry(forKey: "big") == nil)
    }

    @Test("the disk cache survives the controller; keys and files hold no credential")
    func disk() async throws {
        let directory = try TemporaryDirectory()
        try await withServer({ _ in .json(#"{"id":4,"name":"Di"}"#, headers: [("Set-Cookie", "session=s3cr3t")]) }) { server in
            let endpoint = Endpoint<User>(
                serverURL: server.baseURL, pathPrefix: "u", queryParameters: ["token": "t0ken-value", "q": "x"],
                headerFields: ["Authorization": "Bearer b3arer"])
            _ = try await controller(ResponseCache(storage: .disk(directory: directory.url))).load(endpoint)
            let again = try await controller(ResponseCache(storage: .disk(directory: directory.url))).load(endpoint)
            #expect(again == User(id: 4, name: "Di"))
            #expect(server.requests.count == 1)
            let key = ResponseCache.key(method: .get, url: try endpoint.prepare().url.absoluteString)
            #expect(key == "GET \(server.baseURL.absoluteString)/u?q=x&token=<redacted>")
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0 != ".salt" }
            #expect(files.count == 1 && files[0].hasSuffix(".cache"))
            // The salt of the credential digests: 16 bytes, readable by the owner only.
            let salt = directory.url.appendingPathComponent(".salt")
            #expect(try Data(contentsOf: salt).count == 16)
            let permissions = try FileManager.default.attributesOfItem(atPath: salt.path)[.posixPermissions] as? Int
            #expect(permissions == 0o600)
            let stored = try String(contentsOf: directory.url.appendingPathComponent(files[0]), encoding: .utf8)
            for secret in ["t0ken-value", "b3arer", "s3cr3t"] {
                #expect(!key.contains(secret) && !files[0].contains(secret) && !stored.contains(secret))
            }
        }
    }

    @Test("answers to different credentials never share an entry; the same credentials do")
    func credentialPartitions() async throws {
        try await withServer({ request in
            // The answer names whose request it was.
            let who = request.header("Authorization") ?? request.query ?? "nobody"
            return .json(#"{"id":1,"name":"\#(who)"}"#, headers: [("Cache-Control", "max-age=60")])
        }) { server in
            let cached = controller(ResponseCache(storage: .memory(maxBytes: 1 << 20)))
            func load(_ headers: [String: String], _ query: [String: any APIParamConvertible]? = nil) async throws -> String {
                try await cached.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "me", queryParameters: query, headerFields: headers)).name
            }
            var names: [String] = []
            for headers in [["Authorization": "Bearer alice"], ["Authorization": "Bearer bob"], ["Authorization": "Bearer alice"]] {
                names.append(try await load(headers))
            }
            #expect(names == ["Bearer alice", "Bearer bob", "Bearer alice"])
            #expect(server.requests.count == 2, "alice's second look-up came from the cache, bob's never did")
            names = []
            for query: [String: any APIParamConvertible]? in [["api_key": "k1"], ["api_key": "k2"], nil, ["api_key": "k1"]] {
                names.append(try await load([:], query))
            }
            #expect(names == ["api_key=k1", "api_key=k2", "nobody", "api_key=k1"])
            #expect(server.requests.count == 5)
        }
    }

    @Test("credential digests depend on the credentials and the cache's salt, and show neither")
    func partitionDigests() throws {
        var alice = HTTPFields()
        alice[.authorization] = "Bearer alice"
        var bob = HTTPFields()
        bob[.authorization] = "Bearer bob"
        var plain = HTTPFields()
        plain[.accept] = "application/json"
        let one = ResponseCache(storage: .memory(maxBytes: 1))
        let other = ResponseCache(storage: .memory(maxBytes: 1))
        let digest = try #require(one.credentialPartition(headers: alice, target: "/me", redaction: .default))
        #expect(digest.count == 16 && !digest.contains("alice"))
        #expect(one.credentialPartition(headers: alice, target: "/me", redaction: .default) == digest)
        #expect(one.credentialPartition(headers: bob, target: "/me", redaction: .default) != digest)
        #expect(other.credentialPartition(headers: alice, target: "/me", redaction: .default) != digest, "another salt")
        #expect(one.credentialPartition(headers: plain, target: "/me?q=1", redaction: .default) == nil)
        #expect(one.credentialPartition(headers: plain, target: "/me?Token=a", redaction: .default) != one.credentialPartition(headers: plain, target: "/me?token=b", redaction: .default))
    }

    @Test("SipHash-2-4 matches the reference vectors (key 00…0f, messages 00…n−1)")
    func sipHashVectors() {
        let key: (UInt64, UInt64) = (0x0706_0504_0302_0100, 0x0F0E_0D0C_0B0A_0908)
        // The reference implementation's vectors (vectors.h, read as little-endian); also what PyPI's
        // siphash package computes.
        let expected: [Int: UInt64] = [0: 0x726F_DB47_DD0E_0E31, 1: 0x74F8_39C5_93DC_67FD, 7: 0xAB02_00F5_8B01_D137, 8: 0x93F5_F579_9A93_2462, 15: 0xA129_CA61_49BE_45E5, 63: 0x958A_324C_EB06_4572]
        for (length, digest) in expected {
            #expect(SipHash.hash((0..<length).map { UInt8($0) }, key: key) == digest, "length \(length)")
        }
    }
}
