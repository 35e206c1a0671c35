import HTTPTypes

/// A step around every send: change the request before it goes (authentication headers), look at
/// each answer, and ask for the request to be sent again (after refreshing a token).
///
/// Interceptors run in the order given to the controller; every method has a default that does nothing.
public protocol EndpointInterceptor: Sendable {
    /// The request to send for this attempt. Called before every attempt, retries included, but
    /// not for the redirects within an attempt: they carry the adapted headers, minus the secret
    /// ones when the redirect leads to another origin (see ``RedirectPolicy``).
    func adapt(_ request: HTTPRequest) async throws -> HTTPRequest

    /// Whether to send the request again after `response`, for example with a refreshed token.
    /// `attempt` counts the sends so far. The controller replays a request at most once, apart
    /// from its retry policy.
    func shouldReplay(_ request: HTTPRequest, after response: HTTPResponse, attempt: Int) async throws -> Bool
}

extension EndpointInterceptor {
    /// The request unchanged.
    public func adapt(_ request: HTTPRequest) async throws -> HTTPRequest { request }
    /// `false`.
    public func shouldReplay(_ request: HTTPRequest, after response: HTTPResponse, attempt: Int) async throws -> Bool {
        false
    }
}

/// Sends `Authorization: Bearer <token>` and refreshes the token on `401`, once for all requests
/// that hit the `401` together: the first triggers the refresh, the others wait for it, then all are
/// sent again with the new token.
///
/// ```swift
/// let authenticator = BearerTokenAuthenticator { try await signIn() }
/// let controller = EndpointController<EndpointDefaultServerError>(
///     configuration: .init(interceptors: [authenticator]))
/// ```
public actor BearerTokenAuthenticator: EndpointInterceptor {
    private let fetchToken: @Sendable () async throws -> String
    private var token: String?
    private var refresh: Task<String, any Error>?
    /// How many times the token was fetched.
    public private(set) var fetchCount = 0

    /// An authenticator that gets its token from `fetchToken`, first when a request is sent and
    /// again after a `401`.
    public init(initialToken: String? = nil, fetchToken: @escaping @Sendable () async throws -> String) {
        token = initialToken
        self.fetchToken = fetchToken
    }

    /// The request with the current token (fetched first if there is none yet).
    public func adapt(_ request: HTTPRequest) async throws -> HTTPRequest {
        let current = try await currentToken()
        var request = request
        request.headerFields[.authorization] = "Bearer \(current)"
        return request
    }

    /// On a `401`: `true` after fetching a fresh token, or at once when another request already
    /// got one since this request was sent.
    public func shouldReplay(_ request: HTTPRequest, after response: HTTPResponse, attempt: Int) async throws -> Bool {
        guard response.status == .unauthorized, let sent = request.headerFields[.authorization] else { return false }
        if let token, sent != "Bearer \(token)" { return true }
        _ = try await refreshToken()
        return true
    }

    private func currentToken() async throws -> String {
        if let refresh { return try await refresh.value }
        if let token { return token }
        return try await refreshToken()
    }

    private func refreshToken() async throws -> String {
        if let refresh { return try await refresh.value }
        let task = Task { try await fetchToken() }
        refresh = task
        fetchCount += 1
        defer { refresh = nil }
        let fresh = try await task.value
        token = fresh
        return fresh
    }
}
