import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@testable import EndpointKit

/// The files in `directory`, hidden ones included.
private func contents(of directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}

@Suite("Downloads and uploads against a real server")
struct TransferTests {
    @Test("a download streams to the destination, creating directories, with progress from zero", arguments: TransportKind.allCases)
    func download(kind: TransportKind) async throws {
        let size = 1_000_000
        try await withServer({ _ in
            TestHTTPServer.Reply(status: 200, headers: [("Content-Type", "application/octet-stream")], body: .generated(count: size, chunk: 65_536, delayPerChunk: nil))
        }) { server in
            let directory = try TemporaryDirectory()
            let destination = directory.url.appendingPathComponent("nested/deeper/file.bin")
            let controller = makeController(kind)
            let transfer = controller.download(FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "files/big.bin"))
            let url = try await transfer.value
            var events: [TransferProgress] = []
            for await event in transfer.progress { events.append(event) }
            #expect(url == destination)
            let data = try Data(contentsOf: destination)
            #expect(data.count == size)
            #expect(data[0] == 0 && data[65_536] == 1 && data[size - 1] == UInt8(truncatingIfNeeded: (size - 1) / 65_536))
            #expect(events.first == TransferProgress(completedBytes: 0, expectedBytes: Int64(size)))
            #expect(events.last == TransferProgress(completedBytes: Int64(size), expectedBytes: Int64(size)))
            #expect(zip(events, events.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
            #expect(contents(of: destination.deletingLastPathComponent()) == ["file.bin"])
        }
    }

    @Test("a download replaces an older file atomically", arguments: TransportKind.allCases)
    func replaces(kind: TransportKind) async throws {
        try await withServer({ _ in .text("new contents") }) { server in
            let directory = try TemporaryDirectory()
            let destination = try directory.file("report.txt", contents: Data("old".utf8))
            let url = try await makeController(kind).load(FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "report"))
            #expect(try String(contentsOf: url, encoding: .utf8) == "new contents")
            #expect(contents(of: directory.url) == ["report.txt"])
        }
    }

    @Test("a failed download leaves no file", arguments: TransportKind.allCases)
    func failedDownload(kind: TransportKind) async throws {
        try await withServer({ _ in .json(#"{"reason":"gone"}"#, status: 404) }) { server in
            let directory = try TemporaryDirectory()
            let destination = directory.url.appendingPathComponent("missing.bin")
            do {
                _ = try await makeController(kind).load(FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "missing"))
                Issue.record("expected an error")
            } catch let error as EndpointError {
                #expect(error.status == .notFound)
                #expect(error.serverError(as: EndpointDefaultServerError.self)?.reason == "gone")
            }
            #expect(contents(of: directory.url).isEmpty)
        }
    }

    /// A transport that writes downloads itself and cannot write this one (as with a full disk).
    struct UnwritableDownloads: FileDownloadingTransport {
        let inner = URLSessionEndpointTransport.shared

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
            try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
        }

        func download(
            _ request: HTTPRequest, baseURL: URL, operationID: String, to file: URL,
            progress: @escaping @Sendable (Int64, Int64?) -> Void
        ) async throws -> HTTPResponse {
            throw DownloadFileWriteFailure(file: file, underlying: POSIXError(.ENOSPC))
        }
    }

    @Test("a transport that cannot write the file fails the download once, as a download failure, not a network one to retry")
    func unwritableDownload() async throws {
        try await withServer({ _ in .text("never asked for") }) { server in
            let directory = try TemporaryDirectory()
            let destination = directory.url.appendingPathComponent("file.bin")
            let controller = EndpointController<EndpointDefaultServerError>(
                transport: UnwritableDownloads(), configuration: .init(retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1))))
            do {
                _ = try await controller.load(FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "file"))
                Issue.record("expected an error")
            } catch let error as EndpointError {
                guard case .download(let reason) = error.kind else {
                    Issue.record("the download failed as \(error.kind)")
                    return
                }
                #expect(reason.contains("cannot write the file in \(directory.url.path)"), "\(reason)")
                #expect(error.attempts == 1)
            }
            #expect(contents(of: directory.url).isEmpty)
        }
    }

    @Test("cancelling mid-download leaves neither the file nor a temporary file", arguments: TransportKind.allCases)
    func cancelledDownload(kind: TransportKind) async throws {
        try await withServer({ _ in
            TestHTTPServer.Reply(status: 200, headers: [], body: .generated(count: 10_000_000, chunk: 16_384, delayPerChunk: .milliseconds(5)))
        }) { server in
            let directory = try TemporaryDirectory()
            let destination = directory.url.appendingPathComponent("slow.bin")
            let transfer = makeController(kind).download(FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "slow"))
            // The server needs about 3 s for the body; cancel while it is still arriving. A streaming
            // transport shows the bytes arriving; URLSession on Linux holds the whole body before
            // handing it over, so there the cue is time.
            var receivedBeforeCancel: Int64 = 0
            if kind.streamsDownloads {
                for await event in transfer.progress where event.completedBytes > 50_000 {
                    receivedBeforeCancel = event.completedBytes
                    break
                }
            } else {
                try await Task.sleep(for: .milliseconds(500))
            }
            transfer.cancel()
            try await expectCancelled { try await transfer.value }
            #expect(contents(of: directory.url).isEmpty)
            if kind.streamsDownloads {
                // The temporary file was being written when the cancellation came.
                #expect(receivedBeforeCancel > 50_000 && receivedBeforeCancel < 10_000_000)
            }
        }
    }

    @Test("an upload streams a multipart file part and reports its progress", arguments: TransportKind.allCases)
    func upload(kind: TransportKind) async throws {
        try await withServer(storedBodyLimit: 1024, { request in
            .json(#"{"id":\#(request.bodyCount),"name":"\#(request.header("Content-Length") ?? "")"}"#)
        }) { server in
            let directory = try TemporaryDirectory()
            let file = try directory.file("photo.jpg", contents: Data(repeating: 7, count: 300_000))
            let endpoint = Endpoint<User>(
                serverURL: server.baseURL, pathPrefix: "photos", method: .post,
                body: MultipartFormDataBodyParameters(parts: [.init(string: "Beach", name: "title"), .init(fileURL: file, name: "photo")]))
            let transfer = makeController(kind).upload(endpoint)
            let answer = try await transfer.value
            var events: [TransferProgress] = []
            for await event in transfer.progress { events.append(event) }
            let length = try #require(endpoint.prepare().body?.length)
            #expect(answer.id == Int(length))
            #expect(answer.name == String(length))
            #expect(events.last == TransferProgress(completedBytes: length, expectedBytes: length))
            #expect(events.count > 1)
        }
    }
}
