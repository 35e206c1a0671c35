import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The minimal static server the end-to-end and transfer benchmarks run against, in a process of
/// its own so that the client's CPU time is the client's alone.
///
/// - `GET /static`: a fixed 120-byte JSON document (``staticBody``), for the overhead benchmark;
/// - `GET /entry`: a 2 KB Oxford entries answer (``E2EDocument/body``), for the end-to-end benchmark;
/// - `GET /bytes/N`: N bytes of a repeated 64 KiB pattern, streamed with a Content-Length;
/// - `POST /upload`: reads the body to its end and answers `{"received":N}`.
enum LoopbackServer {
    /// The document `GET /static` answers.
    static let staticBody = Data(
        #"{"id":"ace","word":"ace","language":"en-gb","lexicalCategory":"noun","definitions":["a playing card with a single spot"]}"#.utf8)

    /// The byte at `offset` of every `GET /bytes/N` answer.
    static func patternByte(at offset: Int64) -> UInt8 { UInt8(truncatingIfNeeded: offset &* 31 &+ offset >> 16) }

    /// The 64 KiB every `GET /bytes/N` answer repeats.
    static let patternChunk = (0..<Int64(64 * 1024)).map(patternByte(at:))

    /// Serves until killed, printing `port N` on standard output once listening.
    static func serve() async throws {
        let chunkSize = patternChunk.count
        let chunk = ByteBuffer(bytes: patternChunk)
        let staticBuffer = ByteBuffer(bytes: staticBody)
        let entryBuffer = ByteBuffer(bytes: E2EDocument.body)
        let router = Router()
        router.get("static") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: staticBuffer))
        }
        router.get("entry") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: entryBuffer))
        }
        router.get("bytes/:count") { _, context -> Response in
            guard let count = context.parameters.get("count", as: Int.self), count >= 0 else { throw HTTPError(.badRequest) }
            return Response(
                status: .ok, headers: [.contentType: "application/octet-stream"],
                body: ResponseBody(contentLength: count) { writer in
                    // The pattern repeats every 64 KiB, so every chunk is a slice of the same buffer.
                    var left = count
                    while left > 0 {
                        let size = min(left, chunkSize)
                        try await writer.write(chunk.getSlice(at: 0, length: size)!)
                        left -= size
                    }
                    try await writer.finish(nil)
                })
        }
        router.post("upload") { request, _ -> Response in
            var received = 0
            for try await buffer in request.body { received += buffer.readableBytes }
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"received":\#(received)}"#)))
        }
        var logger = Logger(label: "loopback-server")
        logger.logLevel = .error
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                FileHandle.standardOutput.write(Data("port \(channel.localAddress?.port ?? 0)\n".utf8))
            },
            logger: logger)
        try await application.runService()
    }
}

/// The server, started as a child process: this executable (`endpointkit-bench serve`), or nginx
/// serving ``E2EDocument/body`` at `/entry`, as issue 17 set the end-to-end benchmark up.
final class ServerProcess {
    enum Kind: String {
        /// `endpointkit-bench serve` (Hummingbird): every route.
        case own
        /// nginx from Debian's packages (`apt-get install nginx-light`), one worker: `/entry` only.
        case nginx
    }

    let process = Process()
    let port: Int
    let kind: Kind
    private var directory: URL?

    /// nginx when it is installed and `ENDPOINTKIT_BENCH_SERVER` is not `own`; otherwise our own.
    static var preferredForEndToEnd: Kind {
        let asked = ProcessInfo.processInfo.environment["ENDPOINTKIT_BENCH_SERVER"].flatMap(Kind.init(rawValue:))
        return asked ?? (NginxConfiguration.executable == nil ? .own : .nginx)
    }

    init(_ kind: Kind = .own) throws {
        self.kind = kind
        // For a profiler: a server already running (`endpointkit-bench serve`), so it is not profiled too.
        if let given = ProcessInfo.processInfo.environment["ENDPOINTKIT_BENCH_PORT"].flatMap(Int.init) {
            port = given
            return
        }
        switch kind {
        case .own:
            port = try Self.startOwn(process)
        case .nginx:
            let configuration = try NginxConfiguration.write()
            directory = configuration.directory
            port = configuration.port
            try Self.startNginx(process, configuration)
        }
    }

    private static func startOwn(_ process: Process) throws -> Int {
        (process.executableURL, process.arguments) = Pinning.command(["serve"], core: Pinning.serverCore)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { throw BenchmarkError.usage("the loopback server ended before listening") }
            line.append(more)
        }
        guard let text = String(data: line, encoding: .utf8), text.hasPrefix("port "),
            let port = Int(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)), port > 0
        else { throw BenchmarkError.usage("the loopback server printed \(String(decoding: line, as: UTF8.self))") }
        return port
    }

    private static func startNginx(_ process: Process, _ configuration: NginxConfiguration) throws {
        (process.executableURL, process.arguments) = Pinning.command(
            executable: configuration.executable, configuration.arguments, core: Pinning.serverCore)
        try process.run()
        for _ in 0..<200 {
            if Self.accepts(port: configuration.port) { return }
            guard process.isRunning else { break }
            usleep(10_000)
        }
        let log = (try? String(contentsOf: configuration.directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        throw BenchmarkError.usage("nginx did not listen on port \(configuration.port): \(log)")
    }

    /// Whether a TCP connection to 127.0.0.1:`port` succeeds.
    private static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in.loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }
}

/// Runs this benchmark's processes pinned to cores with `taskset`, where it exists: the server on
/// core 0, each measured client on core 1 (`ENDPOINTKIT_BENCH_PIN=0` turns it off).
enum Pinning {
    static let serverCore = 0
    static let clientCore = 1
    static let taskset = URL(fileURLWithPath: "/usr/bin/taskset")

    static var enabled: Bool {
        ProcessInfo.processInfo.environment["ENDPOINTKIT_BENCH_PIN"] != "0"
            && FileManager.default.isExecutableFile(atPath: taskset.path)
            && ProcessInfo.processInfo.activeProcessorCount > 1
    }

    /// Runs this binary, or `executable` when given, with `arguments` in a child process (on `core`
    /// when pinning) and returns the last line it printed; a child that fails is an error that
    /// shows its output.
    static func lastLine(of arguments: [String], executable: URL? = nil, core: Int) throws -> Data {
        let child = Process()
        (child.executableURL, child.arguments) =
            executable.map { command(executable: $0, arguments, core: core) } ?? command(arguments, core: core)
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        guard child.terminationStatus == 0, let line = data.split(separator: UInt8(ascii: "\n")).last else {
            throw BenchmarkError.mismatch("\(arguments.joined(separator: " ")) failed (exit \(child.terminationStatus)): \(String(decoding: data, as: UTF8.self))")
        }
        return Data(line)
    }

    /// The executable and arguments that run this binary with `arguments`, on `core` when pinning.
    static func command(_ arguments: [String], core: Int) -> (URL, [String]) {
        command(executable: URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL, arguments, core: core)
    }

    /// `executable` with `arguments`, on `core` when pinning.
    static func command(executable: URL, _ arguments: [String], core: Int) -> (URL, [String]) {
        guard enabled else { return (executable, arguments) }
        return (taskset, ["-c", String(core), executable.path] + arguments)
    }
}
