import ArgumentParser
import EndpointKit
import Foundation
import OxfordDictionaries

/// Where requests go and how answers are shown: options every command that sends takes.
struct ServiceOptions: ParsableArguments {
    @Option(name: .customLong("app-id"), help: "The app_id (default: OXFORD_APP_ID).")
    var appID: String?

    @Option(name: .customLong("app-key"), help: "The app_key (default: OXFORD_APP_KEY). Never printed.")
    var appKey: String?

    @Option(name: .customLong("base-url"), help: "The API's base URL, such as https://od-api.oxforddictionaries.com/api/v2 (default: OXFORD_BASE_URL, or the real service when credentials are set).")
    var baseURL: String?

    @Option(help: "The API version: v1 (the original layout) or v2.")
    var api: APIVersionOption = .v2

    @Flag(help: "Print the raw JSON answer instead of the dictionary layout.")
    var json = false

    @Option(help: "Colour: auto (on a terminal), always or never.")
    var color: ColorChoice = .auto

    @Option(help: "Seconds to wait for an answer.")
    var timeout: Double = 30

    @Flag(help: "Print the spans of each request (the client's, and the offline sandbox's server spans) to standard error.")
    var trace = false

    func validate() throws {
        guard (appID == nil) == (appKey == nil) else {
            throw ValidationError("--app-id and --app-key go together: give both, or set OXFORD_APP_ID and OXFORD_APP_KEY")
        }
        if let baseURL {
            guard let url = URL(string: baseURL), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                throw ValidationError("--base-url \(baseURL) is not an http or https URL")
            }
        }
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout \(timeout) is out of range: use more than 0 and at most 600 seconds") }
    }

    /// The credentials: the flags, else the environment; `nil` when neither is set.
    func credentials(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> OxfordCredentials? {
        if let appID, let appKey { return OxfordCredentials(appID: appID, appKey: appKey) }
        return OxfordCredentials.fromEnvironment(environment)
    }

    /// The base URL given by flag or environment, if any.
    func givenBaseURL(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        (baseURL ?? environment["OXFORD_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 }).flatMap(URL.init(string:))
    }
}

/// `--api`.
enum APIVersionOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case v1, v2
}

/// `--color`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never
}
