import CZlib
import Foundation

/// zlib's deflate, for the servers of the tests: gzip (RFC 1952) or zlib (RFC 1950) framing.
enum Compression {
    enum Format {
        case gzip
        case zlib

        var windowBits: Int32 { self == .gzip ? 15 + 16 : 15 }
    }

    static func compress(_ bytes: [UInt8], format: Format = .gzip, level: Int32 = Z_DEFAULT_COMPRESSION) -> [UInt8] {
        var stream = z_stream()
        let initStatus = deflateInit2_(
            &stream, level, Z_DEFLATED, format.windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(initStatus == Z_OK, "deflateInit2 failed: \(initStatus)")
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))))
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = UInt32(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = UInt32(outputBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        precondition(status == Z_STREAM_END, "deflate failed: \(status)")
        return Array(output.prefix(Int(stream.total_out)))
    }
}
