import Foundation
import OpenAPIRuntime

/// A request body in the form URLSession sends with an exact `Content-Length`: bytes in memory,
/// or a file that an upload task reads in chunks.
///
/// Foundation frames a body stream (`httpBodyStream`) as chunked on Linux, whatever
/// `Content-Length` says, and cannot tell a stream's length to the server there. So a body larger
/// than the in-memory limit, or of unknown length, is first written to a temporary file, which
/// Foundation sends with its length and removes nothing of: ``remove()`` does, when the task ends.
enum URLSessionUploadBody: Sendable {
    case none
    case data(Data)
    case file(URL)

    /// `body` ready to send: read into memory when its known length is at most `inMemoryLimit`,
    /// else written to a new file in `directory`. Throws when the body ends short of or beyond its
    /// declared length.
    nonisolated(nonsending) static func make(_ body: HTTPBody?, inMemoryLimit: Int, directory: URL) async throws -> URLSessionUploadBody {
        guard let body else { return .none }
        if case .known(let length) = body.length, length <= inMemoryLimit {
            let data = try await Data(collecting: body, upTo: Int(length))
            guard data.count == length else { throw URLSessionEndpointTransportError.bodyLengthMismatch(declared: length, actual: Int64(data.count)) }
            return .data(data)
        }
        return .file(try await spool(body, in: directory))
    }

    /// Writes `body` to a new file in `directory`, checking its declared length.
    private nonisolated(nonsending) static func spool(_ body: HTTPBody, in directory: URL) async throws -> URL {
        let file = directory.appendingPathComponent("endpointkit-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            var written: Int64 = 0
            for try await chunk in body {
                try handle.write(contentsOf: chunk)
                written += Int64(chunk.count)
            }
            if case .known(let length) = body.length, length != written {
                throw URLSessionEndpointTransportError.bodyLengthMismatch(declared: length, actual: written)
            }
            return file
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }

    /// Removes the temporary file, if the body is one.
    func remove() {
        if case .file(let file) = self { try? FileManager.default.removeItem(at: file) }
    }
}
