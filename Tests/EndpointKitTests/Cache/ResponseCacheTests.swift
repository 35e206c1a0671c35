import Foundation
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
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            #expect(files.count == 1 && files[0].hasSuffix(".cache"))
            let stored = try String(contentsOf: directory.url.appendingPathComponent(files[0]), encoding: .utf8)
            for secret in ["t0ken-value", "b3arer", "s3cr3t"] {
                #expect(!key.contains(secret) && !files[0].contains(secret) && !stored.contains(secret))
            }
        }
    }
}
