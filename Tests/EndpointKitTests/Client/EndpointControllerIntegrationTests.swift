import Foundation
import HTTPTypes
import LogCapture
import Logging
import ProcessTesting
import Testing

@testable import EndpointKit

private struct Page: Decodable, Sendable, EndpointPageable, EndpointPageContent {
    static var perPage: Int { 2 }
    var items: [Int]
    var pageItemCount: Int { items.count }
}

/// Integration tests against a real HTTP server on 127.0.0.1, with both transports.
@Suite("EndpointController against a real server")
struct EndpointControllerIntegrationTests {
    @Test("typed decode of a JSON answer", arguments: TransportKind.allCases)
    func typedDecode(kind: TransportKind) async throws {
        try await withServer({ request in
            request.path == "/api/users/867" ? .json(#"{"id":867,"name":"Jenny"}"#) : .status(404)
        }) { server in
            let controller = makeController(kind)
            let endpoint = Endpoint<User>(serverURL: server.baseURL.appendingPathComponent("api"), pathPrefix: "users", objectID: "867")
            let user = try await controller.load(endpoint)
            #expect(user == User(id: 867, name: "Jenny"))
            #expect(server.requests.count == 1)
        }
    }

    @Test("the server's error body is decoded into the controller's ServerError", arguments: TransportKind.allCases)
    func serverError(kind: TransportKind) async throws {
        try await withServer({ _ in
            .json(#"{"error":"NotFound","reason":"No user 9","detail":"https://docs.example/errors/404"}"#, status: 404)
        }) { server in
            let controller = makeController(kind)
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "users", objectID: "9", queryParameters: ["token": "s3cret"])
            do {
                _ = try await controller.load(endpoint)
                Issue.record("expected an error")
            } catch let error as EndpointError {
                #expect(error.status == .notFound)
                #expect(error.attempts == 1)
                #expect(error.serverError(as: EndpointDefaultServerError.self)
                    == EndpointDefaultServerError(error: "NotFound", reason: "No user 9", detail: "https://docs.example/errors/404"))
                #expect(error.description == "GET /users/9: unacceptable status 404 Not Found: NotFound: No user 9 (https://docs.example/errors/404)")
                #expect(!error.description.contains("s3cret"))
            }
        }
    }

    @Test("an endpoint's own server error type overrides the controller's", arguments: TransportKind.allCases)
    func serverErrorOverride(kind: TransportKind) async throws {
        struct GitHubError: EndpointServerError {
            let message: String
            var error: String? { nil }
            var reason: String? { message }
            var detail: String? { nil }
        }
        try await withServer({ _ in .json(#"{"message":"Bad credentials"}"#, status: 403) }) { server in
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "user", serverErrorType: GitHubError.self)
            do {
                _ = try await makeController(kind).load(endpoint)
                Issue.record("expected an error")
            } catch let error as EndpointError {
                #expect(error.serverError(as: GitHubError.self)?.message == "Bad credentials")
                #expect(error.serverError(as: EndpointDefaultServerError.self) == nil)
            }
        }
    }

    @Test("401 posts the unauthorized event and notification", arguments: TransportKind.allCases)
    func unauthorized(kind: TransportKind) async throws {
        try await withServer({ _ in .json(#"{"reason":"token expired"}"#, status: 401) }) { server in
            let center = NotificationCenter()
            let controller = makeController(kind, notificationCenter: center)
            let notified = Locked(0)
            let observer = center.addObserver(forName: .endpointValidationError401Unauthorized, object: controller, queue: nil) { _ in
                notified.withLock { $0 += 1 }
            }
            defer { center.removeObserver(observer) }
            let events = controller.events()
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "me")
            await #expect(throws: EndpointError.self) { try await controller.load(endpoint) }
            var seen: [String] = []
            for await event in events {
                switch event {
                case .requestStarted: seen.append("started")
                case .unauthorized: seen.append("unauthorized")
                case .requestFinished(_, let metrics):
                    seen.append("finished \(metrics.status ?? 0) \(metrics.succeeded)")
                case .serverUnreachable, .serverNotResponding: seen.append("other")
                }
                if seen.count == 3 { break }
            }
            #expect(seen == ["started", "unauthorized", "finished 401 false"])
            #expect(notified.withLock { $0 } == 1)
        }
    }

    @Test("a closed port is unreachable: event, notification, retried by the policy", arguments: TransportKind.allCases)
    func unreachable(kind: TransportKind) async throws {
        let refusing = try TestHTTPServer.RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        let center = NotificationCenter()
        // AsyncHTTPClient's default retries a refused connection until its connect timeout (10 s)
        // and reports a timeout; a client without that retry reports the refusal at once.
        let transport = kind.makeWithoutConnectionRetries()
        let controller = EndpointController<EndpointDefaultServerError>(
            transport: transport,
            configuration: .init(retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(5)), notificationCenter: center))
        let notified = Locked(0)
        let observer = center.addObserver(forName: .endpointServerUnreachable, object: nil, queue: nil) { _ in
            notified.withLock { $0 += 1 }
        }
        defer { center.removeObserver(observer) }
        let endpoint = Endpoint<User>(serverURL: URL(string: "http://127.0.0.1:\(port)")!, pathPrefix: "users")
        do {
            _ = try await controller.load(endpoint)
            Issue.record("expected an error")
        } catch {
            guard case .transport(.unreachable) = error.kind else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(error.attempts == 2)
            #expect(error.description.hasPrefix("GET /users: server unreachable"))
        }
        #expect(notified.withLock { $0 } == 2)
    }

    @Test("a server slower than the timeout: timed out, the not-responding event, no hang", arguments: TransportKind.allCases)
    func timeout(kind: TransportKind) async throws {
        try await TestScheduling.timed {
            try await withServer({ _ in
                try? await Task.sleep(for: .seconds(10))
                return .json("{}")
            }) { server in
                let controller = makeController(kind, retryPolicy: .none, timeout: .milliseconds(300))
                let events = controller.events()
                let started = ContinuousClock.now
                do {
                    _ = try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "slow"))
                    Issue.record("expected an error")
                } catch let error as EndpointError {
                    guard case .transport(.timedOut) = error.kind else {
                        Issue.record("expected a timeout, got \(error)")
                        return
                    }
                }
                // Well below the server's 10 s: the timeout ended the wait, even on a loaded machine.
                #expect(ContinuousClock.now - started < .seconds(5).underSanitizers)
                var sawNotResponding = false
                for await event in events {
                    if case .serverNotResponding = event { sawNotResponding = true }
                    if case .requestFinished = event { break }
                }
                #expect(sawNotResponding)
            }
        }
    }

    @Test("enforcesTimeouts off: the attempt runs in the caller's task, past the controller's timeout, and the caller's cancel still ends it", arguments: TransportKind.allCases)
    func timeoutsLeftToTheTransport(kind: TransportKind) async throws {
        try await TestScheduling.timed {
            try await withServer({ request in
                try? await Task.sleep(for: request.path == "/slow" ? .seconds(10) : .milliseconds(600))
                return .json(#"{"id":1,"name":"Ada"}"#)
            }) { server in
                let controller = EndpointController<EndpointDefaultServerError>(
                    transport: kind.make(),
                    configuration: .init(retryPolicy: .none, timeout: .milliseconds(150), enforcesTimeouts: false, notificationCenter: nil))
                // 600 ms against a 150 ms timeout the controller does not enforce: answered.
                let user = try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "users"))
                #expect(user.name == "Ada")

                let started = ContinuousClock.now
                let load = Task { try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "slow")) }
                while server.requests.count < 2 && ContinuousClock.now - started < .seconds(5).underSanitizers {
                    try await Task.sleep(for: .milliseconds(10))
                }
                load.cancel()
                try await expectCancelled { try await load.value }
                // Well below the server's 10 s.
                #expect(ContinuousClock.now - started < .seconds(5).underSanitizers)
            }
        }
    }

    @Test("503 with Retry-After: 1 is retried after a second; attempts counted on the server", arguments: TransportKind.allCases)
    func retryAfter(kind: TransportKind) async throws {
        try await TestScheduling.timed {
            let calls = Locked(0)
            try await withServer({ _ in
                let call = calls.increment()
                return call == 1 ? .status(503, headers: [("Retry-After", "1")]) : .json(#"{"id":1,"name":"Ada"}"#)
            }) { server in
                let controller = makeController(kind, retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1)))
                let started = ContinuousClock.now
                let user = try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "users", objectID: "1"))
                let elapsed = ContinuousClock.now - started
                #expect(user.name == "Ada")
                #expect(server.requests.count == 2)
                #expect(elapsed >= .seconds(1))
                #expect(elapsed < .seconds(10).underSanitizers)
            }
        }
    }

    @Test("POST is not retried by default; PUT is", arguments: TransportKind.allCases)
    func postNotRetried(kind: TransportKind) async throws {
        try await withServer({ _ in .status(503) }) { server in
            let controller = makeController(kind, retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1)))
            let post = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "orders", method: .post, body: JSONBodyParameters(["item": 1]))
            do {
                _ = try await controller.load(post)
                Issue.record("expected an error")
            } catch let error as EndpointError {
                #expect(error.status == .serviceUnavailable)
                #expect(error.attempts == 1)
            }
            #expect(server.requests(to: "/orders").count == 1)
            #expect(server.requests(to: "/orders").first?.body == Array(#"{"item":1}"#.utf8))

            let put = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "items", method: .put, body: JSONBodyParameters(["item": 1]))
            await #expect(throws: EndpointError.self) { try await controller.load(put) }
            #expect(server.requests(to: "/items").count == 3)
            #expect(server.requests(to: "/items").allSatisfy { $0.body == Array(#"{"item":1}"#.utf8) })
        }
    }

    @Test("paging across three pages stops at the short page", arguments: TransportKind.allCases)
    func paging(kind: TransportKind) async throws {
        try await withServer({ request in
            switch request.query ?? "" {
            case "page=1&per_page=2": .json(#"{"items":[1,2]}"#)
            case "page=2&per_page=2": .json(#"{"items":[3,4]}"#)
            case "page=3&per_page=2": .json(#"{"items":[5]}"#)
            default: .status(400)
            }
        }) { server in
            let controller = makeController(kind)
            var items: [Int] = []
            for try await page in controller.pages(of: Endpoint<Page>(serverURL: server.baseURL, pathPrefix: "numbers")) {
                items += page.items
            }
            #expect(items == [1, 2, 3, 4, 5])
            #expect(server.requests.count == 3)
        }
    }

    @Test("paging stops when the Link header has no rel=\"next\"", arguments: TransportKind.allCases)
    func pagingByLink(kind: TransportKind) async throws {
        try await withServer({ request in
            let page = request.query?.hasPrefix("page=2&") == true ? 2 : 1
            let link = page == 1 ? #"<http://x/numbers?page=2>; rel="next", <http://x/numbers?page=2>; rel="last""# : #"<http://x/numbers?page=1>; rel="first""#
            return .json(#"{"items":[\#(page),\#(page)]}"#, headers: [("Link", link)])
        }) { server in
            var pages = 0
            for try await _ in makeController(kind).pages(of: Endpoint<Page>(serverURL: server.baseURL, pathPrefix: "numbers")) {
                pages += 1
            }
            #expect(pages == 2)
            #expect(server.requests.count == 2)
        }
    }

    @Test("answers as Data, String, EmptyResponse (204) and through a parse closure", arguments: TransportKind.allCases)
    func responseKinds(kind: TransportKind) async throws {
        try await withServer({ request in
            switch request.path {
            case "/raw": .text("\u{0}\u{1}binary", contentType: "application/octet-stream")
            case "/text": .text("héllo")
            case "/empty": .status(204)
            default: .text("42;43")
            }
        }) { server in
            let controller = makeController(kind)
            let raw = try await controller.load(Endpoint<Data>(serverURL: server.baseURL, pathPrefix: "raw"))
            #expect(raw == Data("\u{0}\u{1}binary".utf8))
            let text = try await controller.load(Endpoint<String>(serverURL: server.baseURL, pathPrefix: "text"))
            #expect(text == "héllo")
            let empty = try await controller.load(Endpoint<EmptyResponse>(serverURL: server.baseURL, pathPrefix: "empty", method: .delete))
            #expect(empty == EmptyResponse())
            let parsed = Endpoint<[Int]>(serverURL: server.baseURL, pathPrefix: "csv") { body, response in
                #expect(response.status == .ok)
                return String(decoding: body, as: UTF8.self).split(separator: ";").compactMap { Int($0) }
            }
            let numbers = try await controller.load(parsed)
            #expect(numbers == [42, 43])
        }
    }

    @Test("decoding failures name the coding path; a non-JSON content type is refused", arguments: TransportKind.allCases)
    func decodingFailures(kind: TransportKind) async throws {
        try await withServer({ request in
            request.path == "/html" ? .text("<html>oops</html>", contentType: "text/html") : .json(#"{"id":"seven","name":"X"}"#)
        }) { server in
            let controller = makeController(kind)
            do {
                _ = try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "users"))
                Issue.record("expected an error")
            } catch let error as EndpointError {
                guard case .decoding(let codingPath, _, let excerpt) = error.kind else {
                    Issue.record("expected a decoding error, got \(error)")
                    return
                }
                #expect(codingPath == "$.id")
                #expect(excerpt == #"{"id":"seven","name":"X"}"#)
            }
            do {
                _ = try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "html"))
                Issue.record("expected an error")
            } catch let error as EndpointError {
                guard case .unacceptableContentType(let contentType, _) = error.kind else {
                    Issue.record("expected a content type error, got \(error)")
                    return
                }
                #expect(contentType == "text/html")
            }
        }
    }

    @Test("concurrent 401s refresh the token once; every request is replayed with it", arguments: TransportKind.allCases)
    func singleFlightRefresh(kind: TransportKind) async throws {
        try await withServer({ request in
            try? await Task.sleep(for: .milliseconds(20))
            return request.header("Authorization") == "Bearer fresh" ? .json(#"{"id":1,"name":"Ada"}"#) : .status(401)
        }) { server in
            let authenticator = BearerTokenAuthenticator(initialToken: "stale") {
                try await Task.sleep(for: .milliseconds(100))
                return "fresh"
            }
            let controller = makeController(kind, interceptors: [authenticator])
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "me")
            let users = try await withThrowingTaskGroup(of: User.self) { group in
                for _ in 0..<8 { group.addTask { try await controller.load(endpoint) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(users.count == 8)
            #expect(await authenticator.fetchCount == 1)
            #expect(server.requests.filter { $0.header("Authorization") == "Bearer fresh" }.count == 8)
        }
    }

    @Test("the completion handler delivers a Result on the given queue", arguments: TransportKind.allCases)
    func completionHandler(kind: TransportKind) async throws {
        try await withServer({ _ in .json(#"{"id":2,"name":"Bo"}"#) }) { server in
            let controller = makeController(kind)
            let queue = DispatchQueue(label: "completion")
            let key = DispatchSpecificKey<String>()
            queue.setSpecific(key: key, value: "completion")
            let result = await withCheckedContinuation { (continuation: CheckedContinuation<(Result<User, EndpointError>, String?), Never>) in
                controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "u"), queue: queue) { result in
                    continuation.resume(returning: (result, DispatchQueue.getSpecific(key: key)))
                }
            }
            let user = try result.0.get()
            #expect(user == User(id: 2, name: "Bo"))
            #expect(result.1 == "completion")
        }
    }

    @Test("metrics: attempts, status, bytes and durations of every request", arguments: TransportKind.allCases)
    func metrics(kind: TransportKind) async throws {
        let calls = Locked(0)
        try await withServer({ _ in
            let call = calls.increment()
            return call == 1 ? .status(502) : .json(#"{"id":3,"name":"Cy"}"#)
        }) { server in
            let controller = makeController(kind)
            let events = controller.events()
            _ = try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "u", method: .put, body: JSONBodyParameters(["a": 1])))
            for await event in events {
                guard case .requestFinished(let summary, let metrics) = event else { continue }
                #expect(summary.method == .put)
                #expect(metrics.attempts == 2)
                #expect(metrics.status == 200)
                #expect(metrics.succeeded)
                #expect(metrics.bytesSent == 14)
                #expect(metrics.bytesReceived == Int64(#"{"id":3,"name":"Cy"}"#.utf8.count))
                #expect(metrics.firstByte != nil && metrics.firstByte! <= metrics.total)
                #expect(metrics.queued <= metrics.total)
                break
            }
        }
    }

    @Test("logs: one debug line per request; headers at trace; secrets redacted", arguments: TransportKind.allCases)
    func logging(kind: TransportKind) async throws {
        try await withServer({ _ in .json(#"{"id":4,"name":"Di"}"#, headers: [("Set-Cookie", "session=abc123")]) }) { server in
            let lines = CapturingLogHandler.Lines()
            let logger = Logger(label: "test") { _ in CapturingLogHandler(store: lines) }
            let controller = makeController(kind, logger: logger)
            let endpoint = Endpoint<User>(
                serverURL: server.baseURL, pathPrefix: "entries", queryParameters: ["app_key": "k-123", "q": "ace"],
                headerFields: ["app_id": "id-456", "Accept": "application/json"])
            _ = try await controller.load(endpoint)
            let log = lines.all.joined(separator: "\n")
            #expect(log.contains("debug GET \(server.baseURL.absoluteString)/entries?app_key=<redacted>&q=ace → 200 in "))
            #expect(log.contains("trace → app_id: <redacted>"))
            #expect(log.contains("trace → Accept: application/json"))
            #expect(log.contains("trace ← Set-Cookie: <redacted>"))
            #expect(!log.contains("k-123"))
            #expect(!log.contains("id-456"))
            #expect(!log.contains("abc123"))
        }
    }

    @Test("cancelling the calling task cancels the request, without retries")
    func cancellation() async throws {
        try await TestScheduling.timed {
            try await withServer({ _ in
                try? await Task.sleep(for: .seconds(10))
                return .json("{}")
            }) { server in
                let controller = makeController(.asyncHTTPClient)
                let task = Task { try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "slow")) }
                // Cancel once the request is at the server (not after a fixed delay, which a loaded
                // machine can outlast before the request is even sent).
                #expect(await server.waitForRequests(1))
                task.cancel()
                let started = ContinuousClock.now
                if let error = try await expectCancelled({ try await task.value }) {
                    #expect(error.attempts == 1)
                }
                #expect(ContinuousClock.now - started < .seconds(5).underSanitizers)
                #expect(server.requests.count == 1)
            }
        }
    }
}

@Suite("Blocking loads")
struct BlockingLoadTests {
    @Test("loadBlocking works from a plain thread and refuses inside a task")
    func blocking() async throws {
        try await withServer({ _ in .json(#"{"id":9,"name":"Flo"}"#) }) { server in
            let controller = makeController(.asyncHTTPClient)
            let endpoint = Endpoint<User>(serverURL: server.baseURL, pathPrefix: "u")
            let fromThread = await withCheckedContinuation { (continuation: CheckedContinuation<Result<User, EndpointError>, Never>) in
                let thread = Thread {
                    do throws(EndpointError) {
                        continuation.resume(returning: .success(try controller.loadBlocking(endpoint)))
                    } catch {
                        continuation.resume(returning: .failure(error))
                    }
                }
                thread.start()
            }
            let user = try fromThread.get()
            #expect(user == User(id: 9, name: "Flo"))
            do {
                _ = try controller.loadBlocking(endpoint)
                Issue.record("expected a refusal")
            } catch let error as EndpointError {
                guard case .invalidRequest(.blockingCallInAsyncContext) = error.kind else {
                    Issue.record("expected a refusal, got \(error)")
                    return
                }
            }
        }
    }
}
