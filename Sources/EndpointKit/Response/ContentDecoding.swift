import CZlib
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Decodes `gzip` and `deflate` bodies that a transport hands over still encoded.
///
/// URLSession decodes them itself; AsyncHTTPClient only with `decompression` enabled; a custom
/// transport may or may not. Both keep the `Content-Encoding` header either way, so the controller
/// looks at the first bytes: a gzip stream starts with `1f 8b` and a zlib one (deflate) with a
/// checked two-byte header, which no JSON body starts with. The declared `Content-Length` of an encoded answer counts the encoded bytes, so
/// the decoded body's length is unknown.
enum ContentDecoding {
    /// `body` decoded as its response's `Content-Encoding` says, when it is still encoded.
    static func decoded(_ body: HTTPBody?, response: HTTPResponse) -> HTTPBody? {
        guard let body, let header = response.headerFields[.contentEncoding] else { return body }
        let encodings = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        guard let encoding = encodings.last else { return body }
        // A single gzip or deflate layer is decoded here when still encoded; anything else is
        // passed on as the transport gave it, with the encoded length dropped.
        let decodes = encodings.count == 1 && ["gzip", "x-gzip", "deflate"].contains(encoding)
        return HTTPBody(
            InflatingSequence(base: body, decodes: decodes, encoding: encoding), length: .unknown, iterationBehavior: .single)
    }
}

/// Why an encoded body could not be decoded.
struct ContentDecodingError: Error, CustomStringConvertible {
    var encoding: String
    var reason: String

    var description: String { "the \(encoding) body cannot be decoded: \(reason)" }
}

/// The chunks of `base`, inflated when they start like a gzip or zlib stream.
struct InflatingSequence: AsyncSequence, Sendable {
    typealias Element = HTTPBody.ByteChunk

    let base: HTTPBody
    let decodes: Bool
    let encoding: String

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), decodes: decodes, encoding: encoding)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: HTTPBody.Iterator
        let encoding: String
        /// Undecided until the first two bytes arrive; then inflating or passing through.
        var inflater: Inflater?
        var decided = false
        var head: [UInt8] = []
        var finished = false

        init(base: HTTPBody.Iterator, decodes: Bool, encoding: String) {
            self.base = base
            self.encoding = encoding
            // An encoding not decoded here passes through from the first byte.
            decided = !decodes
        }

        mutating func next() async throws -> HTTPBody.ByteChunk? {
            while true {
                if let inflater, let output = try inflater.produce() { return output }
                if finished { return nil }
                guard let chunk = try await base.next() else {
                    finished = true
                    if !decided {
                        // Fewer than two bytes: too short to be compressed.
                        decided = true
                        if !head.isEmpty { return ArraySlice(head) }
                    }
                    if let inflater {
                        if let output = try inflater.produce() { return output }
                        try inflater.finish()
                    }
                    return nil
                }
                if decided {
                    guard let inflater else { return chunk }
                    inflater.feed(chunk)
                    continue
                }
                head += chunk
                guard head.count >= 2 else { continue }
                decided = true
                guard Inflater.startsCompressedStream(head, encoding: encoding) else { return ArraySlice(head) }
                let inflater = try Inflater(encoding: encoding)
                inflater.feed(ArraySlice(head))
                self.inflater = inflater
            }
        }
    }
}

/// A zlib inflate stream that reads gzip and zlib formats, several gzip members included.
final class Inflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private let encoding: String
    private var input: [UInt8] = []
    private var inputOffset = 0
    private var ended = false
    /// Whether the last call filled its output, so zlib may hold more without further input.
    private var outputWasFull = false
    private static let outputChunk = 64 << 10

    /// Whether `bytes` start like a stream of `encoding`: the gzip magic number for gzip, a valid
    /// zlib header (RFC 1950) for deflate. No JSON body starts with one (a test checks every JSON
    /// start); a few other texts do (`x^`).
    static func startsCompressedStream(_ bytes: [UInt8], encoding: String) -> Bool {
        guard bytes.count >= 2 else { return false }
        if encoding != "deflate" { return bytes[0] == 0x1F && bytes[1] == 0x8B }
        // Deflate, a window of at most 32 KiB, no preset dictionary (HTTP never uses one), and
        // the check bits.
        return bytes[0] & 0x0F == 8 && bytes[0] >> 4 <= 7 && bytes[1] & 0x20 == 0
            && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0
    }

    init(encoding: String) throws {
        self.encoding = encoding
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 15 window bits + 32: detect gzip or zlib from the header.
        let status = inflateInit2_(stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw ContentDecodingError(encoding: encoding, reason: "zlib could not start (status \(status))")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func feed(_ chunk: HTTPBody.ByteChunk) {
        if inputOffset == input.count {
            input = Array(chunk)
            inputOffset = 0
        } else {
            input += chunk
        }
    }

    /// The next decoded bytes from the input fed so far, or `nil` when it needs more input.
    func produce() throws -> HTTPBody.ByteChunk? {
        while inputOffset < input.count || outputWasFull {
            if ended && inputOffset < input.count {
                // Another gzip member follows the one that ended.
                guard inflateReset(stream) == Z_OK else {
                    throw ContentDecodingError(encoding: encoding, reason: "zlib could not restart for a further member")
                }
                ended = false
            }
            var output = [UInt8](repeating: 0, count: Self.outputChunk)
            let available = input.count - inputOffset
            let (status, consumed, produced) = input.withUnsafeMutableBufferPointer { inputBuffer in
                output.withUnsafeMutableBufferPointer { outputBuffer in
                    stream.pointee.next_in = inputBuffer.baseAddress.map { $0 + inputOffset }
                    stream.pointee.avail_in = UInt32(available)
                    stream.pointee.next_out = outputBuffer.baseAddress!
                    stream.pointee.avail_out = UInt32(outputBuffer.count)
                    let status = inflate(stream, Z_NO_FLUSH)
                    return (
                        status, available - Int(stream.pointee.avail_in), outputBuffer.count - Int(stream.pointee.avail_out)
                    )
                }
            }
            inputOffset += consumed
            outputWasFull = produced == Self.outputChunk
            switch status {
            case Z_OK, Z_BUF_ERROR:
                break
            case Z_STREAM_END:
                ended = true
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
                throw ContentDecodingError(encoding: encoding, reason: "corrupt data (\(message))")
            }
            if produced > 0 { return output[..<produced] }
            if consumed == 0 && status != Z_STREAM_END { break }
        }
        return nil
    }

    /// Checks that the stream ended where the body did.
    func finish() throws {
        guard ended else {
            throw ContentDecodingError(encoding: encoding, reason: "the compressed stream ends early (a truncated body)")
        }
    }
}
