import Foundation

/// The host and port of an origin (`scheme://host[:port]`, as ``ServerURL`` writes it), for span
/// attributes and metrics: read from the origin's bytes, without parsing a URL.
struct ServerEndpoint {
    var address: String
    var port: Int

    init(origin: String) {
        // Bytes, not Foundation's string searches (which bridge to NSString).
        let bytes = origin.utf8
        var authority = Substring(origin)
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: "://".utf8) {
            authority = origin[bytes.index(colon, offsetBy: 3)...]
        }
        let isIPv6 = authority.utf8.first == UInt8(ascii: "[")
        let hostEnd = isIPv6 ? authority.firstIndex(of: "]").map { authority.index(after: $0) } : authority.lastIndex(of: ":")
        var host = authority[..<(hostEnd ?? authority.endIndex)]
        if isIPv6 { host = host.dropFirst().dropLast() }
        address = host.utf8.contains(UInt8(ascii: "%")) ? String(host).removingPercentEncoding ?? String(host) : String(host)
        let portText = authority[(hostEnd ?? authority.endIndex)...].drop(while: { $0 == "]" || $0 == ":" })
        // ServerURL writes the scheme in lower case.
        port = Int(portText) ?? (origin.hasPrefix("http:") ? 80 : 443)
    }
}
