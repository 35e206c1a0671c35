import EndpointKit
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A request as a transport received it, with its whole body.
public struct RecordedRequest: Sendable {
    /// The head: method, path with query, headers.
    public var request: HTTPRequest
    /// The body's bytes (empty when there was none).
    public var body: Data
    /// The base URL the request was sent to.
    public var baseURL: URL

    /// The method.
    public var method: HTTPRequest.Method { request.method }
    /// The path without the query.
    public var path: String { String((request.path ?? "/").prefix { $0 != "?" }) }
    /// The percent-encoded query, if any.
    public var query: String? {
        let target = request.path ?? "/"
        return target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
    }
    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Collects the body of a request (up to `limit` bytes) and returns the record and a body to
    /// send on in its place.
    static func record(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, limit: Int) async throws
        -> (RecordedRequest, HTTPBody?)
    {
        guard let body else { return (RecordedRequest(request: request, body: Data(), baseURL: baseURL), nil) }
        let data = try await Data(collecting: body, upTo: limit)
        return (RecordedRequest(request: request, body: data, baseURL: baseURL), HTTPBody(data))
    }
}

/// A value guarded by a lock.
final class Guarded<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
