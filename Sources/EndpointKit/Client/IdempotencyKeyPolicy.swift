import Foundation
import HTTPTypes

/// Idempotency keys: one `Idempotency-Key` header for all attempts of one logical request, so the
/// server can tell a retry from a new request, and the controller may retry a POST or PATCH.
///
/// Turn it on for a controller, and every request whose method is in ``methods`` gets a new key
/// (a UUID unless ``makeKey`` says otherwise) when it is prepared; retries and redirects resend
/// the same key:
///
/// ```swift
/// let controller = EndpointController<EndpointDefaultServerError>(
///     configuration: .init(idempotencyKeys: .automatic)
/// )
/// ```
///
/// Or opt in per request, with or without the controller's policy, by sending the header yourself:
///
/// ```swift
/// let charge = Endpoint<User>(serverURL: api, pathPrefix: "charges", method: .post, body: JSONBodyParameters(["amount": 100]))
/// let receipt = try await controller.load(charge, extraHeaders: .idempotencyKey())
/// ```
///
/// A request that carries the header (``headerName``, `Idempotency-Key` without a policy) is
/// retried under ``RetryPolicy`` as if its method were idempotent; without it a POST or PATCH is
/// never sent twice.
public struct IdempotencyKeyPolicy: Sendable {
    /// `Idempotency-Key`, the header of the IETF draft, Stripe and others.
    public static let defaultHeaderName = "Idempotency-Key"

    /// The header that carries the key. Default `Idempotency-Key`.
    public var headerName: String
    /// The methods whose requests get a key. Default POST and PATCH.
    public var methods: Set<HTTPRequest.Method>
    /// Makes a new key for each logical request. Default a UUID.
    public var makeKey: @Sendable () -> String

    /// A policy; every argument has the documented default.
    public init(
        headerName: String = IdempotencyKeyPolicy.defaultHeaderName, methods: Set<HTTPRequest.Method> = [.post, .patch],
        makeKey: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.headerName = headerName
        self.methods = methods
        self.makeKey = makeKey
    }

    /// A new UUID key for every POST and PATCH, in `Idempotency-Key`.
    public static let automatic = IdempotencyKeyPolicy()

    /// `prepared` with a new key, when its method takes one and it has none yet; an empty key
    /// throws ``EndpointRequestError/invalidHeaderValue(name:reason:)``.
    func applied(to prepared: PreparedRequest) throws -> PreparedRequest {
        guard methods.contains(prepared.request.method) else { return prepared }
        return try prepared.addingHeaderIfAbsent(headerName, value: try newKey())
    }

    /// A new key from ``makeKey``, which must not be empty.
    private func newKey() throws -> String {
        let key = makeKey()
        guard !key.isEmpty else {
            throw EndpointRequestError.invalidHeaderValue(name: headerName, reason: "is empty; a key must be a non-empty value such as a UUID")
        }
        return key
    }

    /// Whether `head` carries a non-empty key in `headerName` (or the default header without a policy).
    static func carriesKey(_ head: HTTPRequest, policy: IdempotencyKeyPolicy?) -> Bool {
        guard let name = HTTPField.Name(policy?.headerName ?? defaultHeaderName) else { return false }
        return head.headerFields[name].map { !$0.isEmpty } ?? false
    }
}

extension Dictionary where Key == String, Value == String {
    /// `["Idempotency-Key": key]`, a new UUID unless `key` is given: pass it as `extraHeaders` to
    /// make one request retryable with one key for all its attempts.
    public static func idempotencyKey(_ key: String = UUID().uuidString) -> [String: String] {
        [IdempotencyKeyPolicy.defaultHeaderName: key]
    }
}
