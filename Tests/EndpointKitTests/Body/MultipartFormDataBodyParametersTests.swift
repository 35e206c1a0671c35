import Foundation
import MultipartKit
import NIOCore
import OpenAPIRuntime
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import EndpointKit

/// A part as read back by Vapor's MultipartKit parser, which shares no code with ours.
private struct ParsedPart: Equatable {
    var headers: [String: String] = [:]
    var body: [UInt8] = []
}

private func parseWithMultipartKit(_ body: Data, boundary: String) throws -> [ParsedPart] {
    let parser = MultipartParser(boundary: boundary)
    var parts: [ParsedPart] = []
    var current = ParsedPart()
    parser.onHeader = { name, value in current.headers[name.lowercased()] = value }
    parser.onBody = { buffer in current.body += buffer.readBytes(length: buffer.readableBytes) ?? [] }
    parser.onPartComplete = {
        parts.append(current)
        current = ParsedPart()
    }
    try parser.execute(Array(body))
    return parts
}

private func bytes(of entity: RequestBodyEntity) throws -> Data {
    switch entity {
    case .data(let data): data
    case .stream(let stream): try stream.collect()
    }
}

@Suite("MultipartFormDataBodyParameters")
struct MultipartFormDataBodyParametersTests {
    let boundary = "EndpointKit-0123456789abcdef0123456789abcdef"

    @Test("the RFC 7578 layout, byte for byte, for text, data and file parts")
    func layout() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("notes.txt", contents: Data("line one\nline two\n".utf8))
        let body = MultipartFormDataBodyParameters(
            parts: [
                .init(string: "Holiday 2019", name: "title"),
                .init(data: Data([0x00, 0xFF, 0x0D, 0x0A]), name: "blob", mimeType: "application/octet-stream", fileName: "blob.bin"),
                .init(fileURL: file, name: "attachment"),
            ],
            boundary: boundary)
        let entity = try body.buildEntity(forHTTPMethod: .post)
        var expected = Data()
        expected.append(contentsOf: Array("--\(boundary)\r\n".utf8))
        expected.append(contentsOf: Array("Content-Disposition: form-data; name=\"title\"\r\n\r\n".utf8))
        expected.append(contentsOf: Array("Holiday 2019\r\n".utf8))
        expected.append(contentsOf: Array("--\(boundary)\r\n".utf8))
        expected.append(contentsOf: Array("Content-Disposition: form-data; name=\"blob\"; filename=\"blob.bin\"\r\n".utf8))
        expected.append(contentsOf: Array("Content-Type: application/octet-stream\r\n\r\n".utf8))
        expected.append(contentsOf: [0x00, 0xFF, 0x0D, 0x0A])
        expected.append(contentsOf: Array("\r\n--\(boundary)\r\n".utf8))
        expected.append(contentsOf: Array("Content-Disposition: form-data; name=\"attachment\"; filename=\"notes.txt\"\r\n".utf8))
        expected.append(contentsOf: Array("Content-Type: text/plain\r\n\r\n".utf8))
        expected.append(contentsOf: Array("line one\nline two\n\r\n--\(boundary)--\r\n".utf8))
        #expect(try bytes(of: entity) == expected)
        #expect(entity.length == Int64(expected.count))
        #expect(body.contentType == "multipart/form-data; boundary=\(boundary)")
        guard case .stream = entity else {
            Issue.record("a body with a file part streams")
            return
        }
    }

    @Test("an independent parser (MultipartKit) reads every part back")
    func independentParser() throws {
        let directory = try TemporaryDirectory()
        let fileBytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let file = try directory.file("photo.jpg", contents: fileBytes)
        let body = MultipartFormDataBodyParameters(
            parts: [
                .init(string: "naïve 🙂 text", name: "caption"),
                .init(fileURL: file, name: "photo"),
                .init(data: Data("{\"a\":1}".utf8), name: "meta", mimeType: "application/json"),
                .init(string: "quoted", name: "field \"x\"\r\nInjected: 1"),
            ],
            chunkSize: 4096)
        let data = try bytes(of: body.buildEntity(forHTTPMethod: .post))
        let parts = try parseWithMultipartKit(data, boundary: body.boundary)
        #expect(parts.count == 4)
        #expect(parts[0].headers["content-disposition"] == "form-data; name=\"caption\"")
        #expect(parts[0].body == Array("naïve 🙂 text".utf8))
        #expect(parts[1].headers["content-disposition"] == "form-data; name=\"photo\"; filename=\"photo.jpg\"")
        #expect(parts[1].headers["content-type"] == "image/jpeg")
        #expect(parts[1].body == Array(fileBytes))
        #expect(parts[2].headers["content-type"] == "application/json")
        #expect(parts[2].body == Array("{\"a\":1}".utf8))
        // Quotes, CR and LF in a name cannot forge a header.
        #expect(parts[3].headers["content-disposition"] == "form-data; name=\"field %22x%22%0D%0AInjected: 1\"")
        #expect(parts[3].headers["injected"] == nil)
    }

    @Test("files are read in chunks of chunkSize, and every pass reads them anew")
    func chunks() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("data.bin", contents: Data(repeating: 0xAB, count: 10_000))
        let body = MultipartFormDataBodyParameters(parts: [.init(fileURL: file, name: "f")], boundary: boundary, chunkSize: 1000)
        guard case .stream(let stream) = try body.buildEntity(forHTTPMethod: .post) else {
            Issue.record("a body with a file part streams")
            return
        }
        for _ in 0..<2 {
            var source = try stream.makeChunkSource()
            var sizes: [Int] = []
            while let chunk = try source.nextChunk() { sizes.append(chunk.count) }
            #expect(sizes.filter { $0 == 1000 }.count == 10)
            #expect(sizes.max() == 1000)
            #expect(Int64(sizes.reduce(0, +)) == stream.length)
        }
    }

    @Test("the prepared request carries the exact Content-Length and the same bytes as HTTPBody and InputStream")
    func throughARequest() async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("report.pdf", contents: Data(repeating: 0x25, count: 70_000))
        let endpoint = Endpoint<Data>(
            serverURL: URL(string: "https://api.example.com")!, pathPrefix: "uploads", method: .post,
            body: MultipartFormDataBodyParameters(parts: [.init(string: "Q3", name: "title"), .init(fileURL: file, name: "report")], boundary: boundary))
        let prepared = try endpoint.prepare()
        let length = try #require(prepared.body?.length)
        #expect(prepared.header("Content-Length") == String(length))
        #expect(prepared.header("Content-Type") == "multipart/form-data; boundary=\(boundary)")
        let httpBody = try #require(prepared.httpBody)
        #expect(httpBody.length == .known(length))
        let viaHTTPBody = try await Data(collecting: httpBody, upTo: 1 << 20)
        let viaHTTPBodyAgain = try await Data(collecting: httpBody, upTo: 1 << 20)
        #expect(viaHTTPBody.count == Int(length))
        #expect(viaHTTPBody == viaHTTPBodyAgain)

        let stream = try #require(prepared.urlRequest.httpBodyStream)
        stream.open()
        var viaInputStream = Data()
        var buffer = [UInt8](repeating: 0, count: 3000)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            #expect(count >= 0)
            if count <= 0 { break }
            viaInputStream.append(contentsOf: buffer[0..<count])
        }
        stream.close()
        #expect(viaInputStream == viaHTTPBody)
        let parts = try parseWithMultipartKit(viaInputStream, boundary: boundary)
        #expect(parts.map(\.body.count) == [2, 70_000])
    }

    @Test("a body without files is in memory")
    func inMemory() throws {
        let body = MultipartFormDataBodyParameters(parts: [.init(string: "a", name: "x")], boundary: boundary)
        guard case .data(let data) = try body.buildEntity(forHTTPMethod: .post) else {
            Issue.record("expected an in-memory body")
            return
        }
        #expect(data == Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\na\r\n--\(boundary)--\r\n".utf8))
        let empty = MultipartFormDataBodyParameters(parts: [], boundary: boundary)
        #expect(try bytes(of: empty.buildEntity(forHTTPMethod: .post)) == Data("--\(boundary)--\r\n".utf8))
    }

    @Test("random boundaries are valid and distinct")
    func randomBoundary() throws {
        let boundaries = (0..<100).map { _ in MultipartFormDataBodyParameters.randomBoundary() }
        #expect(Set(boundaries).count == 100)
        for boundary in boundaries {
            #expect(boundary.hasPrefix("EndpointKit-"))
            #expect(boundary.count == 44)
            try MultipartFormDataBodyParameters.validateBoundary(boundary)
        }
    }

    @Test("file parts that are missing or not regular files are refused when the body is built")
    func unreadableFiles() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.url.appendingPathComponent("missing.bin")
        expectError(.unreadableFilePart(name: "f", path: missing.path, reason: "it does not exist")) {
            try MultipartFormDataBodyParameters(parts: [.init(fileURL: missing, name: "f")]).buildEntity(forHTTPMethod: .post)
        }
        expectError(.unreadableFilePart(name: "d", path: directory.url.path, reason: "it is not a regular file (NSFileTypeDirectory)")) {
            try MultipartFormDataBodyParameters(parts: [.init(fileURL: directory.url, name: "d")]).buildEntity(forHTTPMethod: .post)
        }
        let remote = URL(string: "https://example.com/a.png")!
        expectError(.unreadableFilePart(name: "r", path: remote.absoluteString, reason: "it is not a file URL")) {
            try MultipartFormDataBodyParameters(parts: [.init(fileURL: remote, name: "r")]).buildEntity(forHTTPMethod: .post)
        }
    }

    @Test("a file that vanishes, shrinks or grows while it is sent fails the body")
    func changingFiles() throws {
        let directory = try TemporaryDirectory()
        func stream(for file: URL) throws -> BodyStream {
            let body = MultipartFormDataBodyParameters(parts: [.init(fileURL: file, name: "f")], chunkSize: 10)
            guard case .stream(let stream) = try body.buildEntity(forHTTPMethod: .post) else {
                throw EndpointRequestError.invalidMultipartPart(name: "f", reason: "expected a stream")
            }
            return stream
        }
        let vanishing = try directory.file("vanishing.bin", contents: Data(repeating: 1, count: 100))
        let vanishingStream = try stream(for: vanishing)
        try FileManager.default.removeItem(at: vanishing)
        expectError(.filePartChanged(name: "f", path: vanishing.path, reason: "it vanished or became unreadable")) {
            try vanishingStream.collect()
        }

        let shrinking = try directory.file("shrinking.bin", contents: Data(repeating: 1, count: 100))
        let shrinkingStream = try stream(for: shrinking)
        try Data(repeating: 1, count: 35).write(to: shrinking)
        expectError(.filePartChanged(name: "f", path: shrinking.path, reason: "it shrank to 35 bytes from the 100 it had when the body was built")) {
            try shrinkingStream.collect()
        }

        let growing = try directory.file("growing.bin", contents: Data(repeating: 1, count: 100))
        let growingStream = try stream(for: growing)
        try Data(repeating: 1, count: 101).write(to: growing)
        expectError(.filePartChanged(name: "f", path: growing.path, reason: "it grew beyond the 100 bytes it had when the body was built")) {
            try growingStream.collect()
        }
    }

    @Test("a failing stream reports the error through InputStream and HTTPBody")
    func failingStreams() async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.file("gone.bin", contents: Data(repeating: 1, count: 100))
        let body = MultipartFormDataBodyParameters(parts: [.init(fileURL: file, name: "f")])
        guard case .stream(let stream) = try body.buildEntity(forHTTPMethod: .post) else {
            Issue.record("expected a stream")
            return
        }
        try FileManager.default.removeItem(at: file)
        let input = stream.makeInputStream()
        input.open()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var result = 1
        while result > 0 { result = input.read(&buffer, maxLength: buffer.count) }
        #expect(result == -1)
        #expect(input.streamStatus == .error)
        #expect(input.streamError as? EndpointRequestError == .filePartChanged(name: "f", path: file.path, reason: "it vanished or became unreadable"))

        let httpBody = HTTPBody(stream, length: .known(stream.length!), iterationBehavior: .multiple)
        await #expect(throws: EndpointRequestError.self) { try await Data(collecting: httpBody, upTo: 1 << 20) }
    }

    @Test("invalid boundaries, names and content types are refused")
    func invalidInput() {
        let allowedReason = "it has 71 bytes"
        expectError(.invalidMultipartBoundary(String(repeating: "a", count: 71), reason: allowedReason)) {
            try MultipartFormDataBodyParameters(parts: [], boundary: String(repeating: "a", count: 71)).buildEntity(forHTTPMethod: .post)
        }
        expectError(.invalidMultipartBoundary("", reason: "it has 0 bytes")) {
            try MultipartFormDataBodyParameters(parts: [], boundary: "").buildEntity(forHTTPMethod: .post)
        }
        expectError(.invalidMultipartBoundary("a\r\nb", reason: "it contains the byte 0xD")) {
            try MultipartFormDataBodyParameters(parts: [], boundary: "a\r\nb").buildEntity(forHTTPMethod: .post)
        }
        expectError(.invalidMultipartBoundary("ab ", reason: "it ends with a space")) {
            try MultipartFormDataBodyParameters(parts: [], boundary: "ab ").buildEntity(forHTTPMethod: .post)
        }
        expectError(.invalidMultipartPart(name: "", reason: "the name is empty; RFC 7578 requires one")) {
            try MultipartFormDataBodyParameters(parts: [.init(string: "x", name: "")]).buildEntity(forHTTPMethod: .post)
        }
        expectError(.invalidMultipartPart(name: "x", reason: "the content type is invalid: it contains a line feed (LF) at byte 10")) {
            try MultipartFormDataBodyParameters(parts: [.init(string: "x", name: "x", mimeType: "text/plain\nX-Evil: 1")])
                .buildEntity(forHTTPMethod: .post)
        }
    }
}
