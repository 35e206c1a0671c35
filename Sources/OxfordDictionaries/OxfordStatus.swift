import EndpointKit

/// The status codes of the Oxford Dictionaries API with their documented meanings (the seed's
/// `OxfordHTTPStatusCode`): the eight codes the seed names, and ``other(_:)`` for any other.
public enum OxfordStatus: Sendable, Hashable, CustomStringConvertible {
    /// 200.
    case success
    /// 400.
    case badRequest
    /// 403.
    case authenticationFailed
    /// 404.
    case notFound
    /// 500.
    case internalServerError
    /// 502.
    case badGateway
    /// 503.
    case serviceUnavailable
    /// 504.
    case gatewayTimeout
    /// Any other status, with its code.
    case other(Int)

    /// The status of an HTTP code.
    public init(code: Int) {
        switch code {
        case 200: self = .success
        case 400: self = .badRequest
        case 403: self = .authenticationFailed
        case 404: self = .notFound
        case 500: self = .internalServerError
        case 502: self = .badGateway
        case 503: self = .serviceUnavailable
        case 504: self = .gatewayTimeout
        default: self = .other(code)
        }
    }

    /// The HTTP code.
    public var code: Int {
        switch self {
        case .success: 200
        case .badRequest: 400
        case .authenticationFailed: 403
        case .notFound: 404
        case .internalServerError: 500
        case .badGateway: 502
        case .serviceUnavailable: 503
        case .gatewayTimeout: 504
        case .other(let code): code
        }
    }

    /// What the status means for a caller of the API (the seed's `statusCodeMessage()`).
    public var message: String {
        switch self {
        case .success:
            "Success!"
        case .badRequest:
            "The request was invalid or cannot be otherwise served. An accompanying error message will explain further. "
                + "For example, when the filters provided are unknown, the source and target languages in the translation "
                + "endpoint are the same, or a numeric parameter such as offset and limit cannot be evaluated as a number."
        case .authenticationFailed:
            "The request failed due to invalid credentials. Please check that the app_id and app_key are correct, and that "
                + "the URL you are trying to access is correct. These can be found in the API Credentials page."
        case .notFound:
            "No information available or the requested URL was not found on the server. For example, when the headword "
                + "could not be found, a region or domain identifier does not exist, or the headword does not contain any "
                + "attribute that matches the filters in the request. It may also be that the URL is misspelled or incomplete."
        case .internalServerError:
            "Something is broken. Please contact us so the Oxford Dictionaries API team can investigate."
        case .badGateway:
            "Oxford Dictionaries API is down or being upgraded."
        case .serviceUnavailable:
            "The Oxford Dictionaries API servers are up, but overloaded with requests. Please try again later."
        case .gatewayTimeout:
            "The Oxford Dictionaries API servers are up, but the request couldn't be serviced due to some failure within "
                + "our stack. Please try again later."
        case .other(let code):
            "Unknown HTTP status code received (\(code))."
        }
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
