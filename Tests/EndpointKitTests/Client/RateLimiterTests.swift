import EndpointKitTesting
import Foundation
import ProcessTesting
import Testing

@testable import EndpointKit

@Suite("RateLimiter")
struct RateLimiterTests {
    @Test("at most `limit` requests start within a window; the others wait, none fails")
    func waits() async throws {
        try await TestScheduling.timed {
            let transport = StubTransport()
            transport.stub(.get, "/x", with: .json("[]"))
            let limiter = RateLimiter(limit: 3, per: .milliseconds(300))
            let controller = EndpointController<EndpointDefaultServerError>(
                transport: transport, configuration: .init(interceptors: [limiter], notificationCenter: nil))
            let endpoint = Endpoint<[Int]>(serverURL: URL(string: "http://x.test")!, pathPrefix: "x")
            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<7 { group.addTask { _ = try await controller.load(endpoint) } }
                try await group.waitForAll()
            }
            let elapsed = ContinuousClock.now - started
            #expect(transport.requests.count == 7)
            // 7 requests at 3 per 300 ms need two full windows of waiting.
            #expect(elapsed >= .milliseconds(600))
            #expect(elapsed < .seconds(20).underSanitizers, "a hang, not a slow machine")
        }
    }

    @Test("a waiting request is cancelled with its task")
    func cancellation() async throws {
        try await TestScheduling.timed {
            let transport = StubTransport()
            transport.stub(.get, "/x", with: .json("[]"))
            // A window far longer than any stall of a loaded machine, so the second request can only
            // end by its cancellation.
            let limiter = RateLimiter(limit: 1, per: .seconds(600))
            let controller = EndpointController<EndpointDefaultServerError>(
                transport: transport, configuration: .init(interceptors: [limiter], notificationCenter: nil))
            let endpoint = Endpoint<[Int]>(serverURL: URL(string: "http://x.test")!, pathPrefix: "x")
            _ = try await controller.load(endpoint)
            let waiting = Task { try await controller.load(endpoint) }
            try await Task.sleep(for: .milliseconds(100))
            waiting.cancel()
            try await expectCancelled { try await waiting.value }
            #expect(transport.requests.count == 1)
            #expect(RateLimiter.perMinute().limit == 60)
        }
    }
}
