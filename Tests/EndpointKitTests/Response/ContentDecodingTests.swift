import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@testable import EndpointKit

/// Decoding gzip and deflate bodies a transport handed over still encoded, and leaving alone the
/// ones it decoded.
@Suite("Content decoding")
struct ContentDecodingTests {
    /// `bytes` as a body arriving in chunks of `chunkSize`.
    private func body(_ bytes: [UInt8], chunkSize: Int) -> HTTPBody {
        let (stream, continuation) = AsyncStream<HTTPBody.ByteChunk>.makeStream()
        var offset = 0
        while offset < bytes.count {
            continuation.yield(bytes[offset..<min(offset + chunkSize, bytes.count)])
            offset += chunkSize
        }
        continuation.finish()
        return HTTPBody(stream, length: .known(Int64(bytes.count)), iterationBehavior: .single)
    }

    private func response(encoding: String?) -> HTTPResponse {
        var fields = HTTPFields()
        if let encoding { fields[.contentEncoding] = encoding }
        return HTTPResponse(status: .ok, headerFields: fields)
    }

    private func decode(_ bytes: [UInt8], encoding: String?, chunkSize: Int = 4096) async throws -> [UInt8] {
        let decoded = try #require(ContentDecoding.decoded(body(bytes, chunkSize: chunkSize), response: response(encoding: encoding)))
        return try await [UInt8](collecting: decoded, upTo: .max)
    }

    /// Text that compresses, then bytes that do not (a linear congruential sequence).
    private static func sample(_ count: Int) -> [UInt8] {
        var state: UInt32 = 2_463_534_242
        return (0..<count).map { index in
            if index < count / 2 { return UInt8(ascii: "a") + UInt8(index % 26) }
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    @Test("gzip and zlib bodies decode whatever the chunking", arguments: [1, 2, 3, 100, 70_000, 300_000], [1, 2, 7, 4096, 1 << 20])
    func roundTrip(size: Int, chunkSize: Int) async throws {
        guard size / chunkSize <= 100_000 else { return }  // 1-byte chunks of the largest sample add nothing but time
        let original = Self.sample(size)
        #expect(try await decode(Compression.compress(original, format: .gzip), encoding: "gzip", chunkSize: chunkSize) == original)
        #expect(try await decode(Compression.compress(original, format: .zlib), encoding: "deflate", chunkSize: chunkSize) == original)
    }

    @Test("An empty gzip stream decodes to nothing; 10 MiB of zeros (a 10 KB stream) decode in full")
    func extremes() async throws {
        #expect(try await decode(Compression.compress([], format: .gzip), encoding: "gzip").isEmpty)
        let zeros = [UInt8](repeating: 0, count: 10 << 20)
        let compressed = Compression.compress(zeros, format: .gzip, level: 9)
        #expect(compressed.count < 20_000)
        #expect(try await decode(compressed, encoding: "x-gzip") == zeros)
    }

    @Test("Concatenated gzip members decode one after the other")
    func members() async throws {
        let first = Array("first member, ".utf8)
        let second = Self.sample(5_000)
        let stream = Compression.compress(first) + Compression.compress(second)
        #expect(try await decode(stream, encoding: "gzip", chunkSize: 10) == first + second)
    }

    @Test("A truncated stream is an error, never a shorter body", arguments: [1, 4, 8, 50])
    func truncated(cut: Int) async throws {
        let stream = Compression.compress(Self.sample(20_000))
        await #expect {
            _ = try await decode(Array(stream.dropLast(cut)), encoding: "gzip", chunkSize: 1000)
        } throws: { error in
            "\(error)" == "the gzip body cannot be decoded: the compressed stream ends early (a truncated body)"
        }
    }

    @Test("Corrupt data is an error naming the encoding")
    func corrupt() async throws {
        var stream = Compression.compress(Self.sample(20_000))
        for index in stride(from: 20, to: 200, by: 3) { stream[index] ^= 0x5A }
        await #expect {
            _ = try await decode(stream, encoding: "gzip")
        } throws: { error in
            "\(error)".hasPrefix("the gzip body cannot be decoded: corrupt data")
        }
        let trailing = Compression.compress(Array("x".utf8)) + [0x00, 0x00, 0x00]
        await #expect(throws: ContentDecodingError.self) { _ = try await decode(trailing, encoding: "gzip") }
    }

    @Test("A body the transport already decoded passes through unchanged", arguments: [
        #"{"id":1,"name":"Ada"}"#, "x", "", "[1,2,3]", "plain text\n", "\u{1F}",
    ])
    func alreadyDecoded(text: String) async throws {
        for encoding in ["gzip", "deflate", "GZIP", "identity, gzip"] {
            #expect(try await decode(Array(text.utf8), encoding: encoding, chunkSize: 1) == Array(text.utf8), "\(encoding)")
        }
    }

    @Test("Other encodings pass through with the encoded length dropped; no encoding keeps the body as is")
    func otherEncodings() async throws {
        let bytes = Array("compressed by a codec we do not decode".utf8)
        for encoding in ["br", "zstd", "gzip, br", "compress"] {
            let decoded = try #require(ContentDecoding.decoded(body(bytes, chunkSize: 5), response: response(encoding: encoding)))
            #expect(decoded.length == .unknown, "\(encoding)")
            #expect(try await [UInt8](collecting: decoded, upTo: .max) == bytes, "\(encoding)")
        }
        let plain = body(bytes, chunkSize: 5)
        #expect(ContentDecoding.decoded(plain, response: response(encoding: nil)) === plain)
        #expect(ContentDecoding.decoded(plain, response: response(encoding: "identity")) === plain)
    }

    @Test("gzip needs its magic number; deflate a checked zlib header, which no JSON body starts with")
    func sniffing() {
        #expect(Inflater.startsCompressedStream([0x1F, 0x8B], encoding: "gzip"))
        #expect(!Inflater.startsCompressedStream([0x78, 0x9C], encoding: "gzip"))
        for header: [UInt8] in [[0x78, 0x9C], [0x78, 0x01], [0x78, 0xDA], [0x08, 0x1D]] {
            #expect(Inflater.startsCompressedStream(header, encoding: "deflate"))
        }
        // The first two bytes of every JSON text: structure, literals, strings, numbers, whitespace.
        let starts = ["{\"", "{}", "{ ", "[]", "[1", "[\"", "\"a", "\"\"", "tr", "fa", "nu", "-1", "-0", "0.", "0e", "0 ", " {", "\t[", "\r\n", "\n{"]
            + (0...9).flatMap { digit in (0...9).map { "\(digit)\($0)" } + ["\(digit).", "\(digit)e", "\(digit)E", "\(digit) ", "\(digit)\n", "\(digit)\r", "\(digit)\t"] }
        for start in starts {
            #expect(!Inflater.startsCompressedStream(Array(start.utf8), encoding: "deflate"), "\(start.debugDescription)")
            #expect(!Inflater.startsCompressedStream(Array(start.utf8), encoding: "gzip"))
        }
    }
}
