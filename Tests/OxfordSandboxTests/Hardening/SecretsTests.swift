import EndpointKit
import Foundation
import LogCapture
import Logging
import OxfordDictionaries
import OxfordSandbox
import Testing

/// Issue 7 (secrets): with logging at trace level, the credentials appear in no log line, error
/// description, cURL rendering, request description, cache key or cache file.
@Suite("Hardening: secrets")
struct SecretsTests {
    private let appID = "app-ID-4242-zq"
    private let appKey = "sekrit-KEY-7731-zq"

    @Test("Successes, 404s, a 403, a refused connection and a cached answer leak neither the id nor the key")
    func nothingLeaks() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = CapturingLogHandler.Lines()
        let logger = Logger(label: "secrets") { _ in CapturingLogHandler(store: lines) }
        var texts: [String] = []
        let sandbox = OxfordSandbox(lexicon: try bundledLexicon.get(), credentials: .exactly(appID: appID, appKey: appKey))
        let server = try await OxfordSandboxServer.start(sandbox, logger: logger)
        do {
            let cache = ResponseCache(storage: .disk(directory: directory))
            // Each client its own cache: cache keys leave credentials out, so one cache shared by two
            // credential pairs would answer the second from the first's answers.
            func client(_ credentials: OxfordCredentials, baseURL: URL = server.baseURL, cache: ResponseCache? = nil) -> OxfordClient {
                OxfordClient(
                    api: OxfordAPI(baseURL: baseURL, credentials: credentials),
                    configuration: .init(retryPolicy: .none, logger: logger, notificationCenter: nil), cache: cache)
            }
            let right = client(OxfordCredentials(appID: appID, appKey: appKey), cache: cache)
            _ = try await right.entries("ace")
            _ = try await right.entries("ace")  // from the cache
            _ = try await right.lemmas("pixels")
            _ = try await right.search("ab", prefix: true, limit: 3)
            for failing in [
                { _ = try await right.entries("zzyzx") },
                { _ = try await right.entries("ace", selection: OxfordSelection(lexicalCategories: ["bogus"])) },
                { _ = try await client(OxfordCredentials(appID: appID, appKey: appKey + "-wrong")).entries("ace") },
                { _ = try await client(OxfordCredentials(appID: appID, appKey: appKey), baseURL: URL(string: "http://127.0.0.1:9/api/v2")!).entries("ace") },
            ] as [() async throws -> Void] {
                do {
                    try await failing()
                    Issue.record("expected a failure")
                } catch let error as EndpointError {
                    texts += [error.description, String(describing: error), String(reflecting: error), OxfordClient.message(of: error)]
                }
            }
            let request = try right.api.entries("ace", fields: [.definitions])
            texts += [try request.curlCommand(), String(describing: request), String(reflecting: request)]
            var dumped = ""
            dump(request, to: &dumped)
            texts.append(dumped)
            let endpoint = Endpoint<Data>(serverURL: server.baseURL, pathPrefix: "entries/en-gb/ace", headerFields: ["app_key": appKey, "app_id": appID])
            var dumpedEndpoint = ""
            dump(endpoint, to: &dumpedEndpoint)
            texts += [String(describing: endpoint), String(reflecting: endpoint), dumpedEndpoint, "\(endpoint)"]
            texts.append(ResponseCache.key(method: .get, url: try request.prepare().url.absoluteString))
            var v1 = OxfordAPIRequest(withWord: "ace", withFilters: [.lexicalCategory([.noun])])
            v1.credentials = OxfordCredentials(appID: appID, appKey: appKey)
            texts += [String(describing: v1), String(reflecting: v1), String(describing: v1.credentials as Any)]
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()

        let logged = lines.all
        #expect(logged.count >= 8, "trace logging produced \(logged.count) lines")
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        #expect(!files.isEmpty, "the disk cache stored nothing")
        let cached = try files.map { ($0.lastPathComponent, try Data(contentsOf: $0)) }
        for secret in [appID, appKey] {
            for line in logged where line.contains(secret) { Issue.record("a log line carries a credential: \(line)") }
            for text in texts where text.contains(secret) { Issue.record("a rendering carries a credential: \(text)") }
            for (name, data) in cached where name.contains(secret) || data.range(of: Data(secret.utf8)) != nil {
                Issue.record("the cache file \(name) carries a credential")
            }
        }
        // The renderings name what they redact.
        #expect(texts.contains { $0.contains("app_key: <redacted>") })
    }
}
