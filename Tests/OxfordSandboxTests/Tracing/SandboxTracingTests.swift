import EndpointKit
import Foundation
import InMemoryTracing
import OxfordDictionaries
import Testing
import Tracing

@testable import OxfordSandbox

/// The client's span and the sandbox's server span in one trace, over real HTTP on loopback.
@Suite("Tracing across the sandbox")
struct SandboxTracingTests {
    @Test("the sandbox's server span is a child of the client's span, and no credential is in either")
    func serverSpanIsChildOfClientSpan() async throws {
        let tracer = SandboxTracer.shared
        // Stopping the server waits for its answers to be written, which ends its spans.
        let port = try await withSandbox { server in
            var configuration = EndpointController<OxfordServerError>.Configuration(retryPolicy: .none, notificationCenter: nil)
            configuration.telemetry = EndpointTelemetry(tracer: tracer)
            let client = OxfordClient(api: OxfordAPI(baseURL: server.baseURL, credentials: testCredentials), configuration: configuration)
            _ = try await client.entries("ace")
            return server.port
        }
        let spans = tracer.finishedSpans
        let clientSpan = try #require(spans.first { $0.kind == .client && Self.string($0, "url.full")?.contains(":\(port)/") == true })
        #expect(Self.string(clientSpan, "http.request.method") == "GET")
        #expect(Self.string(clientSpan, "server.address") == "127.0.0.1")
        #expect(clientSpan.attributes["server.port"]?.toSpanAttribute() == .int64(Int64(port)))
        #expect(clientSpan.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
        #expect(Self.string(clientSpan, "url.full")?.hasPrefix("http://127.0.0.1:\(port)/api/v2/entries/") == true)
        let serverSpan = try #require(spans.first { $0.kind == .server && $0.traceID == clientSpan.traceID })
        #expect(serverSpan.parentSpanID == clientSpan.spanID)
        #expect(serverSpan.operationName == "/api/v2/entries/*")
        #expect(Self.string(serverSpan, "url.path")?.hasSuffix("/ace") == true)
        for span in [clientSpan, serverSpan] {
            var texts: [String] = []
            span.attributes.forEach { name, value in texts.append("\(name)=\(value)") }
            #expect(!texts.contains { $0.contains(testCredentials.appKey) || $0.contains(testCredentials.appID) })
        }
    }

    @Test("Oxford requests are named after their path templates, without the word or the credentials")
    func spanNamesOfOxfordRequests() async throws {
        // Ids of its own: the sandbox records server spans under the ids its requests carry, and
        // the test above looks for its server span by trace id among them.
        let tracer = InMemoryTracer(idGenerator: .init(nextTraceID: { "names-\(UUID())" }, nextSpanID: { "names-\(UUID())" }))
        try await withSandbox { server in
            var configuration = EndpointController<OxfordServerError>.Configuration(retryPolicy: .none, notificationCenter: nil)
            configuration.telemetry = EndpointTelemetry(tracer: tracer)
            let client = OxfordClient(api: OxfordAPI(baseURL: server.baseURL, credentials: testCredentials), configuration: configuration)
            _ = try await client.entries("ace")
            _ = try await client.lemmas("pixels")
            _ = try await client.send(OxfordAPIRequest(withWord: "run", hasRequestedExampleSentencesQuery: true), as: OxfordSentences.self)
        }
        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == [
            "GET /api/v2/entries/{source_lang}/{word_id}",
            "GET /api/v2/lemmas/{source_lang}/{word_id}",
            "GET /api/v1/entries/{source_lang}/{word_id}/sentences",
        ])
        #expect(spans.map { Self.string($0, "url.template") } == spans.map { Optional(String($0.operationName.dropFirst("GET ".count))) })
        for span in spans {
            let named = span.operationName
            #expect(!["ace", "pixels", "run", testCredentials.appID, testCredentials.appKey].contains { named.contains($0) })
        }
    }

    /// A string attribute of `span`.
    private static func string(_ span: FinishedInMemorySpan, _ name: String) -> String? {
        guard case .string(let value)? = span.attributes[name]?.toSpanAttribute() else { return nil }
        return value
    }
}
