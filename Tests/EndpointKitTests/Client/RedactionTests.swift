import Foundation
import PropertyBased
import Testing

@testable import EndpointKit

/// The request target as logs, events and spans show it: secret query values replaced.
@Suite("Redaction of request targets")
struct RedactionTests {
    @Test(
        "secret query values are replaced, whatever the name's case or percent-encoding; the rest is kept",
        arguments: [
            ("/entries/en/ace", "/entries/en/ace"),
            ("/search?q=ace&app_key=s3cret", "/search?q=ace&app_key=<redacted>"),
            ("/search?TOKEN=a&q=b", "/search?TOKEN=<redacted>&q=b"),
            ("/search?%6Bey=a%20b", "/search?%6Bey=<redacted>"),
            ("/caf%C3%A9/é?key", "/caf%C3%A9/é?key"),
            ("/?&&key=&", "/?&&key=<redacted>&"),
            ("/a?b=c?key=d", "/a?b=c?key=d"),
        ])
    func redacts(target: String, expected: String) {
        #expect(Redaction.default.redactTarget(target) == expected)
    }

    /// The redaction as it was written before it searched bytes: by `Character`, every name decoded.
    private static func reference(_ target: String, _ redaction: Redaction) -> String {
        guard let questionMark = target.firstIndex(of: "?") else { return target }
        let pairs = target[target.index(after: questionMark)...].split(separator: "&", omittingEmptySubsequences: false)
        let redacted = pairs.map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            guard parts.count == 2, redaction.queryNames.contains(name.lowercased()) else { return String(pair) }
            return "\(parts[0])=\(Redaction.placeholder)"
        }
        return target[..<questionMark] + "?" + redacted.joined(separator: "&")
    }

    @Test("agrees with the reference on random targets made of path and query pieces (property-based)")
    func agreesWithReference() async {
        let pieces = ["/", "entries", "é", "%C3%A9", "?", "&", "=", "key", "KEY", "%6Bey", "%6bEY", "token", "q", "x", "%", "%zz", "+", " "]
        let targets = Gen<String?>.element(of: pieces).map { $0! }.array(of: 0...10).map { $0.joined() }
        await propertyCheck(count: 3000, input: targets) { target in
            #expect(Redaction.default.redactTarget(target) == Self.reference(target, .default), "\(target.debugDescription)")
        }
    }
}
