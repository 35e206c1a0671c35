import EndpointKit
import EndpointKitTesting
import Foundation
import HTTPTypes
import InMemoryTracing
import OpenAPIRuntime
import OxfordDictionaries
import Tracing

/// The controller's own cost per request, without a network: `load` over a stub transport against
/// the stub transport's `send` alone, sequentially, interleaved over rounds. Wall time per request
/// includes the thread hand-overs the controller adds; CPU time per request is what its code costs.
enum Overhead {
    /// `count` requests of one contender, counting heap allocations when `malloc-count.so` is
    /// preloaded (`Benchmarks/run.sh`'s overhead section).
    static func runOne(_ name: String, count: Int) async throws {
        let (contenders, _) = make()
        guard let contender = contenders.first(where: { $0.name == name }) else {
            throw BenchmarkError.usage("no overhead contender \(name): \(contenders.map(\.name).joined(separator: ", "))")
        }
        _ = try await contender.run()
        let before = allocations()
        for _ in 0..<count { _ = try await contender.run() }
        if let before, let after = allocations() {
            print(String(format: "allocations per operation: %.2f", Double(after - before) / Double(max(count, 1))))
        }
    }

    typealias Contender = (name: String, note: String, run: @Sendable () async throws -> Data)

    /// The contenders, over one stub transport.
    static func make() -> ([Contender], StubTransport) {
        let transport = StubTransport()
        transport.stub(.get, "/static", with: .init(status: .ok, headerFields: [.contentType: "application/json"], body: LoopbackServer.staticBody))
        let base = URL(string: "http://stub.test")!
        let controller = EndpointController<EndpointDefaultServerError>(transport: transport, configuration: .init(notificationCenter: nil))
        let endpoint = Endpoint<Data>(serverURL: base, pathPrefix: "static")
        // A tracer that keeps its spans in memory, drained after each request so memory stays flat.
        let tracer = InMemoryTracer(recordInjections: false)
        var tracedConfiguration = EndpointController<EndpointDefaultServerError>.Configuration(notificationCenter: nil)
        tracedConfiguration.telemetry = EndpointTelemetry(tracer: tracer)
        let traced = EndpointController<EndpointDefaultServerError>(transport: transport, configuration: tracedConfiguration)
        let head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/static")
        // The end-to-end section's request without the network: the 1,971-byte entry, decoded.
        transport.stub(.get, "/entry", with: .init(status: .ok, headerFields: [.contentType: "application/json"], body: E2EDocument.body))
        let entryEndpoint = Endpoint<OxfordRetrieveEntry>(serverURL: base, pathPrefix: "entry")
        let entryHead = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/entry")
        // The stub enforces no deadline, so the controller runs each attempt in a task of its own;
        // over EndpointKit's transports it does not. Without timeouts it does not here either.
        let inline = EndpointController<EndpointDefaultServerError>(
            transport: transport, configuration: .init(enforcesTimeouts: false, notificationCenter: nil))
        let contenders: [Contender] = [
            ("stub-send", "StubTransport.send and the body collected: the baseline", {
                let (_, body) = try await transport.send(head, body: nil, baseURL: base, operationID: "static")
                return try await Data(collecting: body!, upTo: 1 << 20)
            }),
            ("controller-load", "EndpointController.load(Endpoint<Data>) over the same stub", { try await controller.load(endpoint) }),
            ("stub-send-entry", "StubTransport.send of the end-to-end entry, collected and decoded as the raw end-to-end contenders do", {
                let (_, body) = try await transport.send(entryHead, body: nil, baseURL: base, operationID: "entry")
                return try checked(E2EDocument.decode(try await Data(collecting: body!, upTo: 1 << 20)))
            }),
            ("controller-load-entry", "EndpointController.load(Endpoint<OxfordRetrieveEntry>) over the same stub: the end-to-end contenders' path", {
                try checked(try await controller.load(entryEndpoint))
            }),
            ("controller-load-entry-inline", "the same with `enforcesTimeouts: false`: no task per attempt, as over a transport that enforces its own deadline", {
                try checked(try await inline.load(entryEndpoint))
            }),
            ("controller-load-traced", "the same, its configuration's telemetry naming an InMemoryTracer (spans drained per request)", {
                let body = try await traced.load(endpoint)
                _ = tracer.popFinishedSpans()
                return body
            }),
        ]
        return (contenders, transport)
    }

    /// The static body when `entry` is the end-to-end document, which every contender returns.
    private static func checked(_ entry: OxfordRetrieveEntry) throws -> Data {
        guard entry.results.count == E2EDocument.decoded.results.count else { throw BenchmarkError.mismatch("another entry") }
        return LoopbackServer.staticBody
    }

    static func run(count: Int, rounds: Int) async throws {
        let (contenders, _) = make()
        for contender in contenders {
            guard try await contender.run() == LoopbackServer.staticBody else { throw BenchmarkError.mismatch("\(contender.name) read another body") }
        }
        var wall: [String: [Double]] = [:]
        var cpu: [String: [Double]] = [:]
        for round in 0..<rounds {
            for offset in 0..<contenders.count {
                let contender = contenders[(offset + round) % contenders.count]
                let clock = ContinuousClock()
                let cpuBefore = EndToEnd.cpuSeconds()
                let start = clock.now
                for _ in 0..<count { _ = try await contender.run() }
                wall[contender.name, default: []].append(Measurement.seconds(clock.now - start) / Double(count) * 1e6)
                cpu[contender.name, default: []].append((EndToEnd.cpuSeconds() - cpuBefore) / Double(count) * 1e6)
            }
        }
        print("\(count.formatted()) sequential requests per contender and round, \(rounds) rounds:\n")
        print("| contender | wall µs/request (median, min–max) | CPU µs/request (median, min–max) | + CPU µs vs its stub-send (median of rounds) | what |")
        print("|---|---|---|---|---|")
        for contender in contenders {
            // The entry's contenders against the stub sending the entry, the others against the static body's.
            let baselineCPU = cpu[contender.name.contains("-entry") ? "stub-send-entry" : "stub-send"]!
            let w = wall[contender.name]!
            let c = cpu[contender.name]!
            print(
                String(
                    format: "| %@ | %.1f (%.1f–%.1f) | %.1f (%.1f–%.1f) | %+.1f | %@ |", contender.name, EndToEnd.median(w), w.min()!, w.max()!,
                    EndToEnd.median(c), c.min()!, c.max()!, EndToEnd.median(zip(c, baselineCPU).map { $0 - $1 }), contender.note))
        }
    }
}
