import AsyncHTTPClient
import EndpointKit
import EndpointKitAsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOFoundationCompat
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import OpenAPIURLSession
import OxfordDictionaries

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Benchmark 4: a small GET on loopback through `EndpointController` against the raw transport it
/// rides, and against the swift-openapi transport alone (which shows what the adapter costs).
enum EndToEnd {
    struct Contender: Sendable {
        /// `ahc` or `urlsession`.
        var family: String
        var name: String
        var note: String
        /// One request; the answer decoded.
        var fetch: @Sendable () async throws -> OxfordRetrieveEntry
    }

    /// One timed slice of one contender.
    struct Slice {
        var requests: Int
        var seconds: Double
        var cpuSeconds: Double
        var p50: Double
        var p99: Double
        var rate: Double { Double(requests) / seconds }
        var cpuMicroseconds: Double { cpuSeconds / Double(requests) * 1e6 }
    }

    /// The contenders, each with clients of its own built the same way.
    static func contenders(baseURL: URL) -> (contenders: [Contender], shutdown: @Sendable () async throws -> Void) {
        let url = baseURL.appendingPathComponent("entry")
        func makeClient() -> HTTPClient {
            HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        }
        let rawClient = makeClient()
        let transportClient = makeClient()
        let controllerClient = makeClient()
        let inlineClient = makeClient()
        let minimalClient = makeClient()
        let ownTransportClient = makeClient()
        let ownControllerClient = makeClient()
        let ownTransport = AsyncHTTPClientEndpointTransport(client: ownTransportClient)
        let ownController = EndpointController<EndpointDefaultServerError>.asyncHTTPClient(ownControllerClient)
        let ownUnboundedController = EndpointController<EndpointDefaultServerError>.asyncHTTPClient(
            ownControllerClient, configuration: .init(enforcesTimeouts: false))
        let ownTaskControllerClient = makeClient()
        let ownTaskController = EndpointController<EndpointDefaultServerError>(
            transport: OwnDeadlineHidden(inner: AsyncHTTPClientEndpointTransport(client: ownTaskControllerClient)))
        let minimalController = EndpointController<EndpointDefaultServerError>(
            transport: MinimalAHCTransport(client: minimalClient), configuration: .init(enforcesTimeouts: false))
        let ahcTransport = AsyncHTTPClientTransport(configuration: .init(client: transportClient))
        let ahcController = EndpointController<EndpointDefaultServerError>(
            transport: AsyncHTTPClientTransport(configuration: .init(client: controllerClient)))
        let rawSession = URLSession(configuration: .default)
        let sessionTransport = URLSessionTransport(configuration: .init(session: NonRedirectingSession.make(configuration: .default)))
        let ahcInlineController = EndpointController<EndpointDefaultServerError>(
            transport: AsyncHTTPClientTransport(configuration: .init(client: inlineClient, timeout: .seconds(60))),
            configuration: .init(enforcesTimeouts: false))
        let sessionController = EndpointController<EndpointDefaultServerError>()
        let sessionTaskController = EndpointController<EndpointDefaultServerError>(transport: OwnDeadlineHidden(inner: URLSessionEndpointTransport()))
        let sessionInlineController = EndpointController<EndpointDefaultServerError>(configuration: .init(enforcesTimeouts: false))
        let ownSessionTransport = URLSessionEndpointTransport()
        let streamingSessionTransport = URLSessionEndpointTransport(responseDelivery: .streamed)
        let sixConnectionTransport = URLSessionEndpointTransport(configuration: URLSessionEndpointTransport.apiClientConfiguration(connectionsPerHost: 6))
        let manyConnectionTransport = URLSessionEndpointTransport(configuration: URLSessionEndpointTransport.apiClientConfiguration(connectionsPerHost: 64))
        let streamingSessionController = EndpointController<EndpointDefaultServerError>(transport: URLSessionEndpointTransport(responseDelivery: .streamed))
        let openAPISessionController = EndpointController<EndpointDefaultServerError>(transport: sessionTransport)
        let apiConfigurationSession = URLSession(configuration: URLSessionEndpointTransport.apiClientConfiguration())
        let cookieKeepingTransport = URLSessionEndpointTransport(
            configuration: URLSessionEndpointTransport.apiClientConfiguration(cookies: .shared))
        let endpoint = Endpoint<OxfordRetrieveEntry>(serverURL: baseURL, pathPrefix: "entry")
        let dataEndpoint = Endpoint<Data>(serverURL: baseURL, pathPrefix: "entry")
        let head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/entry")

        let contenders = [
            Contender(family: "ahc", name: "ahc-raw", note: "HTTPClient.execute, body collected into Data, JSONDecoder") {
                let response = try await rawClient.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(30))
                guard response.status == .ok else { throw BenchmarkError.mismatch("status \(response.status)") }
                return try E2EDocument.decode(Data(buffer: try await response.body.collect(upTo: 1 << 20)))
            },
            Contender(family: "ahc", name: "ahc-ek-transport", note: "AsyncHTTPClientEndpointTransport.send alone (EndpointKitAsyncHTTPClient)") {
                try await send(ownTransport, head, baseURL)
            },
            Contender(family: "ahc", name: "ahc-ek-controller", note: "EndpointController.asyncHTTPClient(), Endpoint<OxfordRetrieveEntry>") {
                try await ownController.load(endpoint)
            },
            Contender(family: "ahc", name: "ahc-ek-transport-deadline", note: "AsyncHTTPClientEndpointTransport.send(…, timeout: 60 s) alone: what its deadline costs") {
                try await send(ownTransport, head, baseURL, timeout: .seconds(60))
            },
            Contender(family: "ahc", name: "ahc-ek-controller-data", note: "EndpointController.asyncHTTPClient(), Endpoint<Data>, decoded after as the raw contenders do") {
                try E2EDocument.decode(try await ownController.load(dataEndpoint))
            },
            Contender(family: "ahc", name: "ahc-ek-controller-unbounded", note: "EndpointController.asyncHTTPClient() with `enforcesTimeouts: false`: no deadline at all") {
                try await ownUnboundedController.load(endpoint)
            },
            Contender(family: "ahc", name: "ahc-ek-controller-task", note: "the same, the deadline enforced by the controller's task per attempt (the transport's own hidden): the path before issue 17's native deadlines") {
                try await ownTaskController.load(endpoint)
            },
            Contender(family: "ahc", name: "ahc-transport", note: "AsyncHTTPClientTransport.send alone") {
                try await send(ahcTransport, head, baseURL)
            },
            Contender(family: "ahc", name: "ahc-transport-task", note: "the same inside a `Task.immediate` the caller awaits: the hand-over a timeout by cancellation costs") {
                try await Task.immediate { try await send(ahcTransport, head, baseURL) }.value
            },
            Contender(family: "ahc", name: "ahc-controller", note: "EndpointController over AsyncHTTPClientTransport, Endpoint<OxfordRetrieveEntry>") {
                try await ahcController.load(endpoint)
            },
            Contender(family: "ahc", name: "ahc-controller-inline", note: "the same with `enforcesTimeouts: false` (the transport's 60 s timeout instead)") {
                try await ahcInlineController.load(endpoint)
            },
            Contender(family: "ahc", name: "ahc-minimal-transport", note: "a probe: the least a ClientTransport over AsyncHTTPClient does (MinimalAHCTransport.swift)") {
                try await send(MinimalAHCTransport(client: minimalClient), head, baseURL)
            },
            Contender(family: "ahc", name: "ahc-minimal-controller-inline", note: "the controller, `enforcesTimeouts: false`, over that probe") {
                try await minimalController.load(endpoint)
            },
            Contender(family: "urlsession", name: "urlsession-raw", note: "URLSession.data(for:), .default configuration, JSONDecoder") {
                let (data, response) = try await rawSession.data(for: URLRequest(url: url))
                guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchmarkError.mismatch("status") }
                return try E2EDocument.decode(data)
            },
            Contender(family: "urlsession", name: "urlsession-raw-api-configuration", note: "URLSession.data(for:) in a session of URLSessionEndpointTransport.apiClientConfiguration(): what the configuration alone is worth") {
                let (data, response) = try await apiConfigurationSession.data(for: URLRequest(url: url))
                guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchmarkError.mismatch("status") }
                return try E2EDocument.decode(data)
            },
            Contender(family: "urlsession", name: "urlsession-raw-completion", note: "URLSession.dataTask(with:completionHandler:) in a continuation, .default configuration, JSONDecoder") {
                let (data, response) = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                    rawSession.dataTask(with: URLRequest(url: url)) { data, response, error in
                        if let data, let response { continuation.resume(returning: (data, response)) } else { continuation.resume(throwing: error ?? URLError(.badServerResponse)) }
                    }.resume()
                }
                guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchmarkError.mismatch("status") }
                return try E2EDocument.decode(data)
            },
            Contender(family: "urlsession", name: "urlsession-ek-transport", note: "URLSessionEndpointTransport.send alone (EndpointKit's own, the default)") {
                try await send(ownSessionTransport, head, baseURL)
            },
            Contender(family: "urlsession", name: "urlsession-controller", note: "EndpointController() exactly as shipped (URLSessionEndpointTransport.shared), Endpoint<OxfordRetrieveEntry>") {
                try await sessionController.load(endpoint)
            },
            Contender(family: "urlsession", name: "urlsession-controller-task", note: "the controller over URLSessionEndpointTransport, the deadline enforced by a task per attempt (the transport's own hidden)") {
                try await sessionTaskController.load(endpoint)
            },
            Contender(family: "urlsession", name: "urlsession-ek-transport-cookies", note: "URLSessionEndpointTransport.send alone, cookies kept in HTTPCookieStorage.shared (the default before cookies were off)") {
                try await send(cookieKeepingTransport, head, baseURL)
            },
            Contender(family: "urlsession", name: "urlsession-ek-transport-6", note: "URLSessionEndpointTransport.send alone, 6 connections per host (Foundation's default)") {
                try await send(sixConnectionTransport, head, baseURL)
            },
            Contender(family: "urlsession", name: "urlsession-ek-transport-64", note: "URLSessionEndpointTransport.send alone, 64 connections per host") {
                try await send(manyConnectionTransport, head, baseURL)
            },
            Contender(family: "urlsession", name: "urlsession-ek-transport-streamed", note: "URLSessionEndpointTransport(responseDelivery: .streamed).send alone") {
                try await send(streamingSessionTransport, head, baseURL)
            },
            Contender(family: "urlsession", name: "urlsession-controller-streamed", note: "EndpointController over URLSessionEndpointTransport(responseDelivery: .streamed)") {
                try await streamingSessionController.load(endpoint)
            },
            Contender(family: "urlsession", name: "urlsession-transport", note: "swift-openapi's URLSessionTransport.send alone") {
                try await send(sessionTransport, head, baseURL)
            },
            Contender(family: "urlsession", name: "urlsession-openapi-controller", note: "EndpointController over swift-openapi's URLSessionTransport (the default before issue 17)") {
                try await openAPISessionController.load(endpoint)
            },
            Contender(family: "urlsession", name: "urlsession-controller-inline", note: "the same with `enforcesTimeouts: false` (URLSession's own request timeout)") {
                try await sessionInlineController.load(endpoint)
            },
        ]
        return (contenders, {
            try await rawClient.shutdown()
            try await ownTransportClient.shutdown()
            try await ownControllerClient.shutdown()
            try await ownTaskControllerClient.shutdown()
            try await transportClient.shutdown()
            try await controllerClient.shutdown()
            try await inlineClient.shutdown()
            try await minimalClient.shutdown()
        })
    }

    /// A transport that forwards to `inner` but does not offer its `DeadlineEnforcingTransport`
    /// conformance, so the controller enforces each attempt's deadline with a task of its own.
    struct OwnDeadlineHidden: ClientTransport {
        let inner: any ClientTransport

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
            try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
        }
    }

    /// One request through `transport` alone, its body collected and decoded as the raw contenders do.
    private static func send(_ transport: some ClientTransport, _ head: HTTPRequest, _ baseURL: URL) async throws -> OxfordRetrieveEntry {
        let (response, body) = try await transport.send(head, body: nil, baseURL: baseURL, operationID: "entry")
        guard response.status == .ok, let body else { throw BenchmarkError.mismatch("status \(response.status)") }
        return try E2EDocument.decode(try await Data(collecting: body, upTo: 1 << 20))
    }

    /// The same through a deadline-enforcing transport's `send(…, timeout:)`.
    private static func send(
        _ transport: some DeadlineEnforcingTransport, _ head: HTTPRequest, _ baseURL: URL, timeout: Duration
    ) async throws -> OxfordRetrieveEntry {
        let (response, body) = try await transport.send(head, body: nil, baseURL: baseURL, operationID: "entry", timeout: timeout)
        guard response.status == .ok, let body else { throw BenchmarkError.mismatch("status \(response.status)") }
        return try E2EDocument.decode(try await Data(collecting: body, upTo: 1 << 20))
    }

    /// Checks that every contender gets the server's document.
    static func check(_ contenders: [Contender]) async throws {
        for contender in contenders {
            guard try await contender.fetch() == E2EDocument.decoded else {
                throw BenchmarkError.mismatch("\(contender.name) decoded another entry than the one served")
            }
        }
    }

    /// Runs `fetch` from `inFlight` concurrent workers for `seconds`.
    static func slice(_ fetch: @escaping @Sendable () async throws -> OxfordRetrieveEntry, inFlight: Int, seconds: Double) async throws -> Slice {
        let clock = ContinuousClock()
        let cpuBefore = cpuSeconds()
        let start = clock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<inFlight {
                group.addTask {
                    var latencies: [Double] = []
                    latencies.reserveCapacity(16_384)
                    while clock.now < deadline {
                        let sent = clock.now
                        let entry = try await fetch()
                        latencies.append(Measurement.seconds(clock.now - sent))
                        guard entry.results.count == E2EDocument.decoded.results.count else { throw BenchmarkError.mismatch("another entry") }
                    }
                    return latencies
                }
            }
            var all: [Double] = []
            for try await some in group { all += some }
            return all.sorted()
        }
        let elapsed = Measurement.seconds(clock.now - start)
        return Slice(
            requests: latencies.count, seconds: elapsed, cpuSeconds: cpuSeconds() - cpuBefore,
            p50: latencies[latencies.count / 2], p99: latencies[min(latencies.count - 1, latencies.count * 99 / 100)])
    }

    /// User and system CPU time of this process so far: the client's, since the server is another process.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// One slice of one contender in this (child) process, after a check and 0.2 s to warm its
    /// connections; prints the slice as one JSON line.
    static func runSlice(_ name: String, inFlight: Int, seconds: Double, port: Int) async throws {
        let (contenders, shutdown) = contenders(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
        guard let contender = contenders.first(where: { $0.name == name }) else {
            throw BenchmarkError.usage("no contender \(name): \(contenders.map(\.name).joined(separator: ", "))")
        }
        try await check([contender])
        _ = try await slice(contender.fetch, inFlight: inFlight, seconds: 0.2)
        let result = try await slice(contender.fetch, inFlight: inFlight, seconds: seconds)
        try await shutdown()
        print(#"{"requests":\#(result.requests),"seconds":\#(result.seconds),"cpuSeconds":\#(result.cpuSeconds),"p50":\#(result.p50),"p99":\#(result.p99)}"#)
    }

    private struct SliceLine: Decodable {
        var requests: Int
        var seconds: Double
        var cpuSeconds: Double
        var p50: Double
        var p99: Double
    }

    /// One slice in a child process of its own (pinned to the client core where `taskset` exists).
    ///
    /// A name ending in ``EarlierBuild/suffix`` runs that contender in the earlier build's binary.
    static func sliceInChild(_ name: String, inFlight: Int, seconds: Double, port: Int) throws -> Slice {
        var executable: URL?
        var name = name
        if let earlier = EarlierBuild.executable, name.hasSuffix(EarlierBuild.suffix) {
            executable = earlier
            name.removeLast(EarlierBuild.suffix.count)
        }
        let line = try Pinning.lastLine(
            of: ["e2e-slice", name, String(inFlight), String(seconds), String(port)], executable: executable, core: Pinning.clientCore)
        let parsed = try JSONDecoder().decode(SliceLine.self, from: line)
        return Slice(requests: parsed.requests, seconds: parsed.seconds, cpuSeconds: parsed.cpuSeconds, p50: parsed.p50, p99: parsed.p99)
    }

    /// Every contender, sequential and with 64 in flight, interleaved in rotating order for `rounds`
    /// rounds, each slice a client process of its own (`ENDPOINTKIT_BENCH_SHARED=1`: all in this one).
    static func run(rounds: Int, slice seconds: Double) async throws {
        let server = try ServerProcess(ServerProcess.preferredForEndToEnd)
        defer { server.stop() }
        let (all, shutdown) = contenders(baseURL: server.baseURL)
        // ENDPOINTKIT_BENCH_CONTENDERS=a,b,c measures those alone (each family's first is its baseline).
        let chosen = ProcessInfo.processInfo.environment["ENDPOINTKIT_BENCH_CONTENDERS"].map { Set($0.split(separator: ",").map(String.init)) }
        let shared = ProcessInfo.processInfo.environment["ENDPOINTKIT_BENCH_SHARED"] == "1"
        let measured = all.filter { chosen?.contains($0.name) ?? true }
        try await check(measured)
        let contenders = shared ? measured : EarlierBuild.pairing(measured)
        let placement = shared
            ? "every client in one process"
            : "each client a process of its own" + (Pinning.enabled ? ", server pinned to core \(Pinning.serverCore) and clients to core \(Pinning.clientCore)" : "")
        print("server: \(server.kind == .nginx ? "nginx" : "endpointkit-bench serve") at \(server.baseURL.absoluteString) (another process); \(E2EDocument.body.count)-byte JSON answer decoded into OxfordRetrieveEntry; \(rounds) rounds of \(seconds) s per contender and mode; \(placement)\n")
        let steal = Measurement.stealTicks()
        let modes = [("sequential", 1), ("64 in flight", 64)]
        var results: [String: [Slice]] = [:]
        for round in 0..<rounds {
            for (mode, inFlight) in modes {
                for family in ["ahc", "urlsession"] {
                    let group = contenders.filter { $0.family == family }
                    for offset in 0..<group.count {
                        let contender = group[(offset + round) % group.count]
                        let measured: Slice
                        if shared {
                            _ = try await slice(contender.fetch, inFlight: inFlight, seconds: 0.2)  // warm the connections
                            measured = try await slice(contender.fetch, inFlight: inFlight, seconds: seconds)
                        } else {
                            measured = try sliceInChild(contender.name, inFlight: inFlight, seconds: seconds, port: server.port)
                        }
                        results["\(mode)|\(contender.name)", default: []].append(measured)
                    }
                }
            }
        }
        try await shutdown()
        let stealAfter = Measurement.stealTicks()
        for (mode, _) in modes {
            for family in ["ahc", "urlsession"] {
                let group = contenders.filter { $0.family == family }
                guard let first = group.first else { continue }
                let base = results["\(mode)|\(first.name)"]!
                print("\n\(family), \(mode):\n")
                print("| contender | requests/s (median) | min–max | × raw | CPU µs/request | + µs vs raw | p50 ms | p99 ms | p99 × raw | what |")
                print("|---|---|---|---|---|---|---|---|---|---|")
                for contender in group {
                    let slices = results["\(mode)|\(contender.name)"]!
                    let rates = slices.map(\.rate)
                    let ratio = median(zip(slices, base).map { $0.rate / $1.rate })
                    let extra = median(zip(slices, base).map { $0.cpuMicroseconds - $1.cpuMicroseconds })
                    let p99Ratio = median(zip(slices, base).map { $0.p99 / $1.p99 })
                    print(
                        "| \(contender.name) | \(Int(median(rates)).formatted()) | \(Int(rates.min()!).formatted())–\(Int(rates.max()!).formatted()) | "
                            + String(format: "%.2f | %.1f | %+.1f | %.3f | %.3f | %.2f", ratio, median(slices.map(\.cpuMicroseconds)), extra,
                                median(slices.map(\.p50)) * 1000, median(slices.map(\.p99)) * 1000, p99Ratio)
                            + " | \(contender.note) |")
                }
            }
        }
        print(String(format: "\nCPU stolen during the run: %.1f %%", 100 * (stealAfter.steal - steal.steal) / max(stealAfter.total - steal.total, 1)))
    }

    /// One contender alone, for a profiler.
    static func runOne(_ name: String, seconds: Double, inFlight: Int) async throws {
        let server = try ServerProcess(ServerProcess.preferredForEndToEnd)
        defer { server.stop() }
        let (contenders, shutdown) = contenders(baseURL: server.baseURL)
        guard let contender = contenders.first(where: { $0.name == name }) else {
            throw BenchmarkError.usage("no contender \(name): \(contenders.map(\.name).joined(separator: ", "))")
        }
        let result = try await slice(contender.fetch, inFlight: inFlight, seconds: seconds)
        print(String(format: "%@: %.0f requests/s, %.1f µs CPU per request", name, result.rate, result.cpuMicroseconds))
        try await shutdown()
    }

    /// `count` sequential requests of one contender, after one to warm the connection, for a
    /// profiler (`perf record`; valgrind stops on the client's threads).
    ///
    /// With `ENDPOINTKIT_BENCH_BASE_URL`, the server already runs there: valgrind cannot follow the
    /// process start of a server of our own, so instruction counts of the client need it.
    static func runCount(_ name: String, count: Int) async throws {
        let running = ProcessInfo.processInfo.environment["ENDPOINTKIT_BENCH_BASE_URL"].flatMap(URL.init(string:))
        let server = try running == nil ? ServerProcess(ServerProcess.preferredForEndToEnd) : nil
        defer { server?.stop() }
        guard let baseURL = running ?? server?.baseURL else { throw BenchmarkError.usage("no server") }
        let (contenders, shutdown) = contenders(baseURL: baseURL)
        guard let contender = contenders.first(where: { $0.name == name }) else {
            throw BenchmarkError.usage("no contender \(name): \(contenders.map(\.name).joined(separator: ", "))")
        }
        _ = try await contender.fetch()
        let before = allocations()
        for _ in 0..<count { _ = try await contender.fetch() }
        // Heap allocations of the whole process (the event loop's threads too) per request, when
        // `malloc-count.so` is preloaded.
        if let before, let after = allocations() {
            print(String(format: "allocations per request: %.2f", Double(after - before) / Double(max(count, 1))))
        }
        try await shutdown()
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
