import OpenAPIRuntime

/// A body that reports how many bytes the transport has read from it, pass by pass.
struct ProgressReportingSequence: AsyncSequence, Sendable {
    typealias Element = HTTPBody.ByteChunk

    let base: HTTPBody
    let report: @Sendable (Int64) -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), report: report)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: HTTPBody.AsyncIterator
        let report: @Sendable (Int64) -> Void
        var sent: Int64 = 0

        mutating func next() async throws -> HTTPBody.ByteChunk? {
            guard let chunk = try await base.next() else { return nil }
            sent += Int64(chunk.count)
            report(sent)
            return chunk
        }
    }
}
