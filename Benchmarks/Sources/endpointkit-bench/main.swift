import Foundation

/// endpointkit-bench build [rounds] [slice-seconds]
/// endpointkit-bench build-one <contender> <count>       (for callgrind and the allocation counter)
/// endpointkit-bench decode <file> [rounds] [slice-seconds]
/// endpointkit-bench decode-one <file> <contender> <count>
/// endpointkit-bench overhead [count] [rounds]            (the controller over a stub transport, no network)
/// endpointkit-bench overhead-one <contender> <count>     (heap allocations per request, with malloc-count.so preloaded)
/// endpointkit-bench e2e [rounds] [slice-seconds]          (starts `serve` as a child process, and a client process per slice)
///     ENDPOINTKIT_BENCH_EARLIER=<binary>   also runs each contender from an earlier build, in the same rounds (before and after)
/// endpointkit-bench e2e-slice <contender> <in-flight> <seconds> <port>   (one slice, for `e2e`)
/// endpointkit-bench e2e-one <contender> <seconds> <in-flight>
/// endpointkit-bench e2e-count <contender> <count>          (for a profiler such as perf record; the server is another process)
/// endpointkit-bench transfer [rounds] [bytes] [scratch] [contender...]   (each contender in a child process)
/// endpointkit-bench transfer-one <contender> <port> <bytes> <scratch>
/// endpointkit-bench encode [rounds] [slice] | encode-one <contender> <count> | large-body <file> streamed|in-memory
/// endpointkit-bench serve                                 (the loopback server; prints its port)
let arguments = Array(CommandLine.arguments.dropFirst())

/// The allocation counter's total, when `malloc-count.so` is preloaded.
func allocations() -> Int? {
    guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "endpointkit_bench_allocations") else { return nil }
    typealias Counter = @convention(c) () -> Int
    return unsafeBitCast(symbol, to: Counter.self)()
}

func report(_ results: [Measurement.Rounds], baseline: String, notes: [String: String], unit: String) {
    let base = results.first { $0.name == baseline }!
    print("| contender | \(unit)/s (median) | min–max | × \(baseline) (median of rounds) | what |")
    print("|---|---|---|---|---|")
    for result in results {
        let ratios = zip(result.rates, base.rates).map { $0 / $1 }.sorted()
        print(
            "| \(result.name) | \(Int(result.median).formatted()) | \(Int(result.range.lowerBound).formatted())–\(Int(result.range.upperBound).formatted()) | \(String(format: "%.2f", ratios[ratios.count / 2])) | \(notes[result.name] ?? "") |"
        )
    }
}

func repeatRun(_ run: () -> Int, count: Int) {
    let before = allocations()
    for _ in 0..<count { Measurement.blackHole(run()) }
    if let before, let after = allocations() {
        print(String(format: "allocations per operation: %.2f", Double(after - before) / Double(max(count, 1))))
    }
}

do {
    switch arguments.first {
    case "build":
        let rounds = arguments.count > 1 ? Int(arguments[1])! : 7
        let slice = arguments.count > 2 ? Double(arguments[2])! : 0.5
        for (shape, built) in try RequestBuilding.check().sorted(by: { $0.key < $1.key }) { print("\(shape): \(built)") }
        let steal = Measurement.stealTicks()
        for shape in ["v1", "v2"] {
            let contenders = RequestBuilding.contenders.filter { $0.shape == shape }
            let results = Measurement.interleave(contenders.map { ($0.name, $0.run) }, rounds: rounds, slice: slice)
            print("\n\(shape) (\(rounds) rounds of \(slice) s each):\n")
            report(
                results, baseline: shape == "v1" ? "seed" : "components-v2",
                notes: Dictionary(uniqueKeysWithValues: contenders.map { ($0.name, $0.note) }), unit: "requests")
        }
        let stealAfter = Measurement.stealTicks()
        print(String(format: "\nCPU stolen during the run: %.1f %%", 100 * (stealAfter.steal - steal.steal) / max(stealAfter.total - steal.total, 1)))
    case "build-one":
        guard arguments.count == 3, let contender = RequestBuilding.contenders.first(where: { $0.name == arguments[1] }), let count = Int(arguments[2]) else {
            throw BenchmarkError.usage("build-one <\(RequestBuilding.contenders.map(\.name).joined(separator: "|"))> <count>")
        }
        _ = try RequestBuilding.check()
        repeatRun(contender.run, count: count)
    case "decode":
        guard arguments.count >= 2 else { throw BenchmarkError.usage("decode <entries.json> [rounds] [slice]") }
        let body = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        let rounds = arguments.count > 2 ? Int(arguments[2])! : 7
        let slice = arguments.count > 3 ? Double(arguments[3])! : 1.0
        let contenders = try Decoding.contenders(body: body)
        let steal = Measurement.stealTicks()
        let results = Measurement.interleave(contenders.map { ($0.name, $0.run) }, rounds: rounds, slice: slice)
        print("decoding \(body.count.formatted()) bytes (\(rounds) rounds of \(slice) s each):\n")
        report(results, baseline: "bare-jsondecoder", notes: Dictionary(uniqueKeysWithValues: contenders.map { ($0.name, $0.note) }), unit: "decodes")
        let stealAfter = Measurement.stealTicks()
        print(String(format: "\nCPU stolen during the run: %.1f %%", 100 * (stealAfter.steal - steal.steal) / max(stealAfter.total - steal.total, 1)))
    case "decode-one":
        guard arguments.count == 4, let count = Int(arguments[3]) else { throw BenchmarkError.usage("decode-one <entries.json> <contender> <count>") }
        let body = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        guard let contender = try Decoding.contenders(body: body).first(where: { $0.name == arguments[2] }) else {
            throw BenchmarkError.usage("no decoding contender \(arguments[2])")
        }
        repeatRun(contender.run, count: count)
    case "encode":
        let rounds = arguments.count > 1 ? Int(arguments[1])! : 7
        let slice = arguments.count > 2 ? Double(arguments[2])! : 0.5
        try Encoding.check()
        let steal = Measurement.stealTicks()
        for pair in stride(from: 0, to: Encoding.contenders.count, by: 2) {
            let contenders = Array(Encoding.contenders[pair..<pair + 2])
            let results = Measurement.interleave(contenders.map { ($0.name, $0.run) }, rounds: rounds, slice: slice)
            print("")
            report(results, baseline: contenders[0].baseline, notes: Dictionary(uniqueKeysWithValues: contenders.map { ($0.name, $0.note) }), unit: "encodings")
        }
        let stealAfter = Measurement.stealTicks()
        print(String(format: "\nCPU stolen during the run: %.1f %%", 100 * (stealAfter.steal - steal.steal) / max(stealAfter.total - steal.total, 1)))
    case "encode-one":
        guard arguments.count == 3, let contender = Encoding.contenders.first(where: { $0.name == arguments[1] }), let count = Int(arguments[2]) else {
            throw BenchmarkError.usage("encode-one <\(Encoding.contenders.map(\.name).joined(separator: "|"))> <count>")
        }
        try Encoding.check()
        repeatRun(contender.run, count: count)
    case "large-body":
        guard arguments.count == 3, ["streamed", "in-memory"].contains(arguments[2]) else { throw BenchmarkError.usage("large-body <file> streamed|in-memory") }
        let clock = ContinuousClock()
        let start = clock.now
        let (bytes, growth) = try Encoding.largeBody(file: URL(fileURLWithPath: arguments[1]), inMemory: arguments[2] == "in-memory")
        let seconds = Measurement.seconds(clock.now - start)
        print(String(format: "%@: %lld bytes in %.2f s (%.0f MiB/s), peak RSS grew by %.1f MiB", arguments[2], bytes, seconds, Double(bytes) / seconds / 1048576, Double(growth) / 1048576))
    case "e2e-one":
        guard arguments.count == 4, let seconds = Double(arguments[2]), let inFlight = Int(arguments[3]) else {
            throw BenchmarkError.usage("e2e-one <contender> <seconds> <in-flight>")
        }
        try await EndToEnd.runOne(arguments[1], seconds: seconds, inFlight: inFlight)
    case "e2e-count":
        guard arguments.count == 3, let count = Int(arguments[2]) else { throw BenchmarkError.usage("e2e-count <contender> <count>") }
        try await EndToEnd.runCount(arguments[1], count: count)
    case "transfer":
        // transfer [rounds] [bytes] [scratch] [contender...]
        guard let rounds = arguments.count > 1 ? Int(arguments[1]) : 3, let bytes = arguments.count > 2 ? Int64(arguments[2]) : 1 << 30 else {
            throw BenchmarkError.usage("transfer [rounds] [bytes] [scratch] [contender...]: rounds and bytes are whole numbers")
        }
        let scratch = URL(fileURLWithPath: arguments.count > 3 ? arguments[3] : FileManager.default.temporaryDirectory.appendingPathComponent("endpointkit-bench").path)
        try await Transfers.run(rounds: rounds, bytes: bytes, scratch: scratch, only: Array(arguments.dropFirst(4)))
    case "transfer-one":
        guard arguments.count == 5, let port = Int(arguments[2]), let bytes = Int64(arguments[3]) else {
            throw BenchmarkError.usage("transfer-one <contender> <port> <bytes> <scratch>")
        }
        try await Transfers.runOne(arguments[1], port: port, bytes: bytes, scratch: URL(fileURLWithPath: arguments[4]))
    case "overhead-one":
        guard arguments.count == 3, let count = Int(arguments[2]) else { throw BenchmarkError.usage("overhead-one <contender> <count>") }
        try await Overhead.runOne(arguments[1], count: count)
    case "overhead":
        guard let count = arguments.count > 1 ? Int(arguments[1]) : 20_000, let rounds = arguments.count > 2 ? Int(arguments[2]) : 5 else {
            throw BenchmarkError.usage("overhead [count] [rounds]: whole numbers")
        }
        try await Overhead.run(count: count, rounds: rounds)
    case "serve":
        try await LoopbackServer.serve()
    case "e2e-slice":
        guard arguments.count == 5, let inFlight = Int(arguments[2]), let seconds = Double(arguments[3]), let port = Int(arguments[4]) else {
            throw BenchmarkError.usage("e2e-slice <contender> <in-flight> <seconds> <port>")
        }
        try await EndToEnd.runSlice(arguments[1], inFlight: inFlight, seconds: seconds, port: port)
    case "e2e":
        let rounds = arguments.count > 1 ? Int(arguments[1])! : 5
        let slice = arguments.count > 2 ? Double(arguments[2])! : 2
        try await EndToEnd.run(rounds: rounds, slice: slice)
    default:
        throw BenchmarkError.usage(
            "usage: endpointkit-bench build | build-one | encode | encode-one | large-body | decode | decode-one | overhead | e2e | e2e-one | transfer | transfer-one | serve (see main.swift)")
    }
} catch {
    FileHandle.standardError.write(Data("endpointkit-bench: \(error)\n".utf8))
    exit(64)
}
