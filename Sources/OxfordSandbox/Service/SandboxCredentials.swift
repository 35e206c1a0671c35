import Foundation
import HTTPTypes

/// Which credentials the sandbox accepts in the `app_id` and `app_key` headers.
public enum SandboxCredentials: Sendable, Hashable {
    /// Any non-empty `app_id` and `app_key` (the default: like a trial account, without a quota).
    case anyNonEmpty
    /// Exactly this pair.
    case exactly(appID: String, appKey: String)
    /// No check at all.
    case open

    /// Whether the request's headers pass.
    func accepts(_ headers: HTTPFields) -> Bool {
        if case .open = self { return true }
        guard let appID = headers[Self.appID] ?? headers[Self.appIDHyphenated],
            let appKey = headers[Self.appKey] ?? headers[Self.appKeyHyphenated], !appID.isEmpty, !appKey.isEmpty
        else { return false }
        switch self {
        case .open, .anyNonEmpty: return true
        case .exactly(let expectedID, let expectedKey):
            return Self.constantTimeEqual(appID, expectedID) && Self.constantTimeEqual(appKey, expectedKey)
        }
    }

    // Header names are case-insensitive; clients sent `app_id` and also `App-Id`.
    private static let appID = HTTPField.Name("app_id")!
    private static let appKey = HTTPField.Name("app_key")!
    private static let appIDHyphenated = HTTPField.Name("app-id")!
    private static let appKeyHyphenated = HTTPField.Name("app-key")!

    /// Compares without stopping at the first difference, so timing tells nothing of the key.
    private static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
        }
        return difference == 0
    }
}
