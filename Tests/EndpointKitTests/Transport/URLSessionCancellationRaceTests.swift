@testable import EndpointKit
import Foundation
import HTTPTypes
import OpenAPIRuntime
import ProcessTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``URLSessionEndpointTransport`` stopped (by its caller, or by its deadline) at the moment its
/// answer arrives, hundreds of times over, against a real server on loopback.
///
/// On Linux, `URLSession.data(for:)` cancelled in that moment deadlocks: the Swift runtime holds
/// the cancelled task's status lock while Foundation's cancellation handler waits for the session's
/// work queue, and the work queue waits for that lock to resume the same task. The session's work
/// queue then never runs again, so every later request on the session hangs too. Before the
/// transport stopped using `data(for:)` there, this test hung within the first few dozen trials.
@Suite("URLSessionEndpointTransport: cancellation racing the answer")
struct URLSessionCancellationRaceTests {
    /// How a trial ended.
    enum Outcome: Equatable {
        case answered
        case stopped
    }

    /// One exchange whose whole answer is read.
    private static func exchange(
        _ transport: URLSessionEndpointTransport, _ server: TestHTTPServer, timeout: Duration?
    ) async throws -> Outcome {
        let head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/race")
        let (response, body) = if let timeout {
            try await transport.send(head, body: nil, baseURL: server.baseURL, operationID: "", timeout: timeout)
        } else {
            try await transport.send(head, body: nil, baseURL: server.baseURL, operationID: "")
        }
        let answer = try await Data(collecting: try #require(body), upTo: 1 << 16)
        #expect(response.status == .ok && answer == Data(#"{"ok":true}"#.utf8))
        return .answered
    }

    @Test(
        "Cancelled by the caller or stopped by its deadline as the answer arrives, an exchange ends, and the session goes on",
        arguments: [URLSessionEndpointTransport.ResponseDelivery.buffered, .streamed], [true, false])
    func stoppingAsTheAnswerArrives(delivery: URLSessionEndpointTransport.ResponseDelivery, ephemeral: Bool) async throws {
        // 600 exchanges in quick succession, each with a time limit: beside timed tests, they
        // would starve those tests' timers, and be starved by heavy ones.
        try await TestScheduling.exclusively { try await stopAsTheAnswerArrives(delivery: delivery, ephemeral: ephemeral) }
    }

    private func stopAsTheAnswerArrives(delivery: URLSessionEndpointTransport.ResponseDelivery, ephemeral: Bool) async throws {
        try await withServer(recordsRequests: false, { _ in .json(#"{"ok":true}"#) }) { server in
            // Foundation takes another way to a task's start with a URL cache (`.ephemeral` has
            // one) than without (the API client configuration has none).
            let configuration = ephemeral ? URLSessionConfiguration.ephemeral : URLSessionEndpointTransport.apiClientConfiguration()
            let transport = URLSessionEndpointTransport(configuration: configuration, responseDelivery: delivery)
            defer { transport.session.finishTasksAndInvalidate() }
            // Stop each exchange at a moment spread over how long a warm one takes here (the first
            // also connects), within 0.2 to 5 ms.
            var times: [Duration] = []
            for _ in 0..<10 {
                times.append(try await ContinuousClock().measure { _ = try await Self.exchange(transport, server, timeout: nil) })
            }
            let typical = times.dropFirst().sorted()[times.count / 2]
            let spread = min(max(typical * 2, .microseconds(200)), .milliseconds(5))
            var outcomes: [Outcome] = []
            for trial in 0..<600 {
                let moment = spread * Double.random(in: 0...1)
                let byCaller = trial.isMultiple(of: 2)
                let ended = await atMost(.seconds(10)) {
                    if byCaller {
                        let exchange = Task { try await Self.exchange(transport, server, timeout: nil) }
                        try? await Task.sleep(for: moment)
                        exchange.cancel()
                        return (try? await exchange.value) ?? .stopped
                    }
                    do {
                        return try await Self.exchange(transport, server, timeout: moment)
                    } catch {
                        #expect(error is TransportDeadlineExceeded, "\(error)")
                        return .stopped
                    }
                }
                guard let ended else {
                    Issue.record("trial \(trial) (\(byCaller ? "cancelled" : "deadline") after \(moment)) never ended")
                    return
                }
                outcomes.append(ended)
            }
            // Both sides of the race were hit, and the session still answers.
            #expect(outcomes.contains(.answered) && outcomes.contains(.stopped))
            let last = await atMost(.seconds(10)) { (try? await Self.exchange(transport, server, timeout: nil)) ?? .stopped }
            #expect(last == .answered)
        }
    }
}
