import Foundation
import HTTPTypes
import Testing

@testable import EndpointKit

/// Issue 7 (redirects): the controller follows redirects itself, over transports told not to, so
/// credentials never follow one to another origin. Every case runs over both transports against
/// real servers; "another host" is `localhost` against `127.0.0.1`, which an HTTP client treats as
/// different origins on the same machine.
@Suite("Hardening: redirects")
struct RedirectTests {
    private static let secrets = ["Authorization": "Bearer redirect-s3cret", "app_id": "redirect-id", "app_key": "redirect-k3y"]
    private static let secretNames = ["Authorization", "app_id", "app_key"]

    @Test("A redirect on the same origin keeps the credentials", arguments: TransportKind.allCases)
    func sameOrigin(kind: TransportKind) async throws {
        try await withServer({ request in
            request.path == "/start" ? .status(302, headers: [("Location", "/user?from=start")]) : .json(#"{"id":1,"name":"Ada"}"#)
        }) { server in
            let controller = makeController(kind, retryPolicy: .none)
            let events = controller.events()
            let user = try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "start", headerFields: Self.secrets))
            #expect(user == User(id: 1, name: "Ada"))
            let final = try #require(server.requests(to: "/user").first)
            #expect(final.query == "from=start")
            for name in Self.secretNames { #expect(final.header(name) == Self.secrets[name], "\(kind): \(name) kept on the same origin") }
            let metrics = await Self.finished(events)
            #expect(metrics?.attempts == 1 && metrics?.redirects == 1, "\(kind): \(String(describing: metrics))")
        }
    }

    @Test("A redirect to another host leaves out Authorization, app_id and app_key, and keeps the rest", arguments: TransportKind.allCases)
    func crossOrigin(kind: TransportKind) async throws {
        try await withServer({ _ in .json(#"{"id":2,"name":"Elsewhere"}"#) }) { other in
            try await withServer({ _ in .status(307, headers: [("Location", "http://localhost:\(other.port)/moved?x=1")]) }) { server in
                let controller = makeController(kind, retryPolicy: .none)
                var headers = Self.secrets
                headers["X-Trace"] = "trace-1"
                let user = try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "away", headerFields: headers))
                #expect(user == User(id: 2, name: "Elsewhere"))
                let arrived = try #require(other.requests.first)
                #expect(other.requests.count == 1 && arrived.uri == "/moved?x=1")
                for name in Self.secretNames { #expect(arrived.header(name) == nil, "\(kind): \(name) followed the redirect to another host") }
                #expect(arrived.header("X-Trace") == "trace-1", "\(kind): other headers follow")
                #expect(arrived.header("Host") == "localhost:\(other.port)")
            }
        }
    }

    @Test("A token an interceptor adds is not re-added for another host", arguments: TransportKind.allCases)
    func interceptorNotReapplied(kind: TransportKind) async throws {
        try await withServer({ _ in .json(#"{"id":2,"name":"Elsewhere"}"#) }) { other in
            try await withServer({ _ in .status(302, headers: [("Location", "http://localhost:\(other.port)/moved")]) }) { server in
                let bearer = BearerTokenAuthenticator(initialToken: "interceptor-s3cret") { "refreshed-s3cret" }
                let controller = makeController(kind, retryPolicy: .none, interceptors: [bearer])
                _ = try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "away"))
                #expect(server.requests.first?.header("Authorization") == "Bearer interceptor-s3cret")
                #expect(other.requests.count == 1 && other.requests.first?.header("Authorization") == nil, "\(kind)")
            }
        }
    }

    @Test(
        "303 and a POST's 301/302 continue as a body-less GET; 307 and 308 keep the method and the body",
        arguments: TransportKind.allCases, [(303, "GET"), (301, "GET"), (302, "GET"), (307, "POST"), (308, "POST")])
    func methodRewriting(kind: TransportKind, redirect: (status: Int, method: String)) async throws {
        try await withServer({ request in
            request.path == "/form" ? .status(redirect.status, headers: [("Location", "/done")]) : .json(#"{"id":3,"name":"Done"}"#)
        }) { server in
            let controller = makeController(kind, retryPolicy: .none)
            let endpoint = Endpoint<User>(
                serverURL: server.baseURL, pathPrefix: "form", method: .post, body: JSONBodyParameters(["name": "Grace"]))
            let user = try await controller.load(endpoint)
            #expect(user == User(id: 3, name: "Done"))
            let done = try #require(server.requests(to: "/done").first)
            #expect(done.method == redirect.method, "\(kind) \(redirect.status)")
            if redirect.method == "GET" {
                #expect(done.bodyCount == 0 && done.header("Content-Type") == nil, "\(kind) \(redirect.status): the body is dropped")
            } else {
                #expect(String(decoding: done.body, as: UTF8.self) == #"{"name":"Grace"}"#, "\(kind) \(redirect.status): the body is sent again")
                #expect(done.header("Content-Type") == "application/json")
            }
        }
    }

    @Test("A redirect loop stops after 10 redirects with .tooManyRedirects", arguments: TransportKind.allCases)
    func loop(kind: TransportKind) async throws {
        try await withServer({ request in
            .status(302, headers: [("Location", request.path == "/a" ? "/b" : "/a")])
        }) { server in
            let controller = makeController(kind, retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10)))
            let error = await #expect(throws: EndpointError.self) {
                try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "a"))
            }
            guard case .tooManyRedirects(let limit)? = error?.kind else { Issue.record("\(kind): \(String(describing: error))"); return }
            #expect(limit == 10 && error?.attempts == 1)
            #expect(server.requests.count == 11, "\(kind): the first send and 10 redirects, not retried")
            #expect(error?.description == "GET /a: more than 10 redirects")
        }
    }

    @Test(
        "A Location that is missing, not http(s) or carries user credentials is refused, and never echoed with secrets",
        arguments: TransportKind.allCases, [
            ("", "has no Location header"), ("ftp://127.0.0.1/file", "scheme \"ftp\" is not http or https"),
            ("http://user:pa55word@localhost/x?token=t0ken", "carries user credentials"),
            ("//", "has no host"),
        ])
    func badLocation(kind: TransportKind, location: (value: String, reason: String)) async throws {
        try await withServer({ _ in
            .status(301, headers: location.value.isEmpty ? [] : [("Location", location.value)])
        }) { server in
            let controller = makeController(kind, retryPolicy: .none)
            let error = await #expect(throws: EndpointError.self) {
                try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "old"))
            }
            guard case .invalidRedirect(let status, _, let reason)? = error?.kind else {
                Issue.record("\(kind): \(String(describing: error))")
                return
            }
            #expect(status == 301 && reason.contains(location.reason), "\(kind): \(reason)")
            let description = String(describing: error)
            #expect(!description.contains("pa55word") && !description.contains("t0ken"), "\(description)")
            #expect(server.requests.count == 1)
        }
    }

    @Test("RedirectPolicy.none returns the 3xx as an unacceptable status; a request that accepts 3xx gets it", arguments: TransportKind.allCases)
    func notFollowing(kind: TransportKind) async throws {
        try await withServer({ request in
            request.path == "/old" ? .text("moved", status: 301, headers: [("Location", "/new")]) : .json(#"{"id":1,"name":"Ada"}"#)
        }) { server in
            let controller = EndpointController<EndpointDefaultServerError>(
                transport: kind.make(), configuration: .init(retryPolicy: .none, redirectPolicy: .none, notificationCenter: nil))
            let error = await #expect(throws: EndpointError.self) {
                try await controller.load(Endpoint<User>(serverURL: server.baseURL, pathPrefix: "old"))
            }
            #expect(error?.status?.code == 301, "\(kind): \(String(describing: error))")

            let following = makeController(kind, retryPolicy: .none)
            let accepting = Endpoint<String>(serverURL: server.baseURL, pathPrefix: "old", acceptableStatusCodes: 200..<400) { body, response in
                "\(response.status.code) \(String(decoding: body, as: UTF8.self))"
            }
            let answer = try await following.load(accepting)
            #if canImport(FoundationNetworking)
            // swift-corelibs-foundation drops the body of a redirect a task delegate refused when it
            // collects the answer itself; a session delegate that streams it gets the body.
            #expect(answer == ([.urlSession, .endpointKitURLSession].contains(kind) ? "301 " : "301 moved"), "\(kind)")
            #else
            #expect(answer == "301 moved", "\(kind)")
            #endif
            #expect(server.requests(to: "/new").isEmpty)
        }
    }

    @Test("A download that redirects to another host arrives complete, without the credentials", arguments: TransportKind.allCases)
    func download(kind: TransportKind) async throws {
        let size = 300_000
        try await withServer({ _ in .init(status: 200, headers: [("Content-Type", "application/octet-stream")], body: .generated(count: size, chunk: 16_384, delayPerChunk: nil)) }) { cdn in
            try await withServer({ _ in .status(302, headers: [("Location", "http://localhost:\(cdn.port)/blob")]) }) { server in
                let directory = try TemporaryDirectory()
                let destination = directory.url.appendingPathComponent("blob.bin")
                let controller = makeController(kind, retryPolicy: .none)
                let endpoint = FileDownloadEndpoint(
                    destination: destination, serverURL: server.baseURL, pathPrefix: "files/blob", headerFields: Self.secrets)
                let file = try await controller.load(endpoint)
                #expect(file == destination)
                #expect(try Data(contentsOf: destination).count == size)
                #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["blob.bin"], "no temporary file left")
                for name in Self.secretNames { #expect(cdn.requests.first?.header(name) == nil, "\(kind): \(name)") }
            }
        }
    }

    /// The metrics of the next finished request.
    private static func finished(_ events: AsyncStream<EndpointEvent>) async -> RequestMetrics? {
        for await event in events {
            if case .requestFinished(_, let metrics) = event { return metrics }
        }
        return nil
    }
}
