import Foundation
import OpenAPIRuntime

/// The chunks of an answer's body as URLSession hands them to its delegate, read once as an
/// `AsyncSequence`.
///
/// Foundation pushes chunks and cannot be paused on Linux (swift-corelibs-foundation removes a
/// suspended task's transfer from libcurl, which ends it), so the buffer holds what the reader has
/// not taken yet. Readers that stop early or whose task is cancelled cancel the URLSession task
/// through `onCancel`. A cancelled read throws
/// `CancellationError`, never ends as if the body were complete.
final class ResponseBodyBuffer: AsyncSequence, @unchecked Sendable {
    typealias Element = HTTPBody.ByteChunk

    private struct State {
        var chunks: [Data] = []
        var next = 0
        var finished = false
        var failure: (any Error)?
        var waiter: CheckedContinuation<Data?, any Error>?
    }

    private let state = Locked(State())
    private let onCancel: @Sendable () -> Void

    /// A buffer whose reader cancels the transfer with `onCancel` when it gives up.
    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Adds a chunk, handing it straight to a waiting reader.
    func append(_ data: Data) {
        guard !data.isEmpty else { return }
        let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.chunks.append(data)
            return nil
        }
        waiter?.resume(returning: data)
    }

    /// Ends the body, with `error` when the transfer failed.
    func finish(throwing error: (any Error)? = nil) {
        let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard !state.finished else { return nil }
            state.finished = true
            state.failure = error
            defer { state.waiter = nil }
            return state.waiter
        }
        if let error { waiter?.resume(throwing: error) } else { waiter?.resume(returning: nil) }
    }

    /// The next chunk, or `nil` at the end of a complete body.
    fileprivate nonisolated(nonsending) func next() async throws -> Data? {
        if let ready = try state.withLock({ try Self.take(&$0) }) { return ready.chunk }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<Data?, any Error>? = state.withLock { state in
                    do {
                        if let taken = try Self.take(&state) { return .success(taken.chunk) }
                    } catch {
                        return .failure(error)
                    }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Ends reading: the transfer is cancelled and a waiting reader throws `CancellationError`.
    func cancel() {
        let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            if !state.finished {
                state.finished = true
                state.failure = CancellationError()
            }
            state.chunks.removeAll()
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(throwing: CancellationError())
        onCancel()
    }

    /// What a reader takes from the buffer: a chunk, or the end of the body.
    private enum Taken {
        case data(Data)
        case end

        var chunk: Data? {
            if case .data(let data) = self { data } else { nil }
        }
    }

    /// A buffered chunk, the end, or `nil` when the reader must wait.
    private static func take(_ state: inout State) throws -> Taken? {
        if state.next < state.chunks.count {
            let chunk = state.chunks[state.next]
            state.next += 1
            if state.next == state.chunks.count {
                state.chunks.removeAll(keepingCapacity: true)
                state.next = 0
            }
            return .data(chunk)
        }
        guard state.finished else { return nil }
        if let failure = state.failure { throw failure }
        return .end
    }

    func makeAsyncIterator() -> Iterator { Iterator(buffer: self) }

    struct Iterator: AsyncIteratorProtocol {
        let buffer: ResponseBodyBuffer

        mutating func next() async throws -> HTTPBody.ByteChunk? {
            guard let data = try await buffer.next() else { return nil }
            return ArraySlice(data)
        }
    }
}
