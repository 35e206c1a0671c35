import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

@Suite("RetryPolicy")
struct RetryPolicyTests {
    @Test("Retry-After as delay-seconds and as an HTTP date in each RFC 9110 form")
    func retryAfterParsing() {
        let now = Date(timeIntervalSince1970: 784_111_747)  // Sun, 06 Nov 1994 08:49:07 GMT
        #expect(RetryPolicy.retryAfter("120", now: now) == .seconds(120))
        #expect(RetryPolicy.retryAfter(" 0 ", now: now) == .zero)
        #expect(RetryPolicy.retryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == .seconds(30))
        #expect(RetryPolicy.retryAfter("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == .seconds(30))
        #expect(RetryPolicy.retryAfter("Sun Nov  6 08:49:37 1994", now: now) == .seconds(30))
        #expect(RetryPolicy.retryAfter("Sun, 06 Nov 1994 08:48:37 GMT", now: now) == .zero)
        #expect(RetryPolicy.retryAfter("-5", now: now) == nil)
        #expect(RetryPolicy.retryAfter("soon", now: now) == nil)
        #expect(RetryPolicy.retryAfter(nil, now: now) == nil)
        #expect(HTTPDate.format(now) == "Sun, 06 Nov 1994 08:49:07 GMT")
    }

    @Test("only idempotent methods, up to maxAttempts, within the budget")
    func limits() {
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), maxDelay: .seconds(1), totalBudget: .seconds(5))
        #expect(policy.delay(afterAttempt: 1, method: .get, elapsed: .zero, retryAfter: nil) != nil)
        #expect(policy.delay(afterAttempt: 2, method: .put, elapsed: .zero, retryAfter: nil) != nil)
        #expect(policy.delay(afterAttempt: 3, method: .get, elapsed: .zero, retryAfter: nil) == nil)
        #expect(policy.delay(afterAttempt: 1, method: .post, elapsed: .zero, retryAfter: nil) == nil)
        #expect(policy.delay(afterAttempt: 1, method: .patch, elapsed: .zero, retryAfter: nil) == nil)
        #expect(policy.delay(afterAttempt: 1, method: .get, elapsed: .seconds(5), retryAfter: nil) == nil)
        #expect(policy.delay(afterAttempt: 1, method: .get, elapsed: .zero, retryAfter: .milliseconds(700)) == .milliseconds(700))
        #expect(policy.delay(afterAttempt: 1, method: .get, elapsed: .zero, retryAfter: .seconds(2)) == nil)
        #expect(policy.delay(afterAttempt: 1, method: .get, elapsed: .milliseconds(4500), retryAfter: .milliseconds(700)) == nil)
        #expect(RetryPolicy.none.delay(afterAttempt: 1, method: .get, elapsed: .zero, retryAfter: nil) == nil)
    }

    @Test("full jitter: uniform between zero and the exponential ceiling, capped by maxDelay")
    func jitter() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: .milliseconds(100), maxDelay: .milliseconds(500), totalBudget: .seconds(60))
        for (attempt, ceiling) in [(1, Duration.milliseconds(100)), (2, .milliseconds(200)), (3, .milliseconds(400)), (4, .milliseconds(500)), (9, .milliseconds(500))] {
            let delays = (0..<2000).compactMap { _ in policy.delay(afterAttempt: attempt, method: .get, elapsed: .zero, retryAfter: nil) }
            #expect(delays.count == 2000)
            #expect(delays.allSatisfy { $0 >= .zero && $0 <= ceiling })
            // Spread over the whole range, not bunched at either end.
            #expect(delays.contains { $0 < ceiling / 4 })
            #expect(delays.contains { $0 > ceiling * 3 / 4 })
        }
    }

    @Test("paging stops at an empty page without delivering it")
    func emptyPage() async throws {
        let transport = StubTransport()
        transport.stub(.get, "/items?page=1&per_page=30", with: .json("[" + Array(repeating: #"{"n":1}"#, count: 30).joined(separator: ",") + "]"))
        transport.stub(.get, "/items?page=2&per_page=30", with: .json("[]"))
        let controller = EndpointController<EndpointDefaultServerError>(transport: transport, configuration: .init(notificationCenter: nil))
        var counts: [Int] = []
        for try await page in controller.pages(of: Endpoint<[PagedItem]>(serverURL: URL(string: "http://x.test")!, pathPrefix: "items")) {
            counts.append(page.count)
        }
        #expect(counts == [30])
        #expect(transport.requests.count == 2)
    }
}

/// An item of a list payload that is pageable as a plain array.
private struct PagedItem: Decodable, Sendable {
    var n: Int
}

extension Array: EndpointPageable where Element == PagedItem {}
