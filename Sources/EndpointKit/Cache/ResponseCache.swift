import Foundation
import HTTPTypes

/// An optional cache of GET answers, in memory (bounded by size) or on disk.
///
/// Off by default: give one to ``EndpointControllerConfiguration/cache``. A cached answer is used
/// without asking the server while it is fresh: for `Cache-Control: max-age=N` seconds, or for
/// ``defaultLifetime`` when the server says nothing. After that, an answer with an `ETag` or
/// `Last-Modified` is revalidated with `If-None-Match` / `If-Modified-Since`, and a `304 Not
/// Modified` renews it. `no-store` answers are never kept; `no-cache` answers are kept but always
/// revalidated. Only `200` answers to GET requests are cached.
///
/// Keys are the method and the URL with secret query values redacted (see ``Redaction``). A
/// request that carries credentials (the headers and query values the redaction names) gets its
/// own entries: the key ends with a SipHash-2-4 digest of the credentials under the cache's secret
/// salt, so one cache shared by several users never answers one with another's data, and neither
/// keys, files nor logs hold a credential. A disk cache keeps its salt in the directory (`.salt`,
/// readable by the owner only), so entries survive a restart. Nothing but the answer's status,
/// headers (secret ones redacted) and body is stored.
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
    /// The secret key of the credential digests.
    private let salt: (UInt64, UInt64)

    /// A cache in `storage`, keeping answers fresh for `defaultLifetime` when the server says nothing.
    public init(storage: Storage, defaultLifetime: Duration = .seconds(3600)) {
        self.storage = storage
        self.defaultLifetime = defaultLifetime
        salt = Self.salt(for: storage)
    }

    /// A random salt for memory; for a directory, the one stored there (made on first use). When
    /// the directory cannot hold one, a random salt: credentialed answers are then kept for this
    /// process only.
    private static func salt(for storage: Storage) -> (UInt64, UInt64) {
        var generator = SystemRandomNumberGenerator()
        let fresh = (generator.next() as UInt64, generator.next() as UInt64)
        guard case .disk(let directory) = storage else { return fresh }
        let file = directory.appendingPathComponent(".salt")
        func decode(_ data: Data) -> (UInt64, UInt64)? {
            guard data.count == 16 else { return nil }
            let bytes = [UInt8](data)
            func word(_ start: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[start + $1]) << (8 * UInt64($1)) } }
            return (word(0), word(8))
        }
        if let data = try? Data(contentsOf: file), let stored = decode(data) { return stored }
        var bytes: [UInt8] = []
        for word in [fresh.0, fresh.1] { for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) } }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Written beside, then linked into place: of two processes starting together, one wins and
        // both read the winner's salt.
        let temporary = directory.appendingPathComponent(".salt.\(UInt64.random(in: 0 ... .max))")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            return fresh
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        _ = link(temporary.path, file.path)
        if let data = try? Data(contentsOf: file), let stored = decode(data) { return stored }
        return fresh
    }

    /// The part of a key that sets apart requests with different credentials: `nil` when
    /// `headers` and `target` carry none, otherwise a digest under this cache's salt.
    func credentialPartition(headers: HTTPFields, target: String, redaction: Redaction) -> String? {
        var material: [UInt8] = []
        for field in headers.sorted(by: { $0.name.canonicalName < $1.name.canonicalName }) where redaction.hidesHeader(field.name.rawName) {
            material += Array("h\(field.name.canonicalName)\u{0}\(field.value)\u{0}".utf8)
        }
        if let questionMark = target.firstIndex(of: "?") {
            for pair in target[target.index(after: questionMark)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
                guard parts.count == 2, redaction.queryNames.contains(name.lowercased()) else { continue }
                material += Array("q\(name.lowercased())\u{0}\(parts[1])\u{0}".utf8)
            }
        }
        guard !material.isEmpty else { return nil }
        let digest = String(SipHash.hash(material, key: salt), radix: 16)
        return String(repeating: "0", count: 16 - digest.count) + digest
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
