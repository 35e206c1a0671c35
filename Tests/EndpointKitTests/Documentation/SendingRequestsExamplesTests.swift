import EndpointKitTesting
import AsyncHTTPClient
import Foundation
import NIOCore
import OpenAPIAsyncHTTPClient
import ProcessTesting
import Testing

import EndpointKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The examples of README.md's "Calling an API" and of the article "Sending requests", compiled and
// run against a real server on loopback (or a stub transport), with checks of what they claim.
// `DocumentationExamplesTests.documentationBlocksAreTested` checks that the documents hold them
// verbatim. `User` is the test target's `struct User: Codable { var id: Int; var name: String }`.
// The examples run in function bodies, as in an app, where `catch` gets the typed EndpointError.

@Suite("Sending requests: documentation examples")
struct SendingRequestsExamplesTests {
    @Test("README: calling an API")
    func readmeCallingAnAPI() async throws {
        let server = try await TestHTTPServer.start { request in
            request.path == "/users/867" ? .json(#"{"id":867,"name":"Jenny"}"#) : .json(#"{"reason":"no such user"}"#, status: 404)
        }
        let api = server.baseURL

        let controller = EndpointController<EndpointDefaultServerError>()
        let user = try await controller.load(Endpoint<User>(serverURL: api, pathPrefix: "users", objectID: "867"))

        do {
            _ = try await controller.load(Endpoint<User>(serverURL: api, pathPrefix: "users", objectID: "0"))
        } catch {
            print(error)  // GET /users/0: unacceptable status 404 Not Found: no such user
            print(error.serverError(as: EndpointDefaultServerError.self)?.reason ?? "")  // no such user
        }

        #expect(user == User(id: 867, name: "Jenny"))
        let failure = try await #require(throws: EndpointError.self) {
            try await controller.load(Endpoint<User>(serverURL: api, pathPrefix: "users", objectID: "0"))
        }
        #expect(failure.description == "GET /users/0: unacceptable status 404 Not Found: no such user")
        #expect(failure.serverError(as: EndpointDefaultServerError.self)?.reason == "no such user")
        try await server.stop()
    }

    @Test("Sending requests: errors")
    func errors() async throws {
        let server = try await TestHTTPServer.start { _ in .json(#"{"error":"RateLimited","reason":"slow down"}"#, status: 400) }
        let api = server.baseURL
        let controller = EndpointController<EndpointDefaultServerError>()
        var messages: [String] = []

        do {
            _ = try await controller.load(Endpoint<User>(serverURL: api, pathPrefix: "me"))
        } catch {
            switch error.kind {
            case .unacceptableStatus(let status, _, _):
                let reason = error.serverError(as: EndpointDefaultServerError.self)?.reason ?? "none"
                messages.append("status \(status.code), reason \(reason)")
            case .transport(.unreachable), .transport(.timedOut):
                messages.append("offline")
            case .decoding(let codingPath, let reason, _):
                messages.append("bad answer at \(codingPath): \(reason)")
            default:
                messages.append(error.description)
            }
        }

        #expect(messages == ["status 400, reason slow down"])
        try await server.stop()
    }

    @Test("Sending requests: retries")
    func retries() async throws {
        try await TestScheduling.timed {
            let calls = Box(0)
            let server = try await TestHTTPServer.start { _ in
                let call = calls.withLock { value -> Int in
                    value += 1
                    return value
                }
                return call < 3 ? .status(503, headers: [("Retry-After", "0")]) : .json(#"{"id":1,"name":"Ada"}"#)
            }
            let api = server.baseURL

            var retryPolicy = RetryPolicy.default
            retryPolicy.maxAttempts = 5
            retryPolicy.totalBudget = .seconds(20)
            let controller = EndpointController<EndpointDefaultServerError>(
                configuration: .init(retryPolicy: retryPolicy, timeout: .seconds(10))
            )
            let user = try await controller.load(Endpoint<User>(serverURL: api, pathPrefix: "users", objectID: "1"))

            #expect(user.name == "Ada")
            #expect(server.requests.count == 3)
            try await server.stop()
        }
    }

    @Test("Sending requests: events")
    func events() async throws {
        let server = try await TestHTTPServer.start { _ in .status(401) }
        let api = server.baseURL
        let controller = EndpointController<EndpointDefaultServerError>()
        let observed = Box<[String]>([])

        let events = controller.events()
        let watcher = Task {
            for await event in events {
                switch event {
                case .unauthorized(let request):
                    observed.withLock { $0.append("sign in again (\(request.method.rawValue))") }
                case .requestFinished(_, let metrics):
                    observed.withLock { $0.append("finished: \(metrics.status ?? 0), \(metrics.attempts) attempt(s)") }
                default:
                    break
                }
            }
        }
        let observer = NotificationCenter.default.addObserver(
            forName: .endpointValidationError401Unauthorized, object: controller, queue: nil
        ) { _ in
            observed.withLock { $0.append("notification") }
        }

        _ = try? await controller.load(Endpoint<User>(serverURL: api, pathPrefix: "me"))

        NotificationCenter.default.removeObserver(observer)
        // The watcher sees the events on its own task: wait for them (bounded), not a fixed delay.
        let deadline = ContinuousClock.now + .seconds(20)
        while observed.withLock({ $0.count }) < 3, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        watcher.cancel()
        #expect(observed.withLock { $0 }.sorted() == ["finished: 401, 1 attempt(s)", "notification", "sign in again (GET)"])
        try await server.stop()
    }

    @Test("Sending requests: authentication")
    func authentication() async throws {
        let server = try await TestHTTPServer.start { request in
            request.header("Authorization") == "Bearer token-1" ? .json(#"{"id":1,"name":"Ada"}"#) : .status(401)
        }
        let api = server.baseURL
        let tokens = Box(0)
        @Sendable func signIn() async throws -> String {
            "token-\(tokens.withLock { value -> Int in value += 1; return value })"
        }

        let authenticator = BearerTokenAuthenticator { try await signIn() }
        let controller = EndpointController<EndpointDefaultServerError>(
            configuration: .init(interceptors: [authenticator])
        )
        let me = try await controller.load(Endpoint<User>(serverURL: api, pathPrefix: "me"))

        #expect(me.name == "Ada")
        #expect(await authenticator.fetchCount == 1)
        try await server.stop()
    }

    @Test("Sending requests: paging")
    func paging() async throws {
        struct Followers: Decodable, Sendable, EndpointPageable, EndpointPageContent {
            static var perPage: Int { 2 }
            var users: [String]
            var pageItemCount: Int { users.count }
        }
        let server = try await TestHTTPServer.start { request in
            switch request.query ?? "" {
            case "page=1&per_page=2": .json(#"{"users":["a","b"]}"#)
            case "page=2&per_page=2": .json(#"{"users":["c"]}"#)
            default: .status(404)
            }
        }
        let api = server.baseURL
        let controller = EndpointController<EndpointDefaultServerError>()
        var everyone: [String] = []

        let followers = Endpoint<Followers>(serverURL: api, pathPrefix: "users/867/followers")
        for try await page in controller.pages(of: followers) {
            everyone += page.users
        }

        #expect(everyone == ["a", "b", "c"])
        try await server.stop()
    }

    @Test("Sending requests: downloads and uploads")
    func transfers() async throws {
        let server = try await TestHTTPServer.start { request in
            request.method == "GET" ? .text("id,name\n1,Ada\n", contentType: "text/csv") : .json(#"{"id":1,"name":"uploaded"}"#)
        }
        let api = server.baseURL
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let controller = EndpointController<EndpointDefaultServerError>()

        let download = controller.download(
            FileDownloadEndpoint(destination: folder.appendingPathComponent("exports/users.csv"), serverURL: api, pathPrefix: "export")
        )
        for await progress in download.progress {
            print("\(progress.completedBytes) of \(progress.expectedBytes ?? -1) bytes")
        }
        let file = try await download.value

        let upload = controller.upload(
            Endpoint<User>(
                serverURL: api, pathPrefix: "imports", method: .post,
                body: MultipartFormDataBodyParameters(parts: [.init(fileURL: file, name: "csv")])
            )
        )
        let receipt = try await upload.value

        #expect(try String(contentsOf: file, encoding: .utf8) == "id,name\n1,Ada\n")
        #expect(receipt.name == "uploaded")
        #expect(server.requests(to: "/imports").first?.bodyCount ?? 0 > 14)
        try await server.stop()
    }

    @Test("Sending requests: testing your client")
    func testingYourClient() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/users/867", with: .json(#"{"id":867,"name":"Jenny"}"#))
        let controller = EndpointController<EndpointDefaultServerError>(transport: transport)

        let user = try await controller.load(
            Endpoint<User>(serverURL: URL(string: "https://api.example.com")!, pathPrefix: "users", objectID: "867")
        )
        // transport.requests holds what was sent; a request without a stub fails loudly.

        #expect(user.id == 867)
        #expect(transport.requests.map(\.path) == ["/users/867"])
    }

    @Test("Sending requests: EndpointKit's URLSession transport")
    func urlSessionTransport() async throws {
        let server = try await TestHTTPServer.start { _ in .json(#"{"id":867,"name":"Jenny"}"#) }
        let api = server.baseURL

        let transport = URLSessionEndpointTransport(
            configuration: URLSessionEndpointTransport.apiClientConfiguration(connectionsPerHost: 32),
            inMemoryBodyLimit: 4 << 20
        )
        let controller = EndpointController<EndpointDefaultServerError>(transport: transport)
        let jenny = try await controller.load(Endpoint<User>(serverURL: api, pathPrefix: "users", objectID: "867"))

        #expect(jenny == User(id: 867, name: "Jenny"))
        #expect(transport.session.configuration.httpMaximumConnectionsPerHost == 32)
        // Neither Foundation's URL cache nor its cookie handling is on unless asked for.
        #expect(transport.session.configuration.urlCache == nil)
        #expect(transport.session.configuration.httpCookieStorage == nil)
        #expect(transport.session.configuration.httpCookieAcceptPolicy == .never)
        try await server.stop()
    }

    @Test("Sending requests: transports")
    func transports() async throws {
        let server = try await TestHTTPServer.start { _ in .json(#"{"id":1,"name":"Ada"}"#) }
        let api = server.baseURL

        var httpConfiguration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        httpConfiguration.connectionPool.retryConnectionEstablishment = false
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: httpConfiguration)
        let controller = EndpointController<EndpointDefaultServerError>(
            transport: AsyncHTTPClientTransport(configuration: .init(client: httpClient))
        )
        let user = try await controller.load(Endpoint<User>(serverURL: api, pathPrefix: "users", objectID: "1"))

        #expect(user.name == "Ada")
        try await httpClient.shutdown()
        try await server.stop()
    }

    @Test("Sending requests: timeouts left to the transport")
    func timeoutsLeftToTheTransport() async throws {
        let server = try await TestHTTPServer.start { _ in .json(#"{"id":1,"name":"Ada"}"#) }
        let api = server.baseURL

        let fastClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let fastController = EndpointController<EndpointDefaultServerError>(
            transport: AsyncHTTPClientTransport(configuration: .init(client: fastClient, timeout: .seconds(30))),
            configuration: .init(enforcesTimeouts: false)
        )
        let ada = try await fastController.load(Endpoint<User>(serverURL: api, pathPrefix: "users", objectID: "1"))

        #expect(ada.name == "Ada")
        #expect(server.requests.map(\.path) == ["/users/1"])
        try await fastClient.shutdown()
        try await server.stop()
    }
}

/// A value guarded by a lock, for the examples' bookkeeping.
private final class Box<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// Issue 18: cursor paging, idempotency keys and resumable downloads.
extension SendingRequestsExamplesTests {
    @Test("Sending requests: idempotency keys")
    func idempotencyKeys() async throws {
        let calls = Box(0)
        let server = try await TestHTTPServer.start { _ in
            let call = calls.withLock { value -> Int in
                value += 1
                return value
            }
            return call == 1 ? .status(503, headers: [("Retry-After", "0")]) : .json(#"{"id":7,"name":"book"}"#)
        }
        let api = server.baseURL

        let controller = EndpointController<EndpointDefaultServerError>(
            configuration: .init(idempotencyKeys: .automatic)
        )
        let order = try await controller.load(
            Endpoint<User>(serverURL: api, pathPrefix: "orders", method: .post, body: JSONBodyParameters(["item": "book"]))
        )

        #expect(order.name == "book")
        let keys = server.requests.map { $0.header("Idempotency-Key") }
        #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1])

        let charge = Endpoint<User>(serverURL: api, pathPrefix: "charges", method: .post, body: JSONBodyParameters(["amount": 100]))
        let receipt = try await controller.load(charge, extraHeaders: .idempotencyKey())

        #expect(receipt.id == 7)
        #expect(server.requests.last?.header("Idempotency-Key").flatMap(UUID.init(uuidString:)) != nil)
        try await server.stop()
    }

    @Test("Sending requests: cursor paging")
    func cursorPaging() async throws {
        let server = try await TestHTTPServer.start { request in
            let after = request.query?.split(separator: "=").last.map(String.init)
            switch after {
            case nil: return .json(#"{"data":[{"id":"cus_1"},{"id":"cus_2"}],"has_more":true}"#)
            case "cus_2": return .json(#"{"data":[{"id":"cus_3"},{"id":"cus_4"}],"has_more":true}"#)
            default: return .json(#"{"data":[{"id":"cus_5"}],"has_more":false}"#)
            }
        }
        let api = server.baseURL
        let controller = EndpointController<EndpointDefaultServerError>()

        struct Customers: Decodable, EndpointCursorPageable {
            struct Customer: Decodable { var id: String }
            var data: [Customer]
            var has_more: Bool
            static var cursorLabel: String { "starting_after" }
            var pageItemCount: Int { data.count }
            var nextCursor: String? { data.last?.id }
            var morePagesFollow: Bool? { has_more }
        }

        var customers: [String] = []
        for try await page in controller.pages(of: Endpoint<Customers>(serverURL: api, pathPrefix: "v1/customers")) {
            customers += page.data.map(\.id)
        }

        #expect(customers == ["cus_1", "cus_2", "cus_3", "cus_4", "cus_5"])
        #expect(server.requests.map { $0.query ?? "" } == ["", "starting_after=cus_2", "starting_after=cus_4"])
        try await server.stop()
    }

    @Test("Sending requests: resumable downloads")
    func resumableDownloads() async throws {
        // The connection breaks once mid-body; without retries the first download fails with resume data.
        let file = PatternFile(size: 2_000_000)
        let serving = RangeServing(file: file, breaks: [900_000])
        let server = try await TestHTTPServer.start(handler: serving.reply)
        let api = server.baseURL
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let expectedSHA256 = file.sha256
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let controller = EndpointController<EndpointDefaultServerError>(
            transport: AsyncHTTPClientTransport(configuration: .init(client: httpClient)), configuration: .init(retryPolicy: .none)
        )

        let report = FileDownloadEndpoint(destination: folder.appendingPathComponent("report.bin"), serverURL: api, pathPrefix: "report")
        let download = controller.resumableDownload(report, options: ResumableDownloadOptions(checksum: .sha256(expectedSHA256)))
        do {
            _ = try await download.value
        } catch {
            if let resumeData = error.resumeData {
                let resumed = controller.resumableDownload(
                    report, options: ResumableDownloadOptions(checksum: .sha256(expectedSHA256), resumeData: resumeData)
                )
                _ = try await resumed.value
            }
        }

        #expect(try file.matches(folder.appendingPathComponent("report.bin")))
        #expect(serving.served.map(\.status) == [200, 206])
        try await httpClient.shutdown()
        try await server.stop()
    }
}
