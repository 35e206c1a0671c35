/// The path of an endpoint below its server URL, as segments that are percent-encoded one by one.
///
/// A string literal is a template written by the developer: it is split at `/`, so
/// `"oauth2/token"` is two segments. A value appended with ``appending(_:)-(String)`` or `/` is always
/// exactly one segment, whatever it holds: `/`, `?` and `#` in it are escaped, and an empty
/// segment, `.` or `..` is refused when the request is built, so no value can change which
/// resource is addressed.
///
/// ```swift
/// let path: EndpointPath = "users" / "867" / "followers"
/// // renders as /users/867/followers
/// let word: EndpointPath = "entries/en-gb" / "ace of spades/2"
/// // renders as /entries/en-gb/ace%20of%20spades%2F2
/// ```
public struct EndpointPath: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The unencoded segments, in order.
    public private(set) var segments: [String]

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
        self.segments = Array(segments[first..<last])
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
        EndpointPath(segments: segments + [segment])
    }

    /// This path followed by all the segments of `path`.
    public func appending(_ path: EndpointPath) -> EndpointPath {
        EndpointPath(segments: segments + path.segments)
    }

    /// `path` with `segment` added as one segment.
    public static func / (path: EndpointPath, segment: String) -> EndpointPath {
        path.appending(segment)
    }

    /// The segments joined by `/`, unencoded (for messages and logs).
    public var description: String {
        "/" + segments.joined(separator: "/")
    }

    /// Appends `/segment` for each segment, percent-encoded, to `output`.
    ///
    /// - Throws: ``EndpointRequestError/invalidPathSegment(_:reason:)`` for an empty segment, `.` or `..`.
    func appendEncoded(to output: inout [UInt8]) throws {
        for segment in segments {
            switch segment {
            case "":
                throw EndpointRequestError.invalidPathSegment(segment, reason: "it is empty, which would give \"//\"")
            case ".", "..":
                throw EndpointRequestError.invalidPathSegment(segment, reason: "it is a dot segment, which would move up the path")
            default:
                output.append(UInt8(ascii: "/"))
                PercentEncoding.append(segment, to: &output)
            }
        }
    }
}
