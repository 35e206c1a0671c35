import Foundation
import HTTPTypes

/// Whether and how the controller follows redirects.
///
/// The controller follows `301`, `302`, `303`, `307` and `308` itself, so it can protect your
/// credentials: when a redirect leads to another origin (scheme, host or port), every header the
/// ``Redaction`` names (`Authorization`, `Cookie`, `app_key`, …) is left out of the next request.
/// `303` turns any method but `HEAD` into a body-less `GET`, and so do `301` and `302` for `POST`
/// (what browsers and URLSession do); `307` and `308` keep the method and the body.
///
/// Transports must therefore not follow redirects themselves: a transport that does hides them
/// from the controller, and sends your headers wherever the server points. The controller's default
/// transport (``EndpointController/defaultTransport``) refuses them; for AsyncHTTPClient, set
/// `HTTPClient.Configuration.redirectConfiguration = .disallow`.
///
/// A redirect status the request accepts (see ``Request/acceptableStatusCodes``) is returned, not
/// followed.
///
/// ```swift
/// var configuration = EndpointController<EndpointDefaultServerError>.Configuration()
/// configuration.redirectPolicy = .none        // a redirect is an unacceptable status
/// configuration.redirectPolicy.maxRedirects = 3
/// ```
public struct RedirectPolicy: Sendable, Hashable {
    /// The most redirects followed within one attempt; 0 follows none.
    public var maxRedirects: Int

    /// A policy that follows up to `maxRedirects` redirects per attempt.
    public init(maxRedirects: Int = 10) {
        self.maxRedirects = max(0, maxRedirects)
    }

    /// Up to 10 redirects per attempt.
    public static let `default` = RedirectPolicy()

    /// No redirect is followed: the `3xx` answer is returned (an unacceptable status, unless the
    /// request accepts it).
    public static let none = RedirectPolicy(maxRedirects: 0)

    /// The statuses that are redirects.
    public static let redirectStatusCodes: Set<Int> = [301, 302, 303, 307, 308]

    /// One redirected send: the head, the base URL for the transport, and whether the body goes too.
    struct Hop {
        var head: HTTPRequest
        var baseURL: URL
        var keepsBody: Bool
        var crossesOrigin: Bool
    }

    /// Why a redirect cannot be followed.
    struct Refusal: Error {
        var reason: String
    }

    /// The next request after `response` to `head` (sent to `baseURL`), or `nil` when `response`
    /// is not a redirect. Headers `redaction` names are dropped when the origin changes.
    static func hop(after response: HTTPResponse, to head: HTTPRequest, at baseURL: URL, redaction: Redaction) throws(Refusal)
        -> Hop?
    {
        let status = response.status.code
        guard redirectStatusCodes.contains(status) else { return nil }
        guard let location = response.headerFields[.location], !location.isEmpty else {
            throw Refusal(reason: "the \(status) answer has no Location header")
        }
        guard let current = URL(string: baseURL.absoluteString + (head.path ?? "/")),
            let next = URL(string: location, relativeTo: current)?.absoluteURL
        else {
            throw Refusal(reason: "its Location is not a URL")
        }
        guard let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw Refusal(reason: "its Location's scheme \"\(next.scheme ?? "")\" is not http or https")
        }
        guard let host = next.host(percentEncoded: true), !host.isEmpty else {
            throw Refusal(reason: "its Location has no host")
        }
        guard next.user == nil, next.password == nil else {
            throw Refusal(reason: "its Location carries user credentials")
        }
        let isBareIPv6 = host.contains(":") && !host.hasPrefix("[")
        let bracketedHost = isBareIPv6 ? "[\(host)]" : host
        let authority = next.port.map { "\(bracketedHost):\($0)" } ?? bracketedHost
        guard let nextBase = URL(string: "\(scheme)://\(authority)") else {
            throw Refusal(reason: "its Location's host is not usable")
        }
        var target = next.path(percentEncoded: true)
        if target.isEmpty { target = "/" }
        if let query = next.query(percentEncoded: true) { target += "?" + query }

        var method = head.method
        var keepsBody = true
        if (status == 303 && method != .head) || ((status == 301 || status == 302) && method == .post) {
            method = .get
            keepsBody = false
        }
        var fields = head.headerFields
        if !keepsBody {
            fields[.contentType] = nil
            fields[.contentLength] = nil
            fields[.transferEncoding] = nil
        }
        let crossesOrigin = origin(of: current) != origin(of: next)
        if crossesOrigin {
            fields = HTTPFields(fields.filter { !redaction.hidesHeader($0.name.rawName) })
        }
        let nextHead = HTTPRequest(method: method, scheme: scheme, authority: authority, path: target, headerFields: fields)
        return Hop(head: nextHead, baseURL: nextBase, keepsBody: keepsBody, crossesOrigin: crossesOrigin)
    }

    /// Scheme, host and port (the scheme's default when none is given), compared case-insensitively.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\((url.host(percentEncoded: true) ?? "").lowercased()):\(port)"
    }
}
