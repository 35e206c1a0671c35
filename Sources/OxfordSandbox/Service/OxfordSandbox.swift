import Foundation
import HTTPTypes
import OxfordDictionaries

/// The offline Oxford Dictionaries API: answers v2 and v1 requests from the bundled lexicon with the
/// service's shapes, statuses and quirks. ``OxfordSandboxServer`` serves it over HTTP.
///
/// ```swift
/// let sandbox = try OxfordSandbox(lexicon: .bundled(), credentials: .open)
/// let server = try await OxfordSandboxServer.start(sandbox)
/// let api = OxfordAPI(baseURL: server.baseURL, credentials: nil)
/// ```
public struct OxfordSandbox: Sendable {
    /// The data served.
    public let lexicon: SandboxLexicon
    /// The credentials accepted.
    public let credentials: SandboxCredentials
    let vocabulary: SandboxVocabulary
    let cache: SandboxResponseCache

    /// A sandbox serving `lexicon`, accepting `credentials` (any non-empty pair by default).
    /// `cacheBytes` bounds the memory kept for answers already rendered (0 turns the cache off).
    public init(lexicon: SandboxLexicon, credentials: SandboxCredentials = .anyNonEmpty, cacheBytes: Int = 64 << 20) {
        self.lexicon = lexicon
        self.credentials = credentials
        vocabulary = SandboxVocabulary(lexicon)
        cache = SandboxResponseCache(capacityBytes: cacheBytes)
    }

    /// The answer to a request target (path and query): 403 when the credentials fail, 405 for
    /// methods other than GET and HEAD, else the endpoint's answer (from the cache when it has it).
    func respond(method: HTTPRequest.Method, target: String, headers: HTTPFields) -> SandboxResponse {
        guard credentials.accepts(headers) else { return .authenticationFailed }
        guard method == .get || method == .head else {
            return SandboxFailure(
                status: .methodNotAllowed, message: "405 Method Not Allowed: The method is not allowed for the requested URL.",
                style: .message
            ).response
        }
        if let cached = cache[target] { return cached }
        let response: SandboxResponse
        do {
            response = try route(try SandboxRequest(target: target, headers: headers))
        } catch {
            return error.response
        }
        if response.status == .ok { cache[target] = response }
        return response
    }

    private func route(_ request: SandboxRequest) throws(SandboxFailure) -> SandboxResponse {
        let segments = request.segments
        guard segments.count >= 2, segments[0] == "api" else { throw .unknownRoute }
        switch segments[1] {
        case "v2": return try routeV2(request, Array(segments.dropFirst(2)))
        case "v1": return try routeV1(request, Array(segments.dropFirst(2)))
        default: throw .unknownRoute
        }
    }

    // MARK: Shared checks

    /// The English datasets the lexicon serves, by the code of each endpoint family.
    static let englishMonolingual: Set<String> = ["en-gb", "en-us"]

    /// Throws a bad request unless `code` is one of `allowed`.
    func checkLanguage(_ code: String, in allowed: [String], endpoint: String, role: String = "Source") throws(SandboxFailure) {
        guard allowed.contains(code) else {
            throw .badRequest("\(role) language '\(code)' is not supported by the \(endpoint) endpoint. Supported: \(allowed.joined(separator: ", "))")
        }
    }

    /// The word id of a path, as the lexicon keys it: at most 128 characters; spaces read as
    /// underscores (`swimming pool` is `swimming_pool`).
    func wordID(_ raw: String) throws(SandboxFailure) -> String {
        guard raw.count <= 128 else {
            throw SandboxFailure(status: .init(code: 414, reasonPhrase: "Request-URI Too Long"),
                message: "The word_id has \(raw.count) characters; the maximum is 128")
        }
        // An id taken from an answer arrives percent-encoded (`o%27clock`); the service decodes it.
        let decoded = raw.contains("%") ? raw.removingPercentEncoding ?? raw : raw
        return decoded.replacingOccurrences(of: " ", with: "_")
    }

    /// The languages of a family as codes.
    static func codes(_ languages: [OxfordLanguage]) -> [String] { languages.map(\.rawValue) }
}
