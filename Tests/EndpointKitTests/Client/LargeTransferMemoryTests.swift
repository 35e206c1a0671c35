import Foundation
import ProcessTesting
import Testing

@testable import EndpointKit

/// The size of the large transfers: 256 MiB by default, `ENDPOINTKIT_TRANSFER_MIB` to change it
/// (the issue's figures were taken with 512).
private let transferMiB = Int(ProcessInfo.processInfo.environment["ENDPOINTKIT_TRANSFER_MIB"] ?? "") ?? 256

@Suite("Large transfers: memory independent of size", .serialized)
struct LargeTransferMemoryTests {
    /// EndpointKit's own transports: URLSession (the default) and AsyncHTTPClient.
    static let transports: [TransportKind] = [.endpointKitURLSession, .endpointKitAsyncHTTPClient]

    @Test(
        "a large download through the controller, verified byte for byte",
        .enabled(if: PeakMemory.isAvailable, "needs Linux /proc"), arguments: transports)
    func largeDownload(kind: TransportKind) async throws {
        try await TestScheduling.exclusively {
            let size = transferMiB << 20
            try await withServer({ _ in
                TestHTTPServer.Reply(status: 200, headers: [], body: .generated(count: size, chunk: 65_536, delayPerChunk: nil))
            }) { server in
                let directory = try TemporaryDirectory()
                let destination = directory.url.appendingPathComponent("large.bin")
                let controller = makeController(kind)
                let bound = max(size / 4, 16 << 20)
                let (growths, url) = try await PeakMemory.leastGrowth(below: bound) {
                    try await controller.load(FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "large"))
                }
                let growth = growths.last ?? .max
                #expect(try Self.isGenerated(url, count: size))
                print("download: \(transferMiB) MiB through EndpointController over \(kind); peak RSS grew by \(growths.map { "\($0 / 1024) KiB" }.joined(separator: ", then "))")
                // Sanitizers keep shadow memory and their own heap: peak memory means nothing there.
                #expect(Sanitizers.any || growth < bound, "peak RSS grew by \(growths) bytes for \(size) bytes")
            }
        }
    }

    @Test(
        "a large multipart upload through the controller, with its exact Content-Length",
        .enabled(if: PeakMemory.isAvailable, "needs Linux /proc"), arguments: transports)
    func largeUpload(kind: TransportKind) async throws {
        try await TestScheduling.exclusively {
            let size = transferMiB << 20
            let directory = try TemporaryDirectory()
            let file = directory.url.appendingPathComponent("upload.bin")
            #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
            let writer = try FileHandle(forWritingTo: file)
            let megabyte = Data(repeating: 0x5A, count: 1 << 20)
            for _ in 0..<transferMiB { try writer.write(contentsOf: megabyte) }
            try writer.close()
            try await withServer(storedBodyLimit: 4096, { request in
                .json(#"{"id":\#(request.bodyCount),"name":"received"}"#)
            }) { server in
                let endpoint = Endpoint<User>(
                    serverURL: server.baseURL, pathPrefix: "uploads", method: .post,
                    body: MultipartFormDataBodyParameters(parts: [.init(fileURL: file, name: "file")]))
                let controller = makeController(kind)
                let bound = max(size / 4, 16 << 20)
                let (growths, answer) = try await PeakMemory.leastGrowth(below: bound) {
                    try await controller.upload(endpoint).value
                }
                let growth = growths.last ?? .max
                let length = try endpoint.prepare().body?.length
                #expect(Int64(answer.id) == length)
                let received = try #require(server.requests.last)
                #expect(received.header("Content-Length") == length.map(String.init) && received.header("Transfer-Encoding") == nil)
                print("upload: \(transferMiB) MiB multipart through EndpointController over \(kind); peak RSS grew by \(growths.map { "\($0 / 1024) KiB" }.joined(separator: ", then "))")
                // Sanitizers keep shadow memory and their own heap: peak memory means nothing there.
                #expect(Sanitizers.any || growth < bound, "peak RSS grew by \(growths) bytes for \(size) bytes")
            }
        }
    }

    /// Whether `file` holds exactly the `count` bytes the test server generates in chunks of
    /// `chunk` bytes (chunk `i` filled with the byte `i`).
    static func isGenerated(_ file: URL, count: Int, chunk: Int = 65_536) throws -> Bool {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var offset = 0
        while let data = try handle.read(upToCount: chunk), !data.isEmpty {
            guard data == Data(repeating: UInt8(truncatingIfNeeded: offset / chunk), count: data.count) else { return false }
            offset += data.count
        }
        return offset == count
    }
}
