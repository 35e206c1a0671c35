import Foundation

/// A checked server URL, split into the parts a request needs.
///
/// The host is checked to hold only characters a URL host may hold, so `origin` followed by any
/// percent-encoded path always parses as a URL. A query the URL carries is the ``fixedQuery``
/// every request to it sends first.
///
/// A class: every request to a server takes its checked URL from a small cache, and handing out
/// a reference is one retain where copying the struct retained each of its seven fields.
final class ServerURL: Sendable {
    let scheme: String
    let authority: String
    let origin: String
    /// ``origin`` as a URL: the `baseURL` of every request to this server, parsed once.
    let originURL: URL
    /// The percent-encoded path, without a trailing slash.
    let pathBytes: [UInt8]
    /// The URL's own query, sent before the endpoint's.
    let fixedQuery: FixedQuery

    init(_ url: URL) throws {
        func unusable(_ reason: String) -> EndpointRequestError {
            // Without the query, which may hold a key.
            .unusableServerURL(String(url.absoluteString.prefix { $0 != "?" }), reason: reason)
        }
        guard let rawScheme = url.scheme else { throw unusable("it has no scheme") }
        let scheme = rawScheme.lowercased()
        guard scheme == "http" || scheme == "https" else { throw unusable("the scheme \"\(rawScheme)\" is not http or https") }
        guard let host = url.host(percentEncoded: true), !host.isEmpty else { throw unusable("it has no host") }
        var hostHasColon = false
        for byte in host.utf8 {
            guard ServerURL.isHostByte(byte) else { throw unusable("its host has characters a URL host cannot hold") }
            if byte == UInt8(ascii: ":") { hostHasColon = true }
        }
        guard url.user == nil, url.password == nil else {
            throw EndpointRequestError.unusableServerURL(
                "\(scheme)://\(host)", reason: "it carries user credentials; send them in a header instead")
        }
        var fixedQuery = FixedQuery.none
        if let query = url.query(percentEncoded: true), !query.isEmpty {
            guard let valid = FixedQuery(percentEncoded: query) else {
                throw unusable("its query holds characters a URL query cannot hold bare, or a % that starts no percent-encoding")
            }
            fixedQuery = valid
        }
        guard url.fragment == nil else { throw unusable("it has a fragment") }
        let isBareIPv6 = hostHasColon && host.utf8.first != UInt8(ascii: "[")
        let bracketedHost = isBareIPv6 ? "[\(host)]" : host
        let authority = url.port.map { "\(bracketedHost):\($0)" } ?? bracketedHost
        var path = Array(url.path(percentEncoded: true).utf8)
        while path.last == UInt8(ascii: "/") { path.removeLast() }
        self.scheme = scheme
        self.authority = authority
        origin = "\(scheme)://\(authority)"
        // The host holds only URL characters and the port is a number, so the origin parses.
        guard let originURL = URL(string: origin) else { throw unusable("its scheme and host do not make a URL") }
        self.originURL = originURL
        pathBytes = path
        self.fixedQuery = fixedQuery
    }

    /// The URL without its query, for messages: a fixed query may hold a key.
    var descriptionWithoutQuery: String {
        origin + String(decoding: pathBytes, as: UTF8.self)
    }

    /// RFC 3986 host characters: unreserved, sub-delims, `%` of percent-encoding, and the `[`, `]`
    /// and `:` of IP literals.
    @inline(__always)
    static func isHostByte(_ byte: UInt8) -> Bool {
        if PercentEncoding.isUnreserved(byte) { return true }
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: "%"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }
}

extension ServerURL {
    /// The last few server URLs checked, most requests' servers among them.
    private static let recent = Locked<(entries: [(url: URL, server: ServerURL)], next: Int)>(([], 0))
    private static let recentLimit = 8

    /// `url` checked, from the servers checked before when it is one of the last eight.
    ///
    /// Checking a server URL reads seven of `URL`'s parts, each a new string: about 4,300
    /// instructions, 8 % of building an Oxford request; finding it again costs a lock and a
    /// comparison. A URL that fails is checked again each time, so its error is always current.
    static func checked(_ url: URL) throws -> ServerURL {
        if let known = recent.withLock({ state in state.entries.first { $0.url == url }?.server }) { return known }
        let server = try ServerURL(url)
        recent.withLock { state in
            if state.entries.count < recentLimit {
                state.entries.append((url, server))
            } else {
                state.entries[state.next] = (url, server)
                state.next = (state.next + 1) % recentLimit
            }
        }
        return server
    }
}
