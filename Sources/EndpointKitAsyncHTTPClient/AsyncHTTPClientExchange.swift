import AsyncHTTPClient
import EndpointKit
import HTTPTypes
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import OpenAPIRuntime

/// One exchange through AsyncHTTPClient's delegate API: hands the answer's head to the sender and
/// its body to an `AsyncSequence` with back-pressure.
///
/// AsyncHTTPClient's delegate API hands out a task that can be cancelled from outside at any
/// point of the exchange, body included (its async API offers that only through the caller's
/// task). So this is what lets ``AsyncHTTPClientEndpointTransport`` bound an attempt by itself:
/// an `ExchangeDeadline` cancels the task when it passes. AsyncHTTPClient's own deadline is not
/// used: it sets a timer on the event loop for each request, which wakes the loop from another
/// thread (3.7 context switches per request more, BENCHMARKS.md).
///
/// The head of a small answer whose length is known waits for the body, which follows at once:
/// the sender then resumes once, with the whole body, instead of once for the head and again for
/// the bytes.
final class AsyncHTTPClientExchange: HTTPClientResponseDelegate, NIOAsyncSequenceProducerDelegate, Sendable {
    typealias Response = Void
    typealias Producer = NIOThrowingAsyncSequenceProducer<
        ByteBuffer, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, AsyncHTTPClientExchange
    >

    /// Answers of at most this many declared bytes are handed over complete.
    static let completeAnswerLimit = 256 << 10

    private enum Phase {
        /// Waiting for the head.
        case waiting
        /// A small answer's head, held with the body so far until the body is complete.
        case holding(HTTPResponse, ByteBuffer?)
        /// The head handed over; the body goes through `source`.
        case streaming(Producer.Source)
        /// Handed over whole, failed or stopped.
        case done
    }

    private struct State {
        var phase = Phase.waiting
        var waiter: CheckedContinuation<(HTTPResponse, HTTPBody?), any Error>?
        var task: HTTPClient.Task<Void>?
        /// The consumer's demand for more, waited on while the body's buffer is full.
        var pendingDemand: EventLoopPromise<Void>?
        var demandArrived = false
        /// The body's declared length, and the bytes of it received so far.
        var declared: Int64?
        var received: Int64 = 0
    }

    private let method: HTTPRequest.Method
    private let deadline: ExchangeDeadline
    private let state = NIOLockedValueBox(State())

    /// An exchange of a request with `method` (a HEAD answer has no body), within `deadline`.
    init(method: HTTPRequest.Method, deadline: ExchangeDeadline) {
        self.method = method
        self.deadline = deadline
    }

    /// Starts the exchange with `start` and waits for the answer's head (and a small answer's
    /// body); cancelling the caller's task cancels the exchange.
    nonisolated(nonsending) func answer(start: @escaping @Sendable (AsyncHTTPClientExchange) -> HTTPClient.Task<Void>) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.withLockedValue { $0.waiter = continuation }
                let task = start(self)
                // AsyncHTTPClient may fail a task without telling its delegate (a server that
                // answers before the request body is sent: `requestStreamCancelled`).
                task.futureResult.whenFailure { error in self.end(with: error) }
                state.withLockedValue { $0.task = task }
                // Runs at once when the caller cancelled, or the deadline passed, before this.
                deadline.onStop { task.cancel() }
            }
        } onCancel: {
            deadline.cancel()
        }
    }

    // MARK: HTTPClientResponseDelegate

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let response = AsyncHTTPClientEndpointTransport.response(status: head.status, headers: head.headers)
        let declared = head.headers.first(name: "content-length").flatMap { Int64($0) }
        state.withLockedValue { $0.declared = declared }
        if method == .head {
            state.withLockedValue { $0.phase = .done }
            hand(.success((response, nil)))
        } else if let declared, declared <= Self.completeAnswerLimit {
            state.withLockedValue { $0.phase = .holding(response, nil) }
        } else {
            hand(.success((response, stream(length: declared.map(HTTPBody.Length.known) ?? .unknown))))
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        var part = buffer
        let source = state.withLockedValue { state -> Producer.Source? in
            state.received += Int64(buffer.readableBytes)
            switch state.phase {
            case .holding(let response, nil):
                state.phase = .holding(response, buffer)
                return nil
            case .holding(let response, var held?):
                // Out of the state first, so the held buffer grows in place.
                state.phase = .done
                held.writeBuffer(&part)
                state.phase = .holding(response, held)
                return nil
            case .streaming(let source):
                return source
            case .waiting, .done:
                return nil
            }
        }
        guard let source else { return task.eventLoop.makeSucceededVoidFuture() }
        switch source.yield(buffer) {
        case .produceMore, .dropped:
            state.withLockedValue { $0.demandArrived = false }
            return task.eventLoop.makeSucceededVoidFuture()
        case .stopProducing:
            return waitForDemand(on: task.eventLoop)
        }
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        end(with: error)
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        deadline.end()
        let ending = state.withLockedValue { state -> Phase in
            defer { state.phase = .done }
            return state.phase
        }
        complete(ending)
    }

    // MARK: NIOAsyncSequenceProducerDelegate

    func produceMore() {
        let demand = state.withLockedValue { state -> EventLoopPromise<Void>? in
            guard let demand = state.pendingDemand else {
                state.demandArrived = true
                return nil
            }
            state.pendingDemand = nil
            return demand
        }
        demand?.succeed()
    }

    func didTerminate() {
        deadline.end()
        let (task, demand, ending) = state.withLockedValue { state -> (HTTPClient.Task<Void>?, EventLoopPromise<Void>?, Phase) in
            defer {
                state.pendingDemand = nil
                state.phase = .done
            }
            return (state.task, state.pendingDemand, state.phase)
        }
        demand?.succeed()
        guard case .streaming(let source) = ending else { return }
        // The reader stopped before the end of the body: nothing will read the rest. A source is
        // always finished before it is let go (NIO stops the process otherwise).
        source.finish()
        task?.cancel()
    }

    // MARK: Stages

    /// Hands over what `ending` holds as a complete answer.
    private func complete(_ ending: Phase) {
        switch ending {
        case .holding(let response, let body):
            hand(.success((response, HTTPBody(body.map { ArraySlice($0.readableBytesView) } ?? []))))
        case .streaming(let source):
            source.finish()
        case .waiting:
            hand(.failure(HTTPClientError.remoteConnectionClosed))
        case .done:
            break
        }
    }

    /// Ends the exchange with AsyncHTTPClient's `error`, unless the whole answer (as long as its
    /// `Content-Length`) had arrived: AsyncHTTPClient fails an exchange whose server answered
    /// before the request body was all sent, after the answer came complete.
    private func end(with error: any Error) {
        deadline.end()
        let (ending, demand, arrivedWhole) = state.withLockedValue { state -> (Phase, EventLoopPromise<Void>?, Bool) in
            defer {
                state.phase = .done
                state.pendingDemand = nil
            }
            let arrivedWhole = state.declared.map { $0 == state.received } ?? false
            return (state.phase, state.pendingDemand, arrivedWhole)
        }
        demand?.succeed()
        if arrivedWhole { return complete(ending) }
        let failure = mapFailure(error)
        switch ending {
        case .streaming(let source): source.finish(failure)
        case .waiting, .holding: hand(.failure(failure))
        case .done: break
        }
    }

    /// A body that streams through a new producer, which the exchange feeds from now on.
    private func stream(length: HTTPBody.Length) -> HTTPBody {
        let producer = Producer.makeSequence(
            backPressureStrategy: .init(lowWatermark: 1, highWatermark: 2), finishOnDeinit: false, delegate: self)
        let streaming = state.withLockedValue { state -> Bool in
            guard case .waiting = state.phase else { return false }
            state.phase = .streaming(producer.source)
            return true
        }
        // The exchange ended before its head was read (a failure heard first): an empty, finished body.
        if !streaming { producer.source.finish() }
        return HTTPBody(producer.sequence.map { ArraySlice($0.readableBytesView) }, length: length, iterationBehavior: .single)
    }

    /// A future that completes when the reader wants more (at once if it asked already).
    private func waitForDemand(on eventLoop: any EventLoop) -> EventLoopFuture<Void> {
        state.withLockedValue { state -> EventLoopFuture<Void> in
            if state.demandArrived {
                state.demandArrived = false
                return eventLoop.makeSucceededVoidFuture()
            }
            let promise = eventLoop.makePromise(of: Void.self)
            state.pendingDemand = promise
            return promise.futureResult
        }
    }

    /// Resumes the sender once; later calls do nothing.
    private func hand(_ result: Result<(HTTPResponse, HTTPBody?), any Error>) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<(HTTPResponse, HTTPBody?), any Error>? in
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }

    /// AsyncHTTPClient's failure as the controller reads it: the deadline's as
    /// `TransportDeadlineExceeded`, any other cancellation as `CancellationError` (the caller's: a
    /// reader that stops early ends the exchange before its cancellation is heard).
    private func mapFailure(_ error: any Error) -> any Error {
        if deadline.hasExpired { return deadline.failure(error) }
        if (error as? HTTPClientError) == .cancelled { return CancellationError() }
        return error
    }
}
