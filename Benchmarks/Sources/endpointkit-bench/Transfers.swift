import AsyncHTTPClient
import EndpointKit
import Foundation
import HTTPTypes
import NIOCore
import NIOFoundationCompat
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Benchmark 5: a large download to a file and a large upload from a file, through the controller
/// and through the raw transport. Every contender runs in a process of its own, so its peak
/// resident memory is its own.
enum Transfers {
    static let contenders = [
        "ahc-raw-download", "ahc-controller-download", "ahc-ek-controller-download",
        "urlsession-raw-download", "urlsession-controller-download", "urlsession-openapi-controller-download",
        "ahc-raw-upload", "ahc-controller-upload", "ahc-ek-controller-upload",
        "urlsession-raw-upload", "urlsession-controller-upload", "urlsession-openapi-controller-upload",
    ]

    static let notes = [
        "ahc-raw-download": "HTTPClient.execute, each ByteBuffer written to a FileHandle",
        "ahc-controller-download": "EndpointController.download over AsyncHTTPClientTransport (temporary file, moved into place)",
        "urlsession-raw-download": "URLSession.download(for:), the file moved into place",
        "ahc-ek-controller-download": "EndpointController.asyncHTTPClient().download (AsyncHTTPClientEndpointTransport)",
        "urlsession-controller-download": "EndpointController().download (its default URLSessionEndpointTransport: on Linux a data task whose chunks it writes to the file)",
        "urlsession-openapi-controller-download": "EndpointController over swift-openapi's URLSessionTransport (buffers on Linux), the default before issue 17",
        "ahc-raw-upload": "HTTPClient.execute with the file streamed in 256 KiB ByteBuffers",
        "ahc-controller-upload": "EndpointController.upload over AsyncHTTPClientTransport, a multipart body with the file as its part",
        "urlsession-raw-upload": "URLSession.upload(for:fromFile:)",
        "ahc-ek-controller-upload": "EndpointController.asyncHTTPClient().upload, the same multipart body",
        "urlsession-controller-upload": "EndpointController().upload (URLSessionEndpointTransport: the body spooled to a file, then an upload task with its Content-Length), the same multipart body",
        "urlsession-openapi-controller-upload": "EndpointController over swift-openapi's URLSessionTransport (buffers on Linux), the same multipart body",
    ]

    struct Outcome: Decodable {
        var bytes: Int64
        var seconds: Double
        var cpuSeconds: Double
        var peakGrowth: Int
    }

    struct UploadAnswer: Decodable, Sendable {
        var received: Int64
    }

    /// Runs every contender `rounds` times, each in a child process, in rotating order.
    static func run(rounds: Int, bytes: Int64, scratch: URL, only: [String]) async throws {
        let server = try ServerProcess()
        defer { server.stop() }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let source = scratch.appendingPathComponent("upload.bin")
        try writePattern(to: source, bytes: bytes)
        defer { try? FileManager.default.removeItem(at: source) }
        let chosen = only.isEmpty ? contenders : contenders.filter(only.contains)
        print("\(bytes.formatted()) bytes per transfer, \(rounds) rounds; every contender in a process of its own\(Pinning.enabled ? ", pinned to core \(Pinning.clientCore), the server to core \(Pinning.serverCore)" : "")\n")
        var results: [String: [Outcome]] = [:]
        for round in 0..<rounds {
            for offset in 0..<chosen.count {
                let name = chosen[(offset + round) % chosen.count]
                let line = try Pinning.lastLine(
                    of: ["transfer-one", name, String(server.port), String(bytes), scratch.path], core: Pinning.clientCore)
                results[name, default: []].append(try JSONDecoder().decode(Outcome.self, from: line))
            }
        }
        print("| contender | MiB/s (median) | min–max | × raw | CPU s | peak RSS growth (median, max) | what |")
        print("|---|---|---|---|---|---|---|")
        for name in chosen {
            let outcomes = results[name]!
            let rates = outcomes.map { Double($0.bytes) / $0.seconds / 1_048_576 }
            // The raw transport of the same family and direction: ahc-…-upload against ahc-raw-upload.
            let rawName = "\(name.prefix { $0 != "-" })-raw-\(name.split(separator: "-").last ?? "")"
            let ratio = results[rawName].map { raw in EndToEnd.median(zip(outcomes, raw).map { ($1.seconds) / $0.seconds }) }
            let growth = outcomes.map { Double($0.peakGrowth) / 1_048_576 }
            print(
                "| \(name) | " + String(format: "%.0f | %.0f–%.0f | ", EndToEnd.median(rates), rates.min()!, rates.max()!)
                    + (ratio.map { String(format: "%.2f", $0) } ?? "–")
                    + String(format: " | %.2f | %.1f MiB, %.1f MiB | ", EndToEnd.median(outcomes.map(\.cpuSeconds)), EndToEnd.median(growth), growth.max()!)
                    + "\(notes[name] ?? "") |")
        }
    }

    /// One contender, in this (child) process; prints its outcome as one JSON line.
    static func runOne(_ name: String, port: Int, bytes: Int64, scratch: URL) async throws {
        let baseURL = URL(string: "http://127.0.0.1:\(port)")!
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let destination = scratch.appendingPathComponent("download-\(name).bin")
        let source = scratch.appendingPathComponent("upload.bin")
        try? FileManager.default.removeItem(at: destination)
        let path = "bytes/\(bytes)"
        let upload = Endpoint<UploadAnswer>(
            serverURL: baseURL, pathPrefix: "upload", method: .post,
            body: MultipartFormDataBodyParameters(parts: [.init(fileURL: source, name: "file", fileName: "upload.bin")]))
        let ahcController = EndpointController<EndpointDefaultServerError>(
            transport: AsyncHTTPClientTransport(configuration: .init(client: client)))
        let ownAHCController = EndpointController<EndpointDefaultServerError>.asyncHTTPClient(client)
        let sessionController = EndpointController<EndpointDefaultServerError>()
        let openAPISessionController = EndpointController<EndpointDefaultServerError>(
            transport: URLSessionTransport(configuration: .init(session: NonRedirectingSession.make(configuration: .default))))
        let session = URLSession(configuration: .default)

        try Encoding.resetPeak()
        let baseline = try Encoding.peakResident()
        let cpuBefore = EndToEnd.cpuSeconds()
        let clock = ContinuousClock()
        let start = clock.now
        var moved: Int64 = 0
        switch name {
        case "ahc-raw-download":
            let response = try await client.execute(HTTPClientRequest(url: baseURL.appendingPathComponent(path).absoluteString), timeout: .seconds(600))
            guard response.status == .ok else { throw BenchmarkError.mismatch("status \(response.status)") }
            guard FileManager.default.createFile(atPath: destination.path, contents: nil) else { throw BenchmarkError.mismatch("cannot create \(destination.path)") }
            let handle = try FileHandle(forWritingTo: destination)
            for try await buffer in response.body {
                try handle.write(contentsOf: buffer.readableBytesView)
            }
            try handle.close()
        case "ahc-controller-download":
            _ = try await ahcController.load(FileDownloadEndpoint(destination: destination, serverURL: baseURL, pathPrefix: path))
        case "urlsession-raw-download":
            let (temporary, response) = try await session.download(for: URLRequest(url: baseURL.appendingPathComponent(path)))
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchmarkError.mismatch("status") }
            try FileManager.default.moveItem(at: temporary, to: destination)
        case "ahc-ek-controller-download":
            _ = try await ownAHCController.load(FileDownloadEndpoint(destination: destination, serverURL: baseURL, pathPrefix: path))
        case "urlsession-controller-download":
            _ = try await sessionController.load(FileDownloadEndpoint(destination: destination, serverURL: baseURL, pathPrefix: path))
        case "urlsession-openapi-controller-download":
            _ = try await openAPISessionController.load(FileDownloadEndpoint(destination: destination, serverURL: baseURL, pathPrefix: path))
        case "ahc-raw-upload":
            var request = HTTPClientRequest(url: baseURL.appendingPathComponent("upload").absoluteString)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/octet-stream")
            request.body = .stream(FileChunks(url: source), length: .known(bytes))
            let response = try await client.execute(request, timeout: .seconds(600))
            let answer = try JSONDecoder().decode(UploadAnswer.self, from: Data(buffer: try await response.body.collect(upTo: 1 << 16)))
            moved = answer.received
        case "ahc-controller-upload":
            moved = try await ahcController.upload(upload).value.received
        case "urlsession-raw-upload":
            var request = URLRequest(url: baseURL.appendingPathComponent("upload"))
            request.httpMethod = "POST"
            request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
            let (data, _) = try await session.upload(for: request, fromFile: source)
            moved = try JSONDecoder().decode(UploadAnswer.self, from: data).received
        case "ahc-ek-controller-upload":
            moved = try await ownAHCController.upload(upload).value.received
        case "urlsession-controller-upload":
            moved = try await sessionController.upload(upload).value.received
        case "urlsession-openapi-controller-upload":
            moved = try await openAPISessionController.upload(upload).value.received
        default:
            throw BenchmarkError.usage("no transfer contender \(name): \(contenders.joined(separator: ", "))")
        }
        let seconds = Measurement.seconds(clock.now - start)
        let cpu = EndToEnd.cpuSeconds() - cpuBefore
        let growth = try Encoding.peakResident() - baseline
        if name.hasSuffix("-download") {
            try verifyPattern(destination, bytes: bytes)
            try FileManager.default.removeItem(at: destination)
            moved = bytes
        } else if moved < bytes {
            throw BenchmarkError.mismatch("\(name): the server received \(moved) of \(bytes) bytes")
        }
        try await client.shutdown()
        print(#"{"bytes":\#(moved),"seconds":\#(seconds),"cpuSeconds":\#(cpu),"peakGrowth":\#(growth)}"#)
    }

    /// The file a download must produce: `LoopbackServer.patternByte` at every offset.
    static func writePattern(to url: URL, bytes: Int64) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw BenchmarkError.mismatch("cannot create \(url.path)") }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let chunk = Data(LoopbackServer.patternChunk)
        var left = bytes
        while left > 0 {
            let size = Int(min(left, Int64(chunk.count)))
            try handle.write(contentsOf: chunk.prefix(size))
            left -= Int64(size)
        }
    }

    /// Checks the size and every byte of a downloaded file against the server's pattern.
    static func verifyPattern(_ url: URL, bytes: Int64) throws {
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int64
        guard size == bytes else { throw BenchmarkError.mismatch("the download has \(size ?? -1) bytes, not \(bytes)") }
        let expected = Data(LoopbackServer.patternChunk)
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var offset: Int64 = 0
        while let chunk = try handle.read(upToCount: expected.count), !chunk.isEmpty {
            guard chunk == expected.prefix(chunk.count) else { throw BenchmarkError.mismatch("the download differs near byte \(offset)") }
            offset += Int64(chunk.count)
        }
    }
}

/// A file read in 256 KiB ByteBuffers, for AsyncHTTPClient's streamed request body.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let url: URL

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle?
        mutating func next() async throws -> ByteBuffer? {
            guard let handle, let data = try handle.read(upToCount: 256 * 1024), !data.isEmpty else { return nil }
            return ByteBuffer(bytes: data)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: try? FileHandle(forReadingFrom: url)) }
}
