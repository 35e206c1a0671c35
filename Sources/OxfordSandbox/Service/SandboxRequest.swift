import Foundation
import HTTPTypes

/// An HTTP request as the sandbox reads it: percent-decoded path segments, query parameters and
/// headers (the method is checked before parsing).
struct SandboxRequest: Sendable {
    /// The path's segments, percent-decoded (`/api/v2/entries/en-gb/ace` gives `api`, `v2`, …).
    var segments: [String]
    /// The query parameters by name, each value in order; `+` reads as a space.
    var query: [String: [String]]
    /// The headers.
    var headers: HTTPFields
    /// The raw path and query, the key of the response cache.
    var target: String

    /// Parses a request target (`/path?query`).
    init(target: String, headers: HTTPFields) throws(SandboxFailure) {
        self.headers = headers
        self.target = target
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? "/"
        segments = try path.split(separator: "/", omittingEmptySubsequences: true).map { segment throws(SandboxFailure) in
            guard let decoded = String(segment).removingPercentEncoding else {
                throw .badRequest("The path segment '\(segment)' is not valid percent-encoded UTF-8")
            }
            return decoded
        }
        query = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") where !pair.isEmpty {
                let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = try Self.decode(nameAndValue[0])
                let value = nameAndValue.count == 2 ? try Self.decode(nameAndValue[1]) : ""
                query[name, default: []].append(value)
            }
        }
    }

    private static func decode(_ text: Substring) throws(SandboxFailure) -> String {
        guard let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
            throw .badRequest("The query text '\(text)' is not valid percent-encoded UTF-8")
        }
        return decoded
    }

    /// The values of a list parameter: repeated names and comma-separated values both count
    /// (`fields=a,b` and `fields=a&fields=b`); empty items are dropped. `nil` when absent.
    func list(_ name: String) -> [String]? {
        guard let values = query[name] else { return nil }
        return values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    }

    /// The single value of a parameter; `nil` when absent. Giving it twice is a bad request.
    func single(_ name: String) throws(SandboxFailure) -> String? {
        guard let values = query[name] else { return nil }
        guard values.count == 1 else { throw .badRequest("The parameter '\(name)' was given \(values.count) times; give it once") }
        return values[0]
    }

    /// A boolean parameter (`true` or `false`); `nil` when absent.
    func bool(_ name: String) throws(SandboxFailure) -> Bool? {
        guard let value = try single(name) else { return nil }
        switch value.lowercased() {
        case "true": return true
        case "false": return false
        default: throw .badRequest("The parameter '\(name)' must be true or false, not '\(value)'")
        }
    }

    /// An integer parameter within `range`; `nil` when absent.
    func int(_ name: String, in range: ClosedRange<Int>) throws(SandboxFailure) -> Int? {
        guard let value = try single(name) else { return nil }
        guard let number = Int(value) else { throw .badRequest("The parameter '\(name)' must be an integer, not '\(value)'") }
        guard range.contains(number) else {
            throw .badRequest("The parameter '\(name)' must be between \(range.lowerBound) and \(range.upperBound), not \(number)")
        }
        return number
    }

    /// Refuses parameters the endpoint does not take, naming them and what it takes.
    func allowOnly(_ allowed: Set<String>, endpoint: String) throws(SandboxFailure) {
        let unknown = query.keys.filter { !allowed.contains($0) }.sorted()
        guard unknown.isEmpty else {
            let list = allowed.isEmpty ? "none" : allowed.sorted().joined(separator: ", ")
            throw .badRequest("Unknown parameter\(unknown.count > 1 ? "s" : "") \(unknown.map { "'\($0)'" }.joined(separator: ", ")) for the \(endpoint) endpoint. Allowed: \(list)")
        }
    }
}
