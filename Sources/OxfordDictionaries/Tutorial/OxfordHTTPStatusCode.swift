/// The tutorial's status codes of the Oxford Dictionaries API, with its messages.
///
/// The same cases, raw values and messages as seed 000, as a view of ``OxfordStatus``
/// (``status`` and ``init(_:)`` convert), so a `switch` over the nine cases stays exhaustive:
///
/// ```swift
/// let code = OxfordHTTPStatusCode(rawValue: 403)!
/// print(code.statusCodeMessage())  // "The request failed due to invalid credentials.Please check …"
/// ```
///
/// Where this differs from the seed, on purpose: `init(rawValue:)` never returns `nil` (a code the
/// seed did not name is ``OtherStatusCode``, so the tutorial's `OxfordHTTPStatusCode(rawValue: code)!`
/// cannot crash). ``OtherStatusCode``'s own raw value stays the seed's implicit 505, the number after
/// `GatewayTimeout = 504`. The messages are the seed's, word for word (including its missing spaces
/// after full stops); ``OxfordStatus/message`` has the same meanings, punctuated.
public enum OxfordHTTPStatusCode: Int, Sendable, Hashable, CaseIterable {
    /// 200.
    case Success = 200
    /// 400.
    case BadRequest = 400
    /// 403.
    case AuthenticationFailed = 403
    /// 404.
    case NotFound = 404
    /// 500.
    case InternalServerError = 500
    /// 502.
    case BadGateway = 502
    /// 503.
    case ServiceUnavailable = 503
    /// 504.
    case GatewayTimeout = 504
    /// Any other code (its raw value, 505, is the seed's implicit one).
    case OtherStatusCode

    /// The case of an HTTP status code: one of the eight the seed names, otherwise ``OtherStatusCode``.
    /// Never `nil`; failable only to keep the seed's signature.
    public init?(rawValue: Int) {
        self.init(OxfordStatus(code: rawValue))
    }

    /// The case of a status.
    public init(_ status: OxfordStatus) {
        switch status {
        case .success: self = .Success
        case .badRequest: self = .BadRequest
        case .authenticationFailed: self = .AuthenticationFailed
        case .notFound: self = .NotFound
        case .internalServerError: self = .InternalServerError
        case .badGateway: self = .BadGateway
        case .serviceUnavailable: self = .ServiceUnavailable
        case .gatewayTimeout: self = .GatewayTimeout
        case .other: self = .OtherStatusCode
        }
    }

    /// The status (``OxfordStatus/other(_:)`` with 505 for ``OtherStatusCode``, which keeps no code).
    public var status: OxfordStatus { OxfordStatus(code: rawValue) }

    /// The seed's message for this status, word for word.
    public func statusCodeMessage() -> String {
        switch self {
        case .AuthenticationFailed:
            "The request failed due to invalid credentials.Please check that the app_id and app_key are correct, and that "
                + "the URL you are trying to access is correct. These can be found in the API Credentials page"
        case .BadGateway:
            "Oxford Dictionaries API is down or being upgraded."
        case .BadRequest:
            "The request was invalid or cannot be otherwise served. An accompanying error message will explain "
                + "further.For example, when the filters provided are unknown, the source and target languages in the "
                + "translation endpoint are the same, or a numeric parameter such as offset and limit in the wordlist "
                + "endpoint cannot be evaluated as a number."
        case .GatewayTimeout:
            "The Oxford Dictionaries API servers are up, but the request couldn’t be serviced due to some failure "
                + "within our stack. Please try again later."
        case .InternalServerError:
            "Something is broken. Please contact us so the Oxford Dictionaries API team can investigate."
        case .NotFound:
            "No information available or the requested URL was not found on the server.For example, when the headword "
                + "could not be found, a region or domain identifier do not exist, or the headword does not contain any "
                + "attribute that match the filters in the request. It may also be the case that the URL is misspelled or "
                + "incomplete."
        case .ServiceUnavailable:
            "The Oxford Dictionaries API servers are up, but overloaded with requests. Please try again later."
        case .Success:
            "Success!"
        case .OtherStatusCode:
            "Unknown http status code received"
        }
    }
}
