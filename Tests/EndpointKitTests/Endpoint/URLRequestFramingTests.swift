import EndpointKit
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `URLRequest` made by `urlRequest()` is framed one way on the wire (RFC 9112 §6.3): a body of
/// known length with `Content-Length`, or chunked, never both.
@Suite("urlRequest(): framing on the wire")
struct URLRequestFramingTests {
    @Test("A streamed multipart body from a file, sent by URLSession, arrives framed one way, whole")
    func streamedBodyFraming() async throws {
        let server = try await TestHTTPServer.start { request in
            .json(#"{"received":\#(request.bodyCount)}"#)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("data.csv")
        try Data(repeating: UInt8(ascii: "x"), count: 300_000).write(to: file)
        let upload = Endpoint<Data>(
            serverURL: server.baseURL, pathPrefix: "up", method: .post,
            body: MultipartFormDataBodyParameters(parts: [.init(fileURL: file, name: "csv")], boundary: "b"))
        let request = try upload.urlRequest()
        let expectedLength = 300_000 + "--b\r\nContent-Disposition: form-data; name=\"csv\"; filename=\"data.csv\"\r\nContent-Type: text/csv\r\n\r\n\r\n--b--\r\n".utf8.count
        #expect(request.httpBodyStream != nil)

        let (data, response) = try await URLSession.shared.data(for: request)

        let received = try #require(server.requests.last)
        let names = Set(received.headers.map { $0.0.lowercased() })
        #expect(!(names.contains("content-length") && names.contains("transfer-encoding")), "\(received.headers)")
        #if canImport(FoundationNetworking)
        // Foundation on Linux sends every stream chunked: the length is left out of the request.
        #expect(request.value(forHTTPHeaderField: "Content-Length") == nil && names.contains("transfer-encoding"))
        #else
        #expect(request.value(forHTTPHeaderField: "Content-Length") == String(expectedLength) && names.contains("content-length"))
        #endif
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == #"{"received":\#(expectedLength)}"#)
        try await server.stop()
    }
}
