import Foundation
import ProcessTesting
import OpenAPIRuntime
import Testing

@testable import EndpointKit

@Suite("Multipart memory")
struct MultipartMemoryTests {
    @Test(
        "a 256 MiB file part is sent with memory far below its size",
        .enabled(if: PeakMemory.isAvailable, "needs Linux /proc"))
    func largeFilePart() async throws {
        try await TestScheduling.exclusively {
            let fileSize = 256 * 1024 * 1024
            let directory = try TemporaryDirectory()
            let file = directory.url.appendingPathComponent("large.bin")
            #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
            let writer = try FileHandle(forWritingTo: file)
            let megabyte = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) })
            for _ in 0..<256 { try writer.write(contentsOf: megabyte) }
            try writer.close()

            let endpoint = Endpoint<Data>(
                serverURL: URL(string: "https://api.example.com")!, pathPrefix: "uploads", method: .post,
                body: MultipartFormDataBodyParameters(parts: [.init(string: "big", name: "title"), .init(fileURL: file, name: "file")]))

            // Streamed: memory far below the file's size, or the body is held (every try over).
            let bound = 32 << 20
            let (growths, (prepared, count, fileBytesSeen, misplacedChunks)) = try await PeakMemory.leastGrowth(below: bound) {
                let prepared = try endpoint.prepare()
                let body = try #require(prepared.httpBody)
                var count = 0
                var fileBytesSeen = 0
                var misplacedChunks = 0
                for try await chunk in body {
                    count += chunk.count
                    // The file is read in whole chunks (its size is a multiple of the chunk size); the
                    // part headers and the closing boundary are short chunks.
                    if chunk.count == MultipartFormDataBodyParameters(parts: []).chunkSize {
                        // Spot-check that each chunk holds the bytes of its place in the file.
                        let offset = fileBytesSeen % megabyte.count
                        if chunk.first != megabyte[offset] || chunk.last != megabyte[offset + chunk.count - 1] { misplacedChunks += 1 }
                        fileBytesSeen += chunk.count
                    }
                }
                return (prepared, count, fileBytesSeen, misplacedChunks)
            }
            let growth = growths.last ?? .max

            #expect(prepared.header("Content-Length") == String(count))
            #expect(count > fileSize)
            #expect(fileBytesSeen == fileSize)
            #expect(misplacedChunks == 0)
            print("multipart: 256 MiB file part streamed; peak RSS grew by \(growths.map { "\($0 / 1024) KiB" }.joined(separator: ", then ")) (file \(fileSize / 1024) KiB)")
            // Sanitizers keep shadow memory and their own heap: peak memory means nothing there.
            #expect(Sanitizers.any || growth < bound, "peak RSS grew by \(growths) bytes for a \(fileSize)-byte file")
        }
    }
}
