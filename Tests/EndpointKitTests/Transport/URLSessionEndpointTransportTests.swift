@testable import EndpointKit
import Foundation
import HTTPTypes
import OpenAPIRuntime
import ProcessTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``URLSessionEndpointTransport`` on its own, against a real server on loopback. The controller's
/// whole integration suite also runs over it (``TransportKind/endpointKitURLSession``).
@Suite("URLSessionEndpointTransport")
struct URLSessionEndpointTransportTests {
    /// A multipart body with a 300,000-byte file part, streamed from the file.
    private static func multipartUpload(in directory: TemporaryDirectory, to server: TestHTTPServer) throws -> (PreparedRequest, Data) {
        let file = try directory.file("data.csv", contents: Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        let endpoint = Endpoint<Data>(
            serverURL: server.baseURL, pathPrefix: "up", method: .post,
            body: MultipartFormDataBodyParameters(parts: [.init(fileURL: file, name: "csv")], boundary: "b"))
        let prepared = try endpoint.prepare()
        var expected = Data("--b\r\nContent-Disposition: form-data; name=\"csv\"; filename=\"data.csv\"\r\nContent-Type: text/csv\r\n\r\n".utf8)
        expected.append(try Data(contentsOf: file))
        expected.append(Data("\r\n--b--\r\n".utf8))
        return (prepared, expected)
    }

    @Test(
        "A streamed body goes with its exact Content-Length, never chunked, from memory or from a spooled file",
        arguments: [1 << 20, 0])
    func exactLength(inMemoryBodyLimit: Int) async throws {
        try await withServer({ request in .json(#"{"received":\#(request.bodyCount)}"#) }) { server in
            let directory = try TemporaryDirectory()
            let spool = try TemporaryDirectory()
            let (prepared, expected) = try Self.multipartUpload(in: directory, to: server)
            #expect(prepared.body?.length == Int64(expected.count))
            let transport = URLSessionEndpointTransport(
                configuration: .ephemeral, inMemoryBodyLimit: inMemoryBodyLimit, temporaryDirectory: spool.url)

            let (response, body) = try await transport.send(
                prepared.request, body: prepared.httpBody, baseURL: prepared.baseURL, operationID: "up")
            let answer = try await Data(collecting: try #require(body), upTo: 1 << 16)

            #expect(response.status == .ok)
            #expect(String(decoding: answer, as: UTF8.self) == #"{"received":\#(expected.count)}"#)
            let received = try #require(server.requests.last)
            #expect(received.header("Content-Length") == String(expected.count))
            #expect(received.header("Transfer-Encoding") == nil)
            #expect(Data(received.body) == expected)
            // The spooled file is gone once the task has ended.
            #expect(try FileManager.default.contentsOfDirectory(atPath: spool.url.path).isEmpty)
        }
    }

    #if canImport(FoundationNetworking)
    @Test("The test server is strict: it refuses a body framed both ways, as Foundation on Linux sends a stream with a length")
    func strictServerRefusesBothFramings() async throws {
        try await withServer({ request in .json(#"{"received":\#(request.bodyCount)}"#) }) { server in
            let directory = try TemporaryDirectory()
            let (prepared, expected) = try Self.multipartUpload(in: directory, to: server)
            var both = prepared.urlRequest
            both.setValue(String(expected.count), forHTTPHeaderField: "Content-Length")
            let session = URLSession(configuration: .ephemeral)
            let refused = try? await session.data(for: both)
            #expect((refused?.1 as? HTTPURLResponse)?.statusCode ?? 400 == 400)
            #expect(server.requests.isEmpty)
            // The same request framed one way (chunked, as `urlRequest` makes it on Linux) is accepted.
            let (answer, response) = try await session.data(for: prepared.urlRequest)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: answer, as: UTF8.self) == #"{"received":\#(expected.count)}"#)
        }
    }
    #endif

    @Test("A body of unknown length is spooled and sent with the length it turned out to have")
    func unknownLength() async throws {
        try await withServer({ request in .json(#"{"received":\#(request.bodyCount)}"#) }) { server in
            let spool = try TemporaryDirectory()
            let transport = URLSessionEndpointTransport(configuration: .ephemeral, temporaryDirectory: spool.url)
            let chunks = (0..<40).map { index in ArraySlice([UInt8](repeating: UInt8(index), count: 1000)) }
            let stream = AsyncStream<ArraySlice<UInt8>> { continuation in
                for chunk in chunks { continuation.yield(chunk) }
                continuation.finish()
            }
            let head = HTTPRequest(method: .put, scheme: nil, authority: nil, path: "/stream")
            let (response, _) = try await transport.send(
                head, body: HTTPBody(stream, length: .unknown, iterationBehavior: .single), baseURL: server.baseURL, operationID: "")
            #expect(response.status == .ok)
            let received = try #require(server.requests.last)
            #expect(received.header("Content-Length") == "40000" && received.header("Transfer-Encoding") == nil)
            #expect(received.body == chunks.flatMap { $0 })
            #expect(try FileManager.default.contentsOfDirectory(atPath: spool.url.path).isEmpty)
        }
    }

    @Test("A body that ends short of its declared length is refused before anything is sent", arguments: [1 << 20, 0])
    func shortBody(inMemoryBodyLimit: Int) async throws {
        try await withServer({ _ in .status(204) }) { server in
            let spool = try TemporaryDirectory()
            let transport = URLSessionEndpointTransport(
                configuration: .ephemeral, inMemoryBodyLimit: inMemoryBodyLimit, temporaryDirectory: spool.url)
            let head = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/short")
            let short = HTTPBody(AsyncStream { continuation in
                continuation.yield(ArraySlice([UInt8](repeating: 1, count: 5)))
                continuation.finish()
            }, length: .known(10), iterationBehavior: .single)
            await #expect(throws: URLSessionEndpointTransportError.bodyLengthMismatch(declared: 10, actual: 5)) {
                try await transport.send(head, body: short, baseURL: server.baseURL, operationID: "")
            }
            #expect(server.requests.isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: spool.url.path).isEmpty)
        }
    }

    @Test("Streamed, the answer comes as it arrives, and a reader cancelled mid-body throws instead of ending short")
    func streamingAndCancellation() async throws {
        let size = 10_000_000
        try await withServer(storedBodyLimit: 0, { _ in
            TestHTTPServer.Reply(status: 200, headers: [], body: .generated(count: size, chunk: 16_384, delayPerChunk: .milliseconds(5)))
        }) { server in
            let transport = URLSessionEndpointTransport(configuration: .ephemeral, responseDelivery: .streamed)
            let head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/slow")
            let (response, body) = try await transport.send(head, body: nil, baseURL: server.baseURL, operationID: "")
            #expect(response.status == .ok && body?.length == .known(Int64(size)))
            let firstChunk = Locked(false)
            let reader = Task {
                var read = 0
                for try await chunk in try #require(body) {
                    read += chunk.count
                    firstChunk.withLock { $0 = true }
                }
                return read
            }
            // The server needs about 3 s for the body: the first bytes come long before the last.
            while !firstChunk.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
            reader.cancel()
            await #expect(throws: CancellationError.self) { try await reader.value }
        }
    }

    @Test(
        "Every method reaches the server as sent (GET is the URLRequest's own default, set by nobody)",
        arguments: [HTTPRequest.Method.get, .post, .put, .patch, .delete, .options, HTTPRequest.Method("PROPFIND")!])
    func methods(method: HTTPRequest.Method) async throws {
        try await withServer({ _ in .json(#"{"ok":true}"#) }) { server in
            let head = HTTPRequest(method: method, scheme: nil, authority: nil, path: "/m")
            let request = try URLSessionEndpointTransport.urlRequest(head, baseURL: server.baseURL, timeout: nil)
            #expect(request.httpMethod == method.rawValue && request.allHTTPHeaderFields?.isEmpty ?? true)
            let (response, _) = try await URLSessionEndpointTransport.shared.send(head, body: nil, baseURL: server.baseURL, operationID: "")
            #expect(response.status == .ok)
            #expect(server.requests.last?.method == method.rawValue)
        }
    }

    @Test("A download whose file cannot be made fails with DownloadFileWriteFailure, naming why, and leaves nothing")
    func downloadIntoAMissingDirectory() async throws {
        try await withServer({ _ in
            TestHTTPServer.Reply(status: 200, headers: [], body: .generated(count: 1 << 20, chunk: 65_536, delayPerChunk: nil))
        }) { server in
            let directory = try TemporaryDirectory()
            let file = directory.url.appendingPathComponent("gone").appendingPathComponent("file.bin")
            let head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/file")
            await #expect {
                _ = try await URLSessionEndpointTransport.shared.download(
                    head, baseURL: server.baseURL, operationID: "", to: file, progress: { _, _ in })
            } throws: { error in
                guard let failure = error as? DownloadFileWriteFailure else { return false }
                return failure.file == file && (failure.underlying as? POSIXError)?.code == .ENOENT
                    && failure.description.contains(file.deletingLastPathComponent().path)
            }
            #expect(!FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
        }
    }

    @Test(
        "A download that fails inside a delegate call, on Foundation's work queue, stops without a deadlock",
        .timeLimit(.minutes(1)), arguments: 0..<10)
    func failureInsideADelegateCall(trial: Int) async throws {
        try await withServer({ _ in
            TestHTTPServer.Reply(status: 200, headers: [], body: .generated(count: 8 << 20, chunk: 16_384, delayPerChunk: nil))
        }) { server in
            // The exchange finds it cannot make the file while it handles the head, on the work
            // queue: cancelling the task there, which waits for the work queue, would never return.
            let transport = URLSessionEndpointTransport(configuration: .ephemeral)
            let directory = try TemporaryDirectory()
            let file = directory.url.appendingPathComponent("gone").appendingPathComponent("file.bin")
            let head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/file")
            await #expect(throws: DownloadFileWriteFailure.self) {
                _ = try await transport.download(head, baseURL: server.baseURL, operationID: "", to: file, progress: { _, _ in })
            }
            transport.session.finishTasksAndInvalidate()
        }
    }

    /// How many of `session`'s tasks are still running.
    private static func runningTasks(of session: URLSession) async -> Int {
        await withCheckedContinuation { continuation in
            session.getAllTasks { continuation.resume(returning: $0.count) }
        }
    }

    /// Waits up to `limit` for `session` to have no running task; whether it came to have none.
    private static func tasksEnd(in session: URLSession, within limit: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if await runningTasks(of: session) == 0 { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    @Test("A download cancelled with much of its body still to come has its transfer cancelled, not left to run")
    func cancelledDownloadStopsItsTransfer() async throws {
        try await TestScheduling.timed { try await cancelDownloadWithMuchLeft() }
    }

    private func cancelDownloadWithMuchLeft() async throws {
        try await withServer(storedBodyLimit: 0, { _ in
            TestHTTPServer.Reply(status: 200, headers: [], body: .generated(count: 1 << 30, chunk: 65_536, delayPerChunk: .milliseconds(2)))
        }) { server in
            let transport = URLSessionEndpointTransport(configuration: .ephemeral)
            defer { transport.session.finishTasksAndInvalidate() }
            let directory = try TemporaryDirectory()
            let file = directory.url.appendingPathComponent("big.bin")
            let head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/big")
            let download = Task {
                try await transport.download(head, baseURL: server.baseURL, operationID: "", to: file, progress: { _, _ in })
            }
            try await Task.sleep(for: .milliseconds(300))
            download.cancel()
            await #expect(throws: (any Error).self) { _ = try await download.value }
            #expect(!FileManager.default.fileExists(atPath: file.path))
            // The rest of the 1 GiB, paced, would take 30 s more to arrive.
            let ended = try await Self.tasksEnd(in: transport.session, within: .seconds(5))
            #expect(ended, "the transfer went on after the download was cancelled")
        }
    }

    @Test(
        "An exchange stopped by its deadline while its answer stalls fails; its stalled task is then cancelled, not left to run",
        arguments: [URLSessionEndpointTransport.ResponseDelivery.buffered, .streamed])
    func stalledTransferIsCancelledAfterTheGrace(delivery: URLSessionEndpointTransport.ResponseDelivery) async throws {
        try await TestScheduling.timed { try await stopStalledExchange(delivery: delivery) }
    }

    private func stopStalledExchange(delivery: URLSessionEndpointTransport.ResponseDelivery) async throws {
        try await withServer(storedBodyLimit: 0, { _ in
            TestHTTPServer.Reply(status: 200, headers: [], body: .fault(.drip(interval: .milliseconds(50)), declaredLength: 1 << 20))
        }) { server in
            let transport = URLSessionEndpointTransport(configuration: .ephemeral, responseDelivery: delivery)
            defer { transport.session.finishTasksAndInvalidate() }
            let head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/stall")
            await #expect(throws: TransportDeadlineExceeded.self) {
                let (_, body) = try await transport.send(head, body: nil, baseURL: server.baseURL, operationID: "", timeout: .milliseconds(200))
                _ = try await Data(collecting: try #require(body), upTo: 2 << 20)
            }
            // Less than 8 MiB was left, so the task had its grace (1 s) to finish; dripping, it
            // would take 52 s more.
            let ended = try await Self.tasksEnd(in: transport.session, within: .seconds(10))
            #expect(ended, "the stalled transfer was never cancelled")
        }
    }

    @Test("Repeated fields are joined; a HEAD answer has no body")
    func fieldsAndHead() async throws {
        try await withServer({ _ in .json(#"{"ok":true}"#) }) { server in
            var head = HTTPRequest(method: .head, scheme: nil, authority: nil, path: "/things?id=1")
            head.headerFields.append(HTTPField(name: HTTPField.Name("X-Tag")!, value: "a"))
            head.headerFields.append(HTTPField(name: HTTPField.Name("X-Tag")!, value: "b"))
            let (response, body) = try await URLSessionEndpointTransport.shared.send(
                head, body: nil, baseURL: server.baseURL, operationID: "")
            #expect(response.status == .ok && body == nil)
            let received = try #require(server.requests.last)
            #expect(received.method == "HEAD" && received.uri == "/things?id=1" && received.header("X-Tag") == "a, b")
        }
    }

    @Test("By default no cookie is kept or sent; a cookie store given to the configuration keeps and sends them")
    func cookies() async throws {
        // A path of this test's own, so the cookie it sets in the process-wide store reaches no other test.
        let path = "/cookies-\(UUID().uuidString)"
        try await withServer({ _ in .json("{}", headers: [("Set-Cookie", "ek-session=s1; Path=\(path)")]) }) { server in
            let url = URL(string: server.baseURL.absoluteString + path)!
            defer { HTTPCookieStorage.shared.cookies(for: url)?.forEach(HTTPCookieStorage.shared.deleteCookie) }
            func twice(over transport: URLSessionEndpointTransport) async throws -> String? {
                for _ in 0..<2 {
                    _ = try await transport.send(
                        HTTPRequest(method: .get, scheme: nil, authority: nil, path: path), body: nil, baseURL: server.baseURL,
                        operationID: "")
                }
                return try #require(server.requests.last).header("Cookie")
            }

            let unkept = try await twice(over: .shared)
            #expect(unkept == nil)
            #expect(HTTPCookieStorage.shared.cookies(for: url)?.isEmpty ?? true)

            let keeping = URLSessionEndpointTransport(
                configuration: URLSessionEndpointTransport.apiClientConfiguration(cookies: .shared))
            let kept = try await twice(over: keeping)
            #expect(kept == "ek-session=s1")
        }
    }
}
