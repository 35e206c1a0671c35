import HTTPTypes

/// Why sending a request failed. Every description names the method and the path (never the query,
/// a header or a credential) and the number of attempts made.
public struct EndpointError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable {
        /// The request could not be built from its description.
        case invalidRequest(EndpointRequestError)
        /// The transport failed before an answer arrived.
        case transport(TransportFailure)
        /// The server answered with a status the request does not accept. `serverError` is the
        /// decoded error body when it held one; `bodyExcerpt` is the start of the body.
        case unacceptableStatus(HTTPResponse.Status, serverError: (any EndpointServerError)?, bodyExcerpt: String)
        /// The answer's `Content-Type` is not one the request can decode.
        case unacceptableContentType(String?, expected: String)
        /// The answer could not be decoded: where in the body (a coding path) and why.
        case decoding(codingPath: String, reason: String, bodyExcerpt: String)
        /// The answer's body is larger than the request allows in memory.
        case responseTooLarge(limit: Int)
        /// A download could not be written to its destination.
        case download(reason: String)
        /// A redirect could not be followed: no `Location`, not an http(s) URL, or credentials in
        /// it. `location` has secret query values hidden.
        case invalidRedirect(status: Int, location: String?, reason: String)
        /// More redirects in one attempt than ``RedirectPolicy/maxRedirects``.
        case tooManyRedirects(limit: Int)
        /// Cursor paging could not go on: see ``CursorPagingFailure``.
        case cursorPaging(CursorPagingFailure)
        /// A resumable download's answer or file is not what was asked for: see
        /// ``DownloadIntegrityFailure``.
        case downloadIntegrity(DownloadIntegrityFailure)
    }

    /// How a transport failed.
    public enum TransportFailure: Sendable, Hashable, CustomStringConvertible {
        /// No connection could be made: no network, unknown host, or connection refused.
        case unreachable(String)
        /// The server did not answer in time.
        case timedOut
        /// The calling task was cancelled.
        case cancelled
        /// The connection broke while the request or answer was under way.
        case connectionLost(String)
        /// Any other transport error.
        case other(String)

        /// A short description.
        public var description: String {
            switch self {
            case .unreachable(let reason): "server unreachable (\(reason))"
            case .timedOut: "timed out"
            case .cancelled: "cancelled"
            case .connectionLost(let reason): "connection lost (\(reason))"
            case .other(let reason): reason
            }
        }
    }

    /// What went wrong.
    public let kind: Kind
    /// The request's method.
    public let method: HTTPRequest.Method
    /// The request's path, without its query.
    public let path: String
    /// How many times the request was sent (0 when it could not be built).
    public let attempts: Int
    /// What a resumable download kept when it was cancelled or ran out of retries: pass it to
    /// ``EndpointController/resumableDownload(_:options:)`` in ``ResumableDownloadOptions/resumeData``
    /// to go on from the bytes already on disk. `nil` for every other error.
    public internal(set) var resumeData: DownloadResumeData?

    /// An error of `kind` for the request `method path`.
    public init(_ kind: Kind, method: HTTPRequest.Method, path: String, attempts: Int) {
        self.kind = kind
        self.method = method
        self.path = path
        self.attempts = attempts
    }

    /// The HTTP status, when the server answered.
    public var status: HTTPResponse.Status? {
        if case .unacceptableStatus(let status, _, _) = kind { return status }
        return nil
    }

    /// The decoded server error body, as `type`, when the server sent one of that type.
    public func serverError<ServerError: EndpointServerError>(as type: ServerError.Type = ServerError.self) -> ServerError? {
        if case .unacceptableStatus(_, let serverError?, _) = kind { return serverError as? ServerError }
        return nil
    }

    /// `METHOD /path: what went wrong`.
    public var description: String {
        let attemptsNote = attempts > 1 ? " after \(attempts) attempts" : ""
        let what: String
        switch kind {
        case .invalidRequest(let error):
            what = "invalid request: \(error)"
        case .transport(let failure):
            what = "\(failure)\(attemptsNote)"
        case .unacceptableStatus(let status, let serverError, let excerpt):
            var text = "unacceptable status \(status.code) \(EndpointError.reasonPhrase(status))\(attemptsNote)"
            if let serverError, !serverError.summary.isEmpty {
                text += ": \(serverError.summary)"
            } else if !excerpt.isEmpty {
                text += ": \(excerpt)"
            }
            what = text
        case .unacceptableContentType(let contentType, let expected):
            what = "unacceptable content type \(contentType ?? "(none)"); expected \(expected)"
        case .decoding(let codingPath, let reason, let excerpt):
            what = "cannot decode the answer at \(codingPath): \(reason); the body starts: \(excerpt)"
        case .responseTooLarge(let limit):
            what = "the answer is larger than the \(limit) bytes allowed in memory"
        case .download(let reason):
            what = "download failed: \(reason)"
        case .invalidRedirect(let status, let location, let reason):
            what = "cannot follow the \(status) redirect to \(location.map { "\"\($0)\"" } ?? "nowhere"): \(reason)"
        case .tooManyRedirects(let limit):
            what = "more than \(limit) redirects"
        case .cursorPaging(let failure):
            what = "cursor paging: \(failure)"
        case .downloadIntegrity(let failure):
            what = "download rejected: \(failure)"
        }
        return "\(method.rawValue) \(path): \(what)"
    }
}

extension EndpointError {
    /// The status's reason phrase, or the standard one (RFC 9110) when the transport gave none.
    static func reasonPhrase(_ status: HTTPResponse.Status) -> String {
        if !status.reasonPhrase.isEmpty { return status.reasonPhrase }
        let standard: [Int: String] = [
            400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
            408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
            413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
            417: "Expectation Failed", 421: "Misdirected Request", 422: "Unprocessable Content", 425: "Too Early",
            426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
            431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons", 500: "Internal Server Error",
            501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
            505: "HTTP Version Not Supported", 300: "Multiple Choices", 301: "Moved Permanently", 302: "Found",
            303: "See Other", 304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect",
            200: "OK", 201: "Created", 202: "Accepted", 204: "No Content",
        ]
        return standard[status.code] ?? "(status \(status.code))"
    }

    /// At most `limit` bytes of `body` as text, with `…` when cut.
    static func excerpt(_ body: some Collection<UInt8>, limit: Int = 512) -> String {
        let prefix = body.prefix(limit)
        var text = String(decoding: prefix, as: UTF8.self)
        if body.count > limit { text += "…" }
        return text
    }
}
