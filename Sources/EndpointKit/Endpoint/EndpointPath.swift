/// The path of an endpoint below its server URL, as segments that are percent-encoded one by one.
///
/// A string literal is a template written by the developer: it is split at `/`, so
/// `"oauth2/token"` is two segments. A value appended with ``appending(_:)-(String)`` or `/` is always
/// exactly one segment, whatever it holds: `/`, `?` and `#` in it are escaped, and an empty
/// segment, `.` or `..` is refused when the request is built, so no value can change which
/// resource is addressed.
///
/// Two shapes some servers need are asked for, never produced by accident:
/// - a trailing slash (Django REST framework, many Rails and PHP routes: `/users/`), with
///   ``withTrailingSlash(_:)``; a template's own trailing slash is ignored, as before;
/// - an empty segment (`/a//b`), with ``allowingEmptySegments()``.
///
/// ```swift
/// let path: EndpointPath = "users" / "867" / "followers"
/// // renders as /users/867/followers
/// let word: EndpointPath = "entries/en-gb" / "ace of spades/2"
/// // renders as /entries/en-gb/ace%20of%20spades%2F2
/// let users = EndpointPath("users").withTrailingSlash()
/// // renders as /users/
/// ```
public struct EndpointPath: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The unencoded segments, in order.
    public private(set) var segments: [String]
    /// Whether the path ends with `/`. Default `false`; kept when segments are appended.
    public var hasTrailingSlash: Bool = false
    /// Whether an empty segment is sent (as `//`) instead of refused. Default `false`.
    public var allowsEmptySegments: Bool = false

    /// Splits a template at `/`; leading and trailing slashes are ignored, so `"/users/"` is one
    /// segment. An empty template is the server URL's own path.
    public init(_ template: String) {
        var segments: [String] = []
        var start = template.utf8.startIndex
        var index = start
        while index != template.utf8.endIndex {
            if template.utf8[index] == UInt8(ascii: "/") {
                segments.append(String(template[start..<index]))
                start = template.utf8.index(after: index)
            }
            index = template.utf8.index(after: index)
        }
        segments.append(String(template[start..<index]))
        // Leading and trailing slashes are ignored; an empty segment inside is kept, and refused later.
        let first = segments.firstIndex { !$0.isEmpty } ?? segments.endIndex
        let last = segments.lastIndex { !$0.isEmpty }.map { $0 + 1 } ?? first
        // A template without a leading or trailing slash keeps its array (no copy).
        self.segments = first == segments.startIndex && last == segments.endIndex ? segments : Array(segments[first..<last])
    }

    /// A path of exactly these segments; each is encoded as one segment.
    public init(segments: [String]) {
        self.segments = segments
    }

    /// Splits a template at `/`, as ``init(_:)``.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// This path with `segment` added as one segment.
    public func appending(_ segment: String) -> EndpointPath {
        var path = self
        path.segments.append(segment)
        return path
    }

    /// This path followed by all the segments of `path`; it ends with a slash when either does,
    /// and allows empty segments when either does.
    public func appending(_ path: EndpointPath) -> EndpointPath {
        var result = self
        result.segments += path.segments
        result.hasTrailingSlash = hasTrailingSlash || path.hasTrailingSlash
        result.allowsEmptySegments = allowsEmptySegments || path.allowsEmptySegments
        return result
    }

    /// This path ending with `/` (or not, for `false`): `/users/` for `"users"`.
    public func withTrailingSlash(_ trailingSlash: Bool = true) -> EndpointPath {
        var path = self
        path.hasTrailingSlash = trailingSlash
        return path
    }

    /// This path with its empty segments sent as `//` instead of refused: for the rare server
    /// whose routes hold one. `.` and `..` stay refused.
    public func allowingEmptySegments() -> EndpointPath {
        var path = self
        path.allowsEmptySegments = true
        return path
    }

    /// `path` with `segment` added as one segment.
    public static func / (path: EndpointPath, segment: String) -> EndpointPath {
        path.appending(segment)
    }

    /// The segments joined by `/`, unencoded (for messages and logs).
    public var description: String {
        "/" + segments.joined(separator: "/") + (hasTrailingSlash && !segments.isEmpty ? "/" : "")
    }

    /// Appends `/segment` for each segment, percent-encoded, to `output`, then the trailing slash.
    ///
    /// - Throws: ``EndpointRequestError/invalidPathSegment(_:reason:)`` for an empty segment
    ///   (unless ``allowsEmptySegments``), `.` or `..`.
    func appendEncoded(to output: inout [UInt8]) throws {
        for segment in segments {
            switch segment {
            case "" where allowsEmptySegments:
                output.append(UInt8(ascii: "/"))
            case "":
                throw EndpointRequestError.invalidPathSegment(segment, reason: "it is empty, which would give \"//\"")
            case ".", "..":
                throw EndpointRequestError.invalidPathSegment(segment, reason: "it is a dot segment, which would move up the path")
            default:
                output.append(UInt8(ascii: "/"))
                PercentEncoding.append(segment, to: &output)
            }
        }
        if hasTrailingSlash { output.append(UInt8(ascii: "/")) }
    }
}
