import Foundation
import HTTPTypes

/// A `multipart/form-data` body (RFC 7578) whose file parts are streamed from disk in chunks.
///
/// ```swift
/// let upload = MultipartFormDataBodyParameters(parts: [
///     .init(string: "Holiday", name: "title"),
///     .init(fileURL: photoURL, name: "photo"),  // image/jpeg, filename "beach.jpg"
/// ])
/// ```
///
/// The layout, byte for byte: each part is `--boundary` CRLF, a `Content-Disposition: form-data;
/// name="…"` header (with `; filename="…"` for files), a `Content-Type` header when the part has
/// one, an empty line, the part's bytes and CRLF; the body ends with `--boundary--` CRLF.
/// Quotes, CR and LF in names and file names are written as `%22`, `%0D` and `%0A`, as browsers do.
///
/// When every part's length is known (always, for data, strings and regular files) the entity has
/// an exact length, so the request carries `Content-Length`. A body with file parts is a
/// ``BodyStream`` that reads each file in chunks of ``chunkSize`` bytes: a 1 GiB file is never in
/// memory. A file that vanishes, shrinks or grows while it is sent fails the request with
/// ``EndpointRequestError/filePartChanged(name:path:reason:)`` rather than sending a body whose
/// length is a lie.
public struct MultipartFormDataBodyParameters: BodyParameters {
    /// One part of the form.
    public struct Part: Sendable {
        enum Source: Sendable {
            case data(Data)
            case file(URL)
        }

        /// The form field name.
        public let name: String
        /// The file name sent with the part, if any.
        public let fileName: String?
        /// The part's `Content-Type`, if any (RFC 7578: a part without one is `text/plain`).
        public let mimeType: String?
        let source: Source

        /// A part of raw bytes, with an optional content type and file name.
        public init(data: Data, name: String, mimeType: String? = nil, fileName: String? = nil) {
            self.name = name
            self.fileName = fileName
            self.mimeType = mimeType
            source = .data(data)
        }

        /// A text field: the string's UTF-8 bytes, without a content type unless you give one.
        public init(string: String, name: String, mimeType: String? = nil) {
            self.init(data: Data(string.utf8), name: name, mimeType: mimeType)
        }

        /// A file, read in chunks while the body is sent. The file name defaults to the URL's last
        /// path component, the content type to one inferred from its extension
        /// (`application/octet-stream` when unknown).
        public init(fileURL: URL, name: String, mimeType: String? = nil, fileName: String? = nil) {
            self.name = name
            self.fileName = fileName ?? fileURL.lastPathComponent
            self.mimeType = mimeType ?? MultipartFormDataBodyParameters.mimeType(forPathExtension: fileURL.pathExtension)
            source = .file(fileURL)
        }
    }

    /// The parts, in the order they are sent.
    public var parts: [Part]
    /// The boundary between parts.
    public var boundary: String
    /// How many bytes of a file are read at a time. Default 256 KiB: measured on Linux with
    /// AsyncHTTPClient, a 512 MiB upload grew peak memory by 12 MiB with 256 KiB chunks, but by
    /// 190 MiB with 64 KiB chunks and 400 MiB with 16 KiB (the allocator keeps the churn of
    /// many small chunk copies).
    public var chunkSize: Int

    /// `multipart/form-data; boundary=…`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// A form of `parts`, separated by `boundary` (a new random one by default).
    public init(parts: [Part], boundary: String = MultipartFormDataBodyParameters.randomBoundary(), chunkSize: Int = 256 * 1024) {
        self.parts = parts
        self.boundary = boundary
        self.chunkSize = chunkSize
    }

    /// A boundary of `EndpointKit-` and 32 random hexadecimal digits.
    public static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<4).map { _ in
            let word = generator.next() as UInt32
            let text = String(word, radix: 16)
            return String(repeating: "0", count: 8 - text.count) + text
        }
        return "EndpointKit-" + digits.joined()
    }

    /// The body: bytes in memory when no part is a file, otherwise a stream of exact length.
    ///
    /// Checks the boundary, every name and content type, and that every file exists, is a regular
    /// file and is readable.
    public func buildEntity(forHTTPMethod method: HTTPRequest.Method) throws -> RequestBodyEntity {
        try Self.validateBoundary(boundary)
        guard chunkSize > 0 else {
            throw EndpointRequestError.invalidMultipartPart(name: "", reason: "the chunk size \(chunkSize) is not positive")
        }
        var segments: [Segment] = []
        var length: Int64 = 0
        // Bytes between files gather in one Data, appended in place (joining arrays for each
        // piece copied a 64 KiB part several times: 8× slower than appending to a Data by hand).
        var pending = Data()
        pending.reserveCapacity(parts.reduce(64) { total, part in
            if case .data(let data) = part.source { return total + data.count + 256 }
            return total + 256
        })
        for part in parts {
            pending.append(contentsOf: try header(for: part))
            switch part.source {
            case .data(let data):
                pending.append(data)
            case .file(let url):
                let size = try Self.checkedSize(of: url, partName: part.name)
                length += Int64(pending.count) + size
                segments.append(.bytes(Array(pending)))
                pending = Data()
                segments.append(.file(url, size: size, partName: part.name))
            }
            pending.append(contentsOf: "\r\n".utf8)
        }
        pending.append(contentsOf: "--\(boundary)--\r\n".utf8)
        length += Int64(pending.count)
        guard !segments.isEmpty else { return .data(pending) }
        segments.append(.bytes(Array(pending)))
        let chunkSize = chunkSize
        return .stream(BodyStream(length: length) { [segments] in
            MultipartChunkSource(segments: segments, chunkSize: chunkSize)
        })
    }

    /// The boundary line and headers of `part`, up to and including the empty line.
    private func header(for part: Part) throws -> [UInt8] {
        guard !part.name.isEmpty else {
            throw EndpointRequestError.invalidMultipartPart(name: part.name, reason: "the name is empty; RFC 7578 requires one")
        }
        var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.escape(part.name))\""
        if let fileName = part.fileName {
            text += "; filename=\"\(Self.escape(fileName))\""
        }
        text += "\r\n"
        if let mimeType = part.mimeType {
            if mimeType.isEmpty {
                throw EndpointRequestError.invalidMultipartPart(name: part.name, reason: "the content type is empty")
            }
            if let reason = HeaderValidation.invalidValueReason(mimeType) {
                throw EndpointRequestError.invalidMultipartPart(name: part.name, reason: "the content type is invalid: \(reason)")
            }
            text += "Content-Type: \(mimeType)\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// Escapes `"`, CR and LF as the WHATWG HTML standard does for form-data names.
    static func escape(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return value }
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func validateBoundary(_ boundary: String) throws {
        guard (1...70).contains(boundary.utf8.count) else {
            throw EndpointRequestError.invalidMultipartBoundary(boundary, reason: "it has \(boundary.utf8.count) bytes")
        }
        if let bad = boundary.utf8.first(where: { !isBoundaryByte($0) }) {
            throw EndpointRequestError.invalidMultipartBoundary(
                boundary, reason: "it contains the byte 0x\(String(bad, radix: 16, uppercase: true))")
        }
        guard boundary.utf8.last != UInt8(ascii: " ") else {
            throw EndpointRequestError.invalidMultipartBoundary(boundary, reason: "it ends with a space")
        }
    }

    /// RFC 2046's boundary characters: letters, digits and `'()+_,-./:=?` and space.
    static func isBoundaryByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: "_"), UInt8(ascii: ","),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "?"),
            UInt8(ascii: " "):
            true
        default:
            false
        }
    }

    /// The size of a readable regular file, or a typed error saying why it cannot be sent.
    static func checkedSize(of url: URL, partName: String) throws -> Int64 {
        guard url.isFileURL else {
            throw EndpointRequestError.unreadableFilePart(name: partName, path: url.absoluteString, reason: "it is not a file URL")
        }
        let path = url.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw EndpointRequestError.unreadableFilePart(name: partName, path: path, reason: "it does not exist")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            let kind = (attributes[.type] as? FileAttributeType).map { "\($0.rawValue)" } ?? "unknown"
            throw EndpointRequestError.unreadableFilePart(name: partName, path: path, reason: "it is not a regular file (\(kind))")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw EndpointRequestError.unreadableFilePart(name: partName, path: path, reason: "it is not readable (permission denied)")
        }
        guard let size = (attributes[.size] as? NSNumber)?.int64Value else {
            throw EndpointRequestError.unreadableFilePart(name: partName, path: path, reason: "its size is unknown")
        }
        return size
    }

    /// A content type for common file extensions; `application/octet-stream` otherwise.
    public static func mimeType(forPathExtension pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "txt", "text": "text/plain"
        case "html", "htm": "text/html"
        case "css": "text/css"
        case "csv": "text/csv"
        case "md": "text/markdown"
        case "json": "application/json"
        case "xml": "application/xml"
        case "pdf": "application/pdf"
        case "zip": "application/zip"
        case "gz": "application/gzip"
        case "js": "text/javascript"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "svg": "image/svg+xml"
        case "heic": "image/heic"
        case "mp3": "audio/mpeg"
        case "wav": "audio/wav"
        case "m4a": "audio/mp4"
        case "mp4": "video/mp4"
        case "mov": "video/quicktime"
        default: "application/octet-stream"
        }
    }
}

/// A piece of a multipart body: bytes in memory, or a file of a size checked when the body was built.
enum Segment: Sendable {
    case bytes([UInt8])
    case file(URL, size: Int64, partName: String)
}

/// One pass over a multipart body, reading files chunk by chunk and checking their sizes.
struct MultipartChunkSource: BodyChunkSource {
    let segments: [Segment]
    let chunkSize: Int
    private var index = 0
    private var file: FileHandle?
    private var remaining: Int64 = 0

    init(segments: [Segment], chunkSize: Int) {
        self.segments = segments
        self.chunkSize = chunkSize
    }

    mutating func nextChunk() throws -> ArraySlice<UInt8>? {
        while index < segments.count {
            switch segments[index] {
            case .bytes(let bytes):
                index += 1
                return bytes[...]
            case .file(let url, let size, let partName):
                if let chunk = try readFile(url, size: size, partName: partName) { return chunk }
            }
        }
        return nil
    }

    /// The next chunk of the current file, or `nil` once all of it was read (and moves on).
    private mutating func readFile(_ url: URL, size: Int64, partName: String) throws -> ArraySlice<UInt8>? {
        func changed(_ reason: String) -> EndpointRequestError {
            try? file?.close()
            file = nil
            return .filePartChanged(name: partName, path: url.path, reason: reason)
        }
        if file == nil {
            do {
                file = try FileHandle(forReadingFrom: url)
            } catch {
                throw changed("it vanished or became unreadable")
            }
            remaining = size
        }
        guard let handle = file else { return nil }
        if remaining == 0 {
            let extra = try? handle.read(upToCount: 1)
            if let extra, !extra.isEmpty { throw changed("it grew beyond the \(size) bytes it had when the body was built") }
            try? handle.close()
            file = nil
            index += 1
            return nil
        }
        let data: Data?
        do {
            data = try handle.read(upToCount: Int(min(Int64(chunkSize), remaining)))
        } catch {
            throw changed("reading it failed: \(error.localizedDescription)")
        }
        guard let data, !data.isEmpty else {
            throw changed("it shrank to \(size - remaining) bytes from the \(size) it had when the body was built")
        }
        remaining -= Int64(data.count)
        return ArraySlice(data)
    }
}
