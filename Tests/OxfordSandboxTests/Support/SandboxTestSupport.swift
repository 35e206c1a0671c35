import EndpointKit
import Foundation
import Logging
import OxfordDictionaries
import Testing

@testable import OxfordSandbox

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bundled lexicon, read once for every test.
let bundledLexicon: Result<SandboxLexicon, SandboxLexiconError> = Result { () throws(SandboxLexiconError) in try SandboxLexicon.bundled() }

/// Credentials the default sandbox accepts (any non-empty pair).
let testCredentials = OxfordCredentials(appID: "sandbox-test-id", appKey: "sandbox-test-key")

/// Runs `body` with a sandbox server on an ephemeral loopback port, and stops it afterwards.
func withSandbox<T>(
    credentials: SandboxCredentials = .anyNonEmpty, _ body: (OxfordSandboxServer) async throws -> T
) async throws -> T {
    let sandbox = OxfordSandbox(lexicon: try bundledLexicon.get(), credentials: credentials)
    let server = try await OxfordSandboxServer.start(sandbox, logger: quietLogger)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// A logger for servers under test: warnings and errors only.
let quietLogger: Logger = {
    var logger = Logger(label: "OxfordSandboxTests")
    logger.logLevel = .warning
    return logger
}()

/// A client of the sandbox, without retries.
func client(_ server: OxfordSandboxServer, credentials: OxfordCredentials? = testCredentials) -> OxfordClient {
    OxfordClient(api: OxfordAPI(baseURL: server.baseURL, credentials: credentials), configuration: .init(retryPolicy: .none, notificationCenter: nil))
}

/// A raw answer: status, content type and body text.
struct RawAnswer {
    var status: Int
    var contentType: String?
    var apiVersion: String?
    var body: String
}

/// Sends a GET (or `method`) to `path` (with its query) on the server, with `headers`.
func raw(_ server: OxfordSandboxServer, _ path: String, method: String = "GET", headers: [String: String]? = nil) async throws -> RawAnswer {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
    request.httpMethod = method
    for (name, value) in headers ?? ["app_id": testCredentials.appID, "app_key": testCredentials.appKey] {
        request.setValue(value, forHTTPHeaderField: name)
    }
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return RawAnswer(
        status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"),
        apiVersion: http.value(forHTTPHeaderField: "Api-Version"), body: String(decoding: data, as: UTF8.self))
}

/// The controller error `body` throws; fails the test when it throws something else or nothing.
func endpointError(_ body: () async throws -> some Any, sourceLocation: SourceLocation = #_sourceLocation) async -> EndpointError? {
    do {
        _ = try await body()
        Issue.record("expected an EndpointError, got a value", sourceLocation: sourceLocation)
    } catch let error as EndpointError {
        return error
    } catch {
        Issue.record("expected an EndpointError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// The JSON object of a body.
func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}
