import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The minimal static server the end-to-end and transfer benchmarks run against, in a process of
/// its own so that the client's CPU time is the client's alone.
///
/// - `GET /static`: a fixed 120-byte JSON document (``staticBody``);
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
        let router = Router()
        router.get("static") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: staticBuffer))
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

/// The server, started as a child process of this executable (`endpointkit-bench serve`).
final class ServerProcess {
    let process = Process()
    let port: Int

    init() throws {
        // For a profiler: a server already running (`endpointkit-bench serve`), so it is not profiled too.
        if let given = ProcessInfo.processInfo.environment["ENDPOINTKIT_BENCH_PORT"].flatMap(Int.init) {
            port = given
            return
        }
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
        self.port = port
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
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

    /// Runs this binary with `arguments` in a child process (on `core` when pinning) and returns the
    /// last line it printed; a child that fails is an error that shows its output.
    static func lastLine(of arguments: [String], core: Int) throws -> Data {
        let child = Process()
        (child.executableURL, child.arguments) = command(arguments, core: core)
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
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
        guard enabled else { return (binary, arguments) }
        return (taskset, ["-c", String(core), binary.path] + arguments)
    }
}
