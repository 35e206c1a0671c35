import Foundation

/// The application id and key the Oxford Dictionaries API requires on every request (the
/// `app_id` and `app_key` headers).
///
/// Never put them in source: read them from your configuration or from the environment
/// (`OXFORD_APP_ID`, `OXFORD_APP_KEY`). Their `description` shows neither.
public struct OxfordCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The application id.
    public var appID: String
    /// The application key.
    public var appKey: String

    /// Credentials from values.
    public init(appID: String, appKey: String) {
        self.appID = appID
        self.appKey = appKey
    }

    /// Credentials from the process's `OXFORD_APP_ID` and `OXFORD_APP_KEY`, or `nil` when either is
    /// missing or empty.
    ///
    /// Reads the two variables alone (`getenv`): copying the whole environment, as
    /// `ProcessInfo.environment` does, made up 65 % of the cost of building a v1 request, whose
    /// credentials default to these.
    public static func fromEnvironment() -> OxfordCredentials? {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        return credentials(appID: variable("OXFORD_APP_ID"), appKey: variable("OXFORD_APP_KEY"))
    }

    /// Credentials from `OXFORD_APP_ID` and `OXFORD_APP_KEY` in `environment`, or `nil` when either
    /// is missing or empty.
    public static func fromEnvironment(_ environment: [String: String]) -> OxfordCredentials? {
        credentials(appID: environment["OXFORD_APP_ID"], appKey: environment["OXFORD_APP_KEY"])
    }

    private static func credentials(appID: String?, appKey: String?) -> OxfordCredentials? {
        guard let appID, !appID.isEmpty, let appKey, !appKey.isEmpty else { return nil }
        return OxfordCredentials(appID: appID, appKey: appKey)
    }

    /// The headers that carry the credentials.
    public var headerFields: [String: String] { ["app_id": appID, "app_key": appKey] }

    /// Neither the id nor the key: logs and error messages must not carry them.
    public var description: String { "OxfordCredentials(appID: <redacted>, appKey: <redacted>)" }
}
