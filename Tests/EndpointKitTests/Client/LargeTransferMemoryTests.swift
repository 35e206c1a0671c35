import Foundation
import ProcessTesting
import Testing

@testable import EndpointKit

/// The size of the large transfers: 256 MiB by default, `ENDPOINTKIT_TRANSFER_MIB` to change it
/// (the issue's figures were taken with 512).
private let transferMiB = Int(ProcessInfo.processInfo.environment["ENDPOINTKIT_TRANSFER_MIB"] ?? "") ?? 256

@Suite("Large transfers: memory independent of size", .serialized)
struct LargeTransferMemoryTests {
    @Test(
        "a large download through the controller over AsyncHTTPClient",
        .enabled(if: PeakMemory.isAvailable, "needs Linux /proc"))
    func largeDownload() async throws {
        try await TestScheduling.exclusively {
            let size = transferMiB << 20
            try await withServer({ _ in
                TestHTTPServer.Reply(status: 200, headers: [], body: .generated(count: size, chunk: 65_536, delayPerChunk: nil))
            }) { server in
                let directory = try TemporaryDirectory()
                let destination = directory.url.appendingPathComponent("large.bin")
                let controller = makeController(.asyncHTTPClient)
                let bound = max(size / 4, 16 << 20)
                let (growths, url) = try await PeakMemory.leastGrowth(below: bound) {
                    try await controller.load(FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "large"))
                }
                let growth = growths.last ?? .max
                let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
                #expect((attributes[.size] as? NSNumber)?.intValue == size)
                print("download: \(transferMiB) MiB through EndpointController over AsyncHTTPClient; peak RSS grew by \(growths.map { "\($0 / 1024) KiB" }.joined(separator: ", then "))")
                // Sanitizers keep shadow memory and their own heap: peak memory means nothing there.
                #expect(Sanitizers.any || growth < bound, "peak RSS grew by \(growths) bytes for \(size) bytes")
            }
        }
    }

    @Test(
        "a large multipart upload through the controller over AsyncHTTPClient",
        .enabled(if: PeakMemory.isAvailable, "needs Linux /proc"))
    func largeUpload() async throws {
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
                let controller = makeController(.asyncHTTPClient)
                let bound = max(size / 4, 16 << 20)
                let (growths, answer) = try await PeakMemory.leastGrowth(below: bound) {
                    try await controller.upload(endpoint).value
                }
                let growth = growths.last ?? .max
                #expect(Int64(answer.id) == (try endpoint.prepare().body?.length))
                print("upload: \(transferMiB) MiB multipart through EndpointController over AsyncHTTPClient; peak RSS grew by \(growths.map { "\($0 / 1024) KiB" }.joined(separator: ", then "))")
                // Sanitizers keep shadow memory and their own heap: peak memory means nothing there.
                #expect(Sanitizers.any || growth < bound, "peak RSS grew by \(growths) bytes for \(size) bytes")
            }
        }
    }
}
