/// Why a request could not be built from its description.
///
/// Every case names what was wrong and what is allowed. Header values and parameter values are
/// never quoted (they may hold credentials); names, paths and reasons are.
public enum EndpointRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server URL cannot be the base of a request: not absolute, not `http` or `https`,
    /// without a host, or carrying a fragment, credentials or a query that is not valid.
    case unusableServerURL(String, reason: String)
    /// A path segment would change the request's path: empty, `.` or `..`.
    case invalidPathSegment(String, reason: String)
    /// A body was given for a method that must not carry one (GET, HEAD).
    case bodyNotAllowed(method: String)
    /// A header name is not an RFC 9110 token.
    case invalidHeaderName(String)
    /// A header value holds a byte RFC 9110 forbids (CR, LF, NUL, other controls).
    case invalidHeaderValue(name: String, reason: String)
    /// A number at `path` is NaN or infinite; JSON, queries and forms cannot carry it.
    case nonFiniteNumber(path: String)
    /// Parameters that must be named (a query, a form) rendered as another kind of value.
    case parametersNotAnObject(location: String, kind: String)
    /// A value at `path` has no unambiguous rendering in the chosen query style.
    case unsupportedQueryValue(path: String, reason: String)
    /// Two keys of a ``KeyedAPIParameters`` type, or a parameter and the paging parameters,
    /// have the same name.
    case duplicateParameterName(String)
    /// A page number below 1 (pages are 1-based).
    case invalidPage(Int)
    /// A page other than 1 was asked of an endpoint whose payload is not ``EndpointPageable``.
    case pagingUnsupported(payload: String)
    /// A content type that is empty or not a valid header value.
    case invalidContentType(String, reason: String)
    /// A multipart boundary that RFC 2046 does not allow.
    case invalidMultipartBoundary(String, reason: String)
    /// A multipart part whose name, file name or content type cannot be written.
    case invalidMultipartPart(name: String, reason: String)
    /// A file part that cannot be read: missing, a directory, or not readable.
    case unreadableFilePart(name: String, path: String, reason: String)
    /// A file part that changed while its body was being sent: it vanished, shrank or grew, so
    /// the announced Content-Length would be a lie.
    case filePartChanged(name: String, path: String, reason: String)
    /// An `Encodable` value could not be turned into parameters.
    case parameterEncodingFailed(path: String, reason: String)
    /// A blocking call was made from Swift concurrency, where blocking a thread can deadlock.
    case blockingCallInAsyncContext
    /// The request's target (path and query) or header fields are larger than the controller
    /// sends; servers answer such requests 414 or 431, or close the connection.
    case requestTooLarge(part: String, bytes: Int, limit: Int, setting: String)
    /// A character given to ``QueryEncoder/AllowedCharacters/init(_:)`` that cannot be written bare
    /// in a query.
    case invalidAllowedCharacter(String, reason: String)
    /// A query parameter that the server URL's own query already fixes, with another value.
    case conflictingQueryParameter(String, serverURL: String)

    /// What was wrong and what is allowed, in one line.
    public var description: String {
        switch self {
        case .unusableServerURL(let url, let reason):
            "unusable server URL \(url): \(reason); a server URL is absolute, http or https, with a host, no credentials and no fragment"
        case .invalidPathSegment(let segment, let reason):
            "invalid path segment \(segment.debugDescription): \(reason); a segment is non-empty and neither \".\" nor \"..\""
        case .bodyNotAllowed(let method):
            "a \(method) request cannot carry a body; send parameters in the query, or use POST, PUT, PATCH, DELETE or OPTIONS"
        case .invalidHeaderName(let name):
            "invalid header name \(name.debugDescription): a header name is a non-empty RFC 9110 token (letters, digits and !#$%&'*+-.^_`|~)"
        case .invalidHeaderValue(let name, let reason):
            "invalid value for header \(name): \(reason); a header value holds no CR, LF, NUL or other control byte but tab"
        case .nonFiniteNumber(let path):
            "the number at \(path) is NaN or infinite; only finite numbers can be sent"
        case .parametersNotAnObject(let location, let kind):
            "\(location) parameters must be named (a dictionary or APIParameters), got \(kind == "array" || kind == "integer" ? "an" : "a") \(kind)"
        case .unsupportedQueryValue(let path, let reason):
            "cannot encode the value at \(path) in a query: \(reason)"
        case .duplicateParameterName(let name):
            "the parameter name \"\(name)\" is used twice; each name may appear once"
        case .invalidPage(let page):
            "invalid page \(page): pages are numbered from 1"
        case .pagingUnsupported(let payload):
            "page requested for an endpoint whose payload \(payload) is not EndpointPageable; only page 1 is allowed"
        case .invalidContentType(let value, let reason):
            "invalid content type \(value.debugDescription): \(reason); a content type is a non-empty header value such as application/json"
        case .invalidMultipartBoundary(let boundary, let reason):
            "invalid multipart boundary \(boundary.debugDescription): \(reason); RFC 2046 allows 1 to 70 characters of letters, digits and '()+_,-./:=? and space, not ending in a space"
        case .invalidMultipartPart(let name, let reason):
            "invalid multipart part \"\(name)\": \(reason)"
        case .unreadableFilePart(let name, let path, let reason):
            "cannot read the file of multipart part \"\(name)\" at \(path): \(reason)"
        case .filePartChanged(let name, let path, let reason):
            "the file of multipart part \"\(name)\" at \(path) changed while it was sent: \(reason)"
        case .parameterEncodingFailed(let path, let reason):
            "cannot encode the parameter at \(path): \(reason)"
        case .blockingCallInAsyncContext:
            "loadBlocking was called from a task; use `await load(_:)` there (blocking a concurrency thread can deadlock)"
        case .requestTooLarge(let part, let bytes, let limit, let setting):
            "the request's \(part) is \(bytes) bytes; at most \(limit) are sent (EndpointController.Configuration.\(setting)); send large data in a body"
        case .invalidAllowedCharacter(let character, let reason):
            "\(character.debugDescription) cannot be left unescaped in a query: \(reason); allowed are A-Z a-z 0-9 and - . _ ~ ! $ ' ( ) * , ; : @ / ?"
        case .conflictingQueryParameter(let name, let serverURL):
            "the query parameter \"\(name)\" is fixed by the server URL \(serverURL) to another value; send it once, from the server URL or from the endpoint (the same value in both is sent once)"
        }
    }
}
