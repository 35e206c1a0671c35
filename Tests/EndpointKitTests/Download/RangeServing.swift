import Crypto
import Foundation
import HTTPTypes
import OpenAPIRuntime
import SeededRandom

@testable import EndpointKit

/// A deterministic file of any size: byte `i` is `pattern[i % pattern.count]`, a seeded random
/// pattern of a prime length, so a byte written at the wrong offset shows.
struct PatternFile: Sendable {
    static let pattern: [UInt8] = {
        var generator = SplitMix64(seed: 18)
        return (0..<1_048_573).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }()

    let size: Int
    /// Shifts the pattern: two versions of "the same" file differ in every byte.
    var version = 0

    /// `count` bytes from `offset`.
    func bytes(at offset: Int, count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            Self.pattern.withUnsafeBufferPointer { pattern in
                var position = (offset + version * 7919) % pattern.count
                var filled = 0
                while filled < count {
                    let take = min(count - filled, pattern.count - position)
                    UnsafeMutableRawPointer(buffer.baseAddress! + filled).copyMemory(from: pattern.baseAddress! + position, byteCount: take)
                    filled += take
                    position = 0
                }
            }
            initialized = count
        }
    }

    /// The SHA-256 of the whole file, computed from the pattern (not from any file).
    var sha256: String {
        var hasher = SHA256()
        var offset = 0
        while offset < size {
            let count = min(4 << 20, size - offset)
            bytes(at: offset, count: count).withUnsafeBytes { hasher.update(bufferPointer: $0) }
            offset += count
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `file` holds exactly these bytes, compared 4 MiB at a time.
    func matches(_ file: URL) throws -> Bool {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var offset = 0
        while let data = try handle.read(upToCount: 4 << 20), !data.isEmpty {
            let expected = bytes(at: offset, count: data.count)
            let same = data.withUnsafeBytes { actual in
                expected.withUnsafeBytes { memcmp(actual.baseAddress!, $0.baseAddress!, data.count) == 0 }
            }
            guard same else { return false }
            offset += data.count
        }
        return offset == size
    }
}

/// A server's view of one file with Range support (RFC 9110 section 14): `Range: bytes=N-` with a
/// matching (or no) `If-Range` gets a `206` from byte N; anything else the whole file in a `200`.
/// The connection is reset at each of `breaks` (absolute offsets), once.
final class RangeServing: Sendable {
    struct Served: Sendable {
        var status: Int
        var start: Int
        /// The bytes the server writes before the end or the reset.
        var planned: Int
    }

    let file: Locked<PatternFile>
    let etag: Locked<String>
    let honoursRanges: Bool
    let pace: Duration?
    private let breaks: Locked<[Int]>
    private let log = Locked<[Served]>([])

    init(file: PatternFile, etag: String = "\"v1\"", breaks: [Int] = [], honoursRanges: Bool = true, pace: Duration? = nil) {
        self.file = Locked(file)
        self.etag = Locked(etag)
        self.breaks = Locked(breaks.sorted())
        self.honoursRanges = honoursRanges
        self.pace = pace
    }

    var served: [Served] { log.withLock { $0 } }

    /// The answer to `request`.
    func reply(_ request: TestHTTPServer.ReceivedRequest) -> TestHTTPServer.Reply {
        let (file, etag) = (file.withLock { $0 }, etag.withLock { $0 })
        var headers = [("Content-Type", "application/octet-stream"), ("ETag", etag), ("Accept-Ranges", "bytes")]
        var (status, start) = (200, 0)
        if honoursRanges, let from = Self.rangeStart(request.header("Range")), from < file.size,
            request.header("If-Range").map({ $0 == etag }) ?? true
        {
            (status, start) = (206, from)
            headers.append(("Content-Range", "bytes \(from)-\(file.size - 1)/\(file.size)"))
        }
        let count = file.size - start
        let first = start
        let resetAfter = breaks.withLock { points -> Int? in
            points.removeAll { $0 <= start }
            return points.isEmpty ? nil : points.removeFirst() - start
        }
        log.withLock { $0.append(Served(status: status, start: start, planned: min(count, resetAfter ?? count))) }
        return TestHTTPServer.Reply(
            status: status, headers: headers,
            body: .produced(count: count, chunk: 65_536, pace: pace, resetAfter: resetAfter) { offset, length in
                file.bytes(at: first + offset, count: length)
            })
    }

    /// N of `bytes=N-`.
    static func rangeStart(_ value: String?) -> Int? {
        guard let value, value.hasPrefix("bytes="), value.hasSuffix("-") else { return nil }
        return Int(value.dropFirst(6).dropLast())
    }
}

/// A transport that counts the bytes of each answer's body as the client reads them.
struct CountingTransport: ClientTransport {
    let base: any ClientTransport
    /// The bytes read of each answer, in order.
    let received = Locked<[Int]>([])

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await base.send(request, body: body, baseURL: baseURL, operationID: operationID)
        let index = received.withLock { counts -> Int in
            counts.append(0)
            return counts.count - 1
        }
        guard let responseBody else { return (response, nil) }
        let counting = CountingSequence(base: responseBody) { [received] count in received.withLock { $0[index] += count } }
        return (response, HTTPBody(counting, length: responseBody.length, iterationBehavior: .single))
    }
}

/// An answer's body that reports the size of each chunk read.
struct CountingSequence: AsyncSequence, Sendable {
    typealias Element = HTTPBody.ByteChunk
    let base: HTTPBody
    let count: @Sendable (Int) -> Void

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), count: count) }

    struct Iterator: AsyncIteratorProtocol {
        var base: HTTPBody.AsyncIterator
        let count: @Sendable (Int) -> Void

        mutating func next() async throws -> HTTPBody.ByteChunk? {
            let chunk = try await base.next()
            if let chunk { count(chunk.count) }
            return chunk
        }
    }
}
