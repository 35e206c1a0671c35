import Foundation
import HTTPTypes

/// An optional cache of GET answers, in memory (bounded by size) or on disk.
///
/// Off by default: give one to ``EndpointController/Configuration/cache``. A cached answer is used
/// without asking the server while it is fresh: for `Cache-Control: max-age=N` seconds, or for
/// ``defaultLifetime`` when the server says nothing. After that, an answer with an `ETag` or
/// `Last-Modified` is revalidated with `If-None-Match` / `If-Modified-Since`, and a `304 Not
/// Modified` renews it. `no-store` answers are never kept; `no-cache` answers are kept but always
/// revalidated. Only `200` answers to GET requests are cached.
///
/// Keys are the method and the URL with secret query values redacted (see ``Redaction``); header
/// credentials are never part of a key, and nothing but the answer's status, headers (secret ones
/// redacted) and body is stored.
public final class ResponseCache: Sendable {
    /// Where entries live.
    public enum Storage: Sendable {
        /// In memory, evicting the least recently used entries above `maxBytes` of bodies.
        case memory(maxBytes: Int)
        /// In a directory, one file per entry, written atomically.
        case disk(directory: URL)
    }

    /// A stored answer.
    public struct Entry: Codable, Sendable, Equatable {
        /// The status code.
        public var status: Int
        /// The headers, as name-value pairs.
        public var headers: [[String]]
        /// The body.
        public var body: Data
        /// When the answer stops being fresh.
        public var expires: Date
        /// The `ETag`, if any.
        public var etag: String?
        /// The `Last-Modified` date, if any.
        public var lastModified: String?

        /// The response head.
        var response: HTTPResponse {
            var fields = HTTPFields()
            for pair in headers where pair.count == 2 {
                if let name = HTTPField.Name(pair[0]) { fields.append(HTTPField(name: name, value: pair[1])) }
            }
            return HTTPResponse(status: .init(code: status), headerFields: fields)
        }
    }

    /// Where entries live.
    public let storage: Storage
    /// How long an answer without `Cache-Control: max-age` stays fresh.
    public let defaultLifetime: Duration
    private let memory = Locked<(entries: [String: Entry], order: [String], bytes: Int)>(([:], [], 0))

    /// A cache in `storage`, keeping answers fresh for `defaultLifetime` when the server says nothing.
    public init(storage: Storage, defaultLifetime: Duration = .seconds(3600)) {
        self.storage = storage
        self.defaultLifetime = defaultLifetime
    }

    /// The key of a request: `METHOD url` with secret query values redacted.
    public static func key(method: HTTPRequest.Method, url: String, redaction: Redaction = .default) -> String {
        guard let schemeEnd = url.range(of: "://"), let pathStart = url[schemeEnd.upperBound...].firstIndex(of: "/") else {
            return "\(method.rawValue) \(url)"
        }
        return "\(method.rawValue) \(url[..<pathStart])\(redaction.redactTarget(String(url[pathStart...])))"
    }

    /// The entry for `key`, fresh or not.
    public func entry(forKey key: String) -> Entry? {
        switch storage {
        case .memory:
            return memory.withLock { state in
                guard let entry = state.entries[key] else { return nil }
                state.order.removeAll { $0 == key }
                state.order.append(key)
                return entry
            }
        case .disk:
            guard let data = try? Data(contentsOf: file(forKey: key)) else { return nil }
            return try? JSONDecoder().decode(Entry.self, from: data)
        }
    }

    /// Stores `entry` under `key`.
    public func store(_ entry: Entry, forKey key: String) {
        switch storage {
        case .memory(let maxBytes):
            guard entry.body.count <= maxBytes else { return }
            memory.withLock { state in
                if let old = state.entries[key] {
                    state.bytes -= old.body.count
                    state.order.removeAll { $0 == key }
                }
                state.entries[key] = entry
                state.order.append(key)
                state.bytes += entry.body.count
                while state.bytes > maxBytes, let oldest = state.order.first {
                    state.order.removeFirst()
                    state.bytes -= state.entries.removeValue(forKey: oldest)?.body.count ?? 0
                }
            }
        case .disk(let directory):
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try JSONEncoder().encode(entry).write(to: file(forKey: key), options: .atomic)
            } catch {
                // A cache that cannot write only costs a request next time.
            }
        }
    }

    /// Removes every entry.
    public func removeAll() {
        switch storage {
        case .memory:
            memory.withLock { $0 = ([:], [], 0) }
        case .disk(let directory):
            let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
            for file in files where file.pathExtension == "cache" { try? FileManager.default.removeItem(at: file) }
        }
    }

    /// The file of an entry: a hash of the key, so no URL (or secret) appears in a file name.
    func file(forKey key: String) -> URL {
        guard case .disk(let directory) = storage else { return URL(fileURLWithPath: "/dev/null") }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return directory.appendingPathComponent(String(repeating: "0", count: 16 - hex.count) + hex + ".cache")
    }

    /// The entry to store for an answer, or `nil` when it must not be stored.
    func entry(for response: HTTPResponse, body: Data, now: Date, redaction: Redaction) -> Entry? {
        guard response.status == .ok else { return nil }
        let directives = Self.directives(response.headerFields[.cacheControl])
        if directives["no-store"] != nil { return nil }
        let lifetime: TimeInterval
        if directives["no-cache"] != nil {
            lifetime = 0
        } else if let maxAge = directives["max-age"].flatMap({ $0.flatMap(TimeInterval.init) }) {
            lifetime = max(0, maxAge)
        } else {
            lifetime = Double(defaultLifetime.components.seconds) + Double(defaultLifetime.components.attoseconds) / 1e18
        }
        let headers = response.headerFields.map { [$0.name.rawName, redaction.headerValue($0.value, forHeader: $0.name.rawName)] }
        return Entry(
            status: response.status.code, headers: headers, body: body, expires: now.addingTimeInterval(lifetime),
            etag: response.headerFields[.eTag], lastModified: response.headerFields[.lastModified])
    }

    /// `Cache-Control` directives by lower-cased name, with their values.
    static func directives(_ value: String?) -> [String: String?] {
        var result: [String: String?] = [:]
        for part in (value ?? "").split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = pieces.first?.lowercased(), !name.isEmpty else { continue }
            result[name] = pieces.count == 2 ? pieces[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
        }
        return result
    }
}
