import Foundation
import OpenAPIRuntime
import ProcessTesting
import SeededRandom
import Testing

@testable import EndpointKit

/// The files in `directory`, hidden ones included.
private func contents(of directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}

/// A controller over `transport` that retries quickly.
private func controller(_ transport: any ClientTransport, maxAttempts: Int = 3) -> EndpointController<EndpointDefaultServerError> {
    EndpointController(
        transport: transport,
        configuration: .init(retryPolicy: RetryPolicy(maxAttempts: maxAttempts, baseDelay: .milliseconds(10)), notificationCenter: nil))
}

/// The transports that hand a body over as it arrives, so a broken answer leaves bytes to keep
/// (swift-openapi-urlsession's and EndpointKit's buffered URLSession transport hold the whole
/// body first on Linux: a break there leaves nothing, and the download starts again).
private let streamingTransports = TransportKind.allCases.filter(\.streams)

@Suite("Resumable downloads against a real server")
struct ResumableDownloadTests {
    @Test("256 MiB broken 5 times at random points: resumed from the bytes on disk, nothing read twice", arguments: streamingTransports)
    func bigBrokenDownload(kind: TransportKind) async throws {
        try await TestScheduling.exclusively {
            let size = 256 << 20
            var generator = SplitMix64(seed: 1818)
            // One break in each sixth of the file, 8 MiB either side of the boundary at most.
            let breaks = (1...5).map { $0 * size / 6 + Int.random(in: -(8 << 20)...(8 << 20), using: &generator) }
            let file = PatternFile(size: size)
            let serving = RangeServing(file: file, breaks: breaks)
            try await withServer(recordsRequests: true, serving.reply) { server in
                let directory = try TemporaryDirectory()
                let destination = directory.url.appendingPathComponent("big.bin")
                let transport = CountingTransport(base: kind.make())
                let download = controller(transport).resumableDownload(
                    FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "big.bin"),
                    options: ResumableDownloadOptions(checksum: .sha256(Self.bigChecksum)))
                #expect(try await download.value == destination)

                #expect(try file.matches(destination))
                #expect(contents(of: directory.url) == ["big.bin"])
                // Six answers: the first whole, each next a 206 from exactly the bytes the client had.
                let received = transport.received.withLock { $0 }
                let served = serving.served
                #expect(served.count == 6 && received.count == 6)
                #expect(served.map(\.status) == [200, 206, 206, 206, 206, 206])
                let kept = received.reduce(into: [0]) { $0.append($0.last! + $1) }
                #expect(served.map(\.start) == Array(kept.dropLast()))
                #expect(server.requests.dropFirst().allSatisfy { $0.header("If-Range") == "\"v1\"" })
                // Re-read bytes: those the client received more than once. Every answer starts where
                // the bytes on disk end, so none is: the received total is the file's size.
                let reRead = received.reduce(0, +) - size
                #expect(reRead == 0)
                let lostInFlight = served.map(\.planned).reduce(0, +) - received.reduce(0, +)
                print("resumable download (\(kind)): \(size) bytes; breaks at \(breaks); answers from \(served.map(\.start)); received \(received.reduce(0, +)) (re-read \(reRead)); server wrote \(served.map(\.planned).reduce(0, +)) (lost in flight at the resets: \(lostInFlight))")
            }
        }
    }

    static let bigChecksum = PatternFile(size: 256 << 20).sha256

    @Test("a download without breaks completes with its checksum over every transport", arguments: TransportKind.allCases)
    func plainDownload(kind: TransportKind) async throws {
        // Megabytes through every transport, and SHA-256s: kept apart from tests with time bounds.
        try await TestScheduling.exclusively {
            let file = PatternFile(size: 3_000_000)
            let serving = RangeServing(file: file)
            try await withServer(serving.reply) { server in
                let directory = try TemporaryDirectory()
                let destination = directory.url.appendingPathComponent("nested/file.bin")
                let download = controller(kind.make()).resumableDownload(
                    FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "file.bin"),
                    options: ResumableDownloadOptions(checksum: .sha256(file.sha256)))
                _ = try await download.value
                var events: [TransferProgress] = []
                for await event in download.progress { events.append(event) }
                #expect(try file.matches(destination))
                #expect(contents(of: destination.deletingLastPathComponent()) == ["file.bin"])
                #expect(events.first?.completedBytes == 0)
                #expect(events.last == TransferProgress(completedBytes: 3_000_000, expectedBytes: 3_000_000))
                #expect(server.requests.first?.header("Range") == nil)
                #expect(server.requests.first?.header("Accept-Encoding") == "identity")
            }
        }
    }

    @Test("a server that ignores Range answers 200: the download starts again from zero", arguments: streamingTransports)
    func serverIgnoresRange(kind: TransportKind) async throws {
        // Megabytes through every transport, and SHA-256s: kept apart from tests with time bounds.
        try await TestScheduling.exclusively {
            let file = PatternFile(size: 4_000_000)
            let serving = RangeServing(file: file, breaks: [1_500_000], honoursRanges: false)
            try await withServer(serving.reply) { server in
                let directory = try TemporaryDirectory()
                let destination = directory.url.appendingPathComponent("file.bin")
                let transport = CountingTransport(base: kind.make())
                _ = try await controller(transport).resumableDownload(
                    FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "file.bin")
                ).value
                #expect(try file.matches(destination))
                #expect(serving.served.map(\.status) == [200, 200])
                let ranges = server.requests.map { $0.header("Range") }
                #expect(ranges.count == 2 && ranges[0] == nil && ranges[1] == "bytes=\(transport.received.withLock { $0[0] })-")
                #expect(transport.received.withLock { $0[1] } == file.size)
                #expect(contents(of: directory.url) == ["file.bin"])
            }
        }
    }

    @Test("a file that changed on the server (If-Range no longer matches) is fetched again whole", arguments: streamingTransports)
    func validatorChanged(kind: TransportKind) async throws {
        // Megabytes through every transport, and SHA-256s: kept apart from tests with time bounds.
        try await TestScheduling.exclusively {
            let old = PatternFile(size: 4_000_000)
            let new = PatternFile(size: 3_500_000, version: 1)
            let serving = RangeServing(file: old, breaks: [2_000_000])
            try await withServer({ request in
                // The file changes after its first answer.
                let reply = serving.reply(request)
                serving.file.withLock { $0 = new }
                serving.etag.withLock { $0 = "\"v2\"" }
                return reply
            }) { server in
                let directory = try TemporaryDirectory()
                let destination = directory.url.appendingPathComponent("file.bin")
                _ = try await controller(kind.make()).resumableDownload(
                    FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "file.bin"),
                    options: ResumableDownloadOptions(checksum: .sha256(new.sha256))
                ).value
                #expect(try new.matches(destination))
                #expect(server.requests.map { $0.header("If-Range") } == [nil, "\"v1\""])
                #expect(serving.served.map(\.status) == [200, 200])
            }
        }
    }

    @Test("a cancelled download hands over resume data that goes on from the bytes on disk", arguments: streamingTransports)
    func resumeAfterCancellation(kind: TransportKind) async throws {
        // Megabytes through every transport, and SHA-256s: kept apart from tests with time bounds.
        try await TestScheduling.exclusively {
            let file = PatternFile(size: 8 << 20)
            let serving = RangeServing(file: file, pace: .milliseconds(5))
            try await withServer(serving.reply) { server in
                let directory = try TemporaryDirectory()
                let destination = directory.url.appendingPathComponent("file.bin")
                let endpoint = FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "file.bin")
                let first = controller(kind.make()).resumableDownload(endpoint)
                for await event in first.progress where event.completedBytes > 1 << 20 { break }
                first.cancel()
                let cancelled = try #require(await expectCancelled { try await first.value })
                let resumeData = try #require(cancelled.resumeData)
                #expect(resumeData.bytesReceived > 1 << 20 && resumeData.bytesReceived < file.size)
                #expect(resumeData.validator == "\"v1\"")
                #expect(resumeData.expectedLength == Int64(file.size))
                #expect(resumeData.url == "\(server.baseURL.absoluteString)/file.bin")
                #expect(!FileManager.default.fileExists(atPath: destination.path))
                #expect(contents(of: directory.url) == [resumeData.partialFile.lastPathComponent])
                #expect(resumeData.partialFile.lastPathComponent.hasPrefix(".file.bin."))

                // It survives the process: a later one decodes it and goes on.
                let stored = try JSONEncoder().encode(resumeData)
                let decoded = try JSONDecoder().decode(DownloadResumeData.self, from: stored)
                let transport = CountingTransport(base: kind.make())
                let second = controller(transport).resumableDownload(
                    endpoint, options: ResumableDownloadOptions(checksum: .sha256(file.sha256), resumeData: decoded))
                _ = try await second.value
                #expect(try file.matches(destination))
                #expect(contents(of: directory.url) == ["file.bin"])
                #expect(server.requests.last?.header("Range") == "bytes=\(decoded.bytesReceived)-")
                #expect(server.requests.last?.header("If-Range") == "\"v1\"")
                #expect(transport.received.withLock { $0 } == [file.size - Int(decoded.bytesReceived)])
            }
        }
    }

    @Test("resume data goes on over a transport that writes each answer to a file (URLSession download tasks)")
    func resumeThroughFileWritingTransport() async throws {
        try await TestScheduling.exclusively {
            let file = PatternFile(size: 6 << 20)
            let serving = RangeServing(file: file, pace: .milliseconds(5))
            try await withServer(serving.reply) { server in
                let directory = try TemporaryDirectory()
                let destination = directory.url.appendingPathComponent("file.bin")
                let endpoint = FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "file.bin")
                let first = controller(TransportKind.endpointKitAsyncHTTPClient.make()).resumableDownload(endpoint)
                for await event in first.progress where event.completedBytes > 1 << 20 { break }
                first.cancel()
                let resumeData = try #require(await expectCancelled { try await first.value }?.resumeData)

                let second = controller(TransportKind.endpointKitURLSession.make()).resumableDownload(
                    endpoint, options: ResumableDownloadOptions(checksum: .sha256(file.sha256), resumeData: resumeData))
                _ = try await second.value
                var events: [TransferProgress] = []
                for await event in second.progress { events.append(event) }
                #expect(try file.matches(destination))
                #expect(contents(of: directory.url) == ["file.bin"])
                #expect(serving.served.last.map { [$0.status, $0.start] } == [206, Int(resumeData.bytesReceived)])
                #expect(events.first?.completedBytes == resumeData.bytesReceived)
                #expect(events.last == TransferProgress(completedBytes: Int64(file.size), expectedBytes: Int64(file.size)))
            }
        }
    }

    @Test("resume data of a file whose bytes are all on disk finishes: without a request, or after a 416 to its range")
    func resumeComplete() async throws {
        let file = PatternFile(size: 1000)
        try await withServer({ request in
            request.header("Range") == "bytes=1000-"
                ? .init(status: 416, headers: [("Content-Range", "bytes */1000")], body: .bytes([]))
                : .status(500)
        }) { server in
            let directory = try TemporaryDirectory()
            let destination = directory.url.appendingPathComponent("f")
            let partial = try directory.file(".f.partial", contents: Data(file.bytes(at: 0, count: 1000)))
            let endpoint = FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "f")
            let known = DownloadResumeData(
                url: "\(server.baseURL.absoluteString)/f", destination: destination, partialFile: partial, bytesReceived: 1000,
                validator: "\"v1\"", expectedLength: 1000)
            let downloads = controller(TransportKind.endpointKitAsyncHTTPClient.make())
            _ = try await downloads.resumableDownload(endpoint, options: .init(checksum: .sha256(file.sha256), resumeData: known)).value
            #expect(try file.matches(destination))
            #expect(server.requests.isEmpty)

            // Without the length, the server's 416 to the range after the last byte says the file is whole.
            try FileManager.default.moveItem(at: destination, to: partial)
            var unknown = known
            unknown.expectedLength = nil
            _ = try await downloads.resumableDownload(endpoint, options: .init(resumeData: unknown)).value
            #expect(try file.matches(destination))
            #expect(server.requests.map { $0.header("Range") } == ["bytes=1000-"])
            #expect(contents(of: directory.url) == ["f"])
        }
    }

    @Test("a 206 to a request without Range is a typed error, and nothing is left")
    func partialContentWithoutRange() async throws {
        try await withServer({ _ in
            .init(status: 206, headers: [("Content-Range", "bytes 0-9/10")], body: .bytes(Array(repeating: 1, count: 10)))
        }) { server in
            let directory = try TemporaryDirectory()
            let download = controller(TransportKind.endpointKitAsyncHTTPClient.make()).resumableDownload(
                FileDownloadEndpoint(destination: directory.url.appendingPathComponent("f"), serverURL: server.baseURL, pathPrefix: "f"))
            let error = await #expect(throws: EndpointError.self) { try await download.value }
            #expect(error.map { if case .downloadIntegrity(.partialContentWithoutRange) = $0.kind { true } else { false } } == true)
            #expect(error?.description.contains("asked for no range") == true)
            #expect(error?.resumeData == nil)
            #expect(contents(of: directory.url).isEmpty)
        }
    }

    @Test("a Content-Range that does not continue the file is a typed error naming both ranges")
    func mismatchedContentRange() async throws {
        let file = PatternFile(size: 1_000_000)
        let serving = RangeServing(file: file, breaks: [400_000])
        try await withServer({ request in
            guard request.header("Range") != nil else { return serving.reply(request) }
            // Answers a resumed request with the file's start.
            return .init(
                status: 206, headers: [("Content-Range", "bytes 0-999999/1000000")], body: .bytes(file.bytes(at: 0, count: file.size)))
        }) { server in
            let directory = try TemporaryDirectory()
            let download = controller(TransportKind.endpointKitAsyncHTTPClient.make()).resumableDownload(
                FileDownloadEndpoint(destination: directory.url.appendingPathComponent("f"), serverURL: server.baseURL, pathPrefix: "f"))
            let error = await #expect(throws: EndpointError.self) { try await download.value }
            guard case .downloadIntegrity(.contentRangeMismatch(let received, let expected)) = error?.kind else {
                Issue.record("expected a Content-Range mismatch, got \(String(describing: error))")
                return
            }
            let asked = try #require(RangeServing.rangeStart(server.requests.last?.header("Range")))
            #expect(received == "bytes 0-999999/1000000")
            #expect(expected == "bytes \(asked)-…/1000000")
            #expect(contents(of: directory.url).isEmpty)
        }
    }

    @Test("a file whose checksum differs is rejected and removed")
    func checksumMismatch() async throws {
        let file = PatternFile(size: 100_000)
        try await withServer(RangeServing(file: file).reply) { server in
            let directory = try TemporaryDirectory()
            let wrong = String(repeating: "0", count: 64)
            let download = controller(TransportKind.endpointKitAsyncHTTPClient.make()).resumableDownload(
                FileDownloadEndpoint(destination: directory.url.appendingPathComponent("f"), serverURL: server.baseURL, pathPrefix: "f"),
                options: ResumableDownloadOptions(checksum: .sha256(wrong)))
            let error = await #expect(throws: EndpointError.self) { try await download.value }
            #expect(error.map { if case .downloadIntegrity(.checksumMismatch("SHA-256", wrong, file.sha256)) = $0.kind { true } else { false } } == true)
            #expect(contents(of: directory.url).isEmpty)
        }
    }

    @Test("a caller's own digest is checked")
    func customChecksum() async throws {
        let file = PatternFile(size: 100_000)
        try await withServer(RangeServing(file: file).reply) { server in
            let directory = try TemporaryDirectory()
            let byteCount = DownloadChecksum.custom(algorithm: "length", expected: "100000") { url in
                String(try Data(contentsOf: url).count)
            }
            let destination = directory.url.appendingPathComponent("f")
            _ = try await controller(TransportKind.endpointKitAsyncHTTPClient.make()).resumableDownload(
                FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "f"),
                options: ResumableDownloadOptions(checksum: byteCount)
            ).value
            #expect(try file.matches(destination))
        }
    }

    @Test("bad options and unusable resume data are typed errors before anything is sent")
    func badInputs() async throws {
        try await withServer(RangeServing(file: PatternFile(size: 10)).reply) { server in
            let directory = try TemporaryDirectory()
            let destination = directory.url.appendingPathComponent("f")
            let endpoint = FileDownloadEndpoint(destination: destination, serverURL: server.baseURL, pathPrefix: "f")
            let downloads = controller(TransportKind.endpointKitAsyncHTTPClient.make())
            func failure(_ options: ResumableDownloadOptions) async -> DownloadIntegrityFailure? {
                do {
                    _ = try await downloads.resumableDownload(endpoint, options: options).value
                } catch {
                    if case .downloadIntegrity(let failure) = error.kind, error.attempts == 0 { return failure }
                }
                return nil
            }
            #expect(await failure(.init(checksum: .sha256("abc"))) == .invalidChecksum(algorithm: "SHA-256", value: "abc", reason: "is not 64 hexadecimal digits"))
            #expect(await failure(.init(maxResumes: -1)) == .invalidOption(name: "maxResumes", value: "-1", allowed: "0 or more"))
            let elsewhere = DownloadResumeData(
                url: "\(server.baseURL.absoluteString)/f", destination: directory.url.appendingPathComponent("g"),
                partialFile: directory.url.appendingPathComponent(".g.partial"), bytesReceived: 5, validator: nil, expectedLength: 10)
            #expect(await failure(.init(resumeData: elsewhere)) == .unusableResumeData(reason: "it is for \(elsewhere.destination.path), not \(destination.path)"))
            var missing = elsewhere
            missing.destination = destination
            #expect(await failure(.init(resumeData: missing)) == .unusableResumeData(reason: "the partial file \(missing.partialFile.path) does not exist"))
            var otherURL = missing
            otherURL.url = "http://example.com/f"
            #expect(await failure(.init(resumeData: otherURL)) == .unusableResumeData(reason: "it is for http://example.com/f, not \(missing.url)"))
            #expect(server.requests.isEmpty)
            #expect(contents(of: directory.url).isEmpty)
        }
    }

    @Test("Content-Range values are read strictly")
    func contentRangeParsing() {
        #expect(ContentRange("bytes 5-9/10").map { [$0.first, $0.last, $0.total ?? -1] } == [5, 9, 10])
        #expect(ContentRange("bytes 5-9/*").map { [$0.first, $0.last, $0.total ?? -1] } == [5, 9, -1])
        for bad in ["bytes 9-5/10", "bytes 5-10/10", "bytes -5/10", "items 0-1/2", "bytes +1-2/3", "bytes 1-2", "bytes */10"] {
            #expect(ContentRange(bad) == nil, "\(bad)")
        }
        #expect(ContentRange.unsatisfiedTotal("bytes */10") == 10)
        #expect(ContentRange.unsatisfiedTotal("bytes 0-1/10") == nil)
    }
}
