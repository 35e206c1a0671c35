import ArgumentParser
import EndpointKit
import Foundation
import OxfordDictionaries

/// Why a command failed, as one line and a distinct exit code per kind of failure.
enum CommandFailure: Error, CustomStringConvertible {
    /// The service answered with an error status.
    case service(status: Int, message: String)
    /// The network failed: unreachable, timed out, cancelled.
    case network(String)
    /// The answer could not be read.
    case unreadable(String)
    /// The command was used wrongly (a value the API refuses before sending).
    case usage(String)

    /// From any error a command meets.
    init(_ error: any Error) {
        switch error {
        case let failure as CommandFailure: self = failure
        case let error as EndpointError:
            switch error.kind {
            case .unacceptableStatus(let status, _, _):
                self = .service(status: status.code, message: OxfordClient.message(of: error))
            case .transport(let failure): self = .network(failure.description)
            case .invalidRequest(let reason): self = .usage(reason.description)
            case .decoding: self = .unreadable(error.description)
            default: self = .unreadable(error.description)
            }
        case let error as OxfordArgumentError: self = .usage(error.description)
        case let error as OxfordFilterError: self = .usage(error.description)
        case let error as OxfordRequestError: self = .usage(error.description)
        default: self = .unreadable(String(describing: error))
        }
    }

    /// The exit code: 2 not found, 3 authentication, 4 bad request, 5 rate limited, 6 server error,
    /// 7 network, 8 unreadable answer, 64 usage, 1 any other status.
    var exitCode: Int32 {
        switch self {
        case .service(let status, _):
            switch status {
            case 404: 2
            case 401, 403: 3
            case 400, 414: 4
            case 429: 5
            case 500...599: 6
            default: 1
            }
        case .network: 7
        case .unreadable: 8
        case .usage: 64
        }
    }

    /// One line: what happened, with the status and the service's message.
    var description: String {
        switch self {
        case .service(let status, let message):
            let kind = switch status {
            case 404: "not found"
            case 401, 403: "authentication failed"
            case 400, 414: "bad request"
            case 429: "rate limited"
            case 500...599: "server error"
            default: "error"
            }
            return "\(kind) (\(status)): \(message.replacingOccurrences(of: "\n", with: " "))"
        case .network(let reason): return "network failure: \(reason)"
        case .unreadable(let reason): return "unreadable answer: \(reason.replacingOccurrences(of: "\n", with: " "))"
        case .usage(let reason): return reason
        }
    }
}
