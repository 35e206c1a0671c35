import EndpointKit
import Foundation
import HTTPTypes
import OxfordDictionaries

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Benchmark 1: the Oxford filtered-entries request, URL and headers, built by each contender.
///
/// Two shapes: the original v1 layout (filters in the path, as seed 001 built it) and today's v2
/// (filters in the query). Every contender of a shape must build the same URL and headers; `check`
/// proves it before anything is timed.
enum RequestBuilding {
    static let appID = "bench-app-id"
    static let appKey = "bench-app-key"
    static let credentials = OxfordCredentials(appID: appID, appKey: appKey)

    /// What a contender built, reduced to comparable text.
    struct Built: Equatable, CustomStringConvertible {
        var url: String
        var headers: [String]
        var description: String { "\(url) [\(headers.joined(separator: "; "))]" }
    }

    struct Contender: Sendable {
        var name: String
        var shape: String
        var note: String
        /// Builds one request and returns something derived from it, so the work cannot be dropped.
        var run: @Sendable () -> Int
        var built: @Sendable () throws -> Built
    }

    static func urlRequestBuilt(_ request: URLRequest) -> Built {
        let headers = (request.allHTTPHeaderFields ?? [:]).map { "\($0.key.lowercased()): \($0.value)" }.sorted()
        return Built(url: request.url!.absoluteString, headers: headers)
    }

    static func preparedBuilt(_ prepared: PreparedRequest) -> Built {
        let headers = prepared.request.headerFields.map { "\($0.name.canonicalName): \($0.value)" }.sorted()
        return Built(url: prepared.url.absoluteString, headers: headers)
    }

    // MARK: v1

    static func seed() -> URLRequest {
        SeedOxfordRequest(
            endpoint: .entries, language: "en", word: "ace", filters: [.lexicalCategory(["noun"]), .domains(["sport"])], appID: appID,
            appKey: appKey
        ).generateURLRequest()
    }

    static func oxfordV1() throws -> URLRequest {
        var request = OxfordAPIRequest(withWord: "ace", withFilters: [.lexicalCategory([.noun]), .domains([.sport])])
        request.credentials = credentials
        return try request.generateValidatedURLRequest()
    }

    static func componentsV1() -> URLRequest {
        var components = URLComponents()
        components.scheme = "https"
        components.host = "od-api.oxforddictionaries.com"
        let word = "ace".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "ace"
        components.percentEncodedPath = "/api/v1/entries/en/\(word)/lexicalCategory=noun;domains=sport"
        var request = URLRequest(url: components.url!)
        request.addValue("application/json", forHTTPHeaderField: "Accept")
        request.addValue(appID, forHTTPHeaderField: "app_id")
        request.addValue(appKey, forHTTPHeaderField: "app_key")
        return request
    }

    // MARK: v2

    static let api = OxfordAPI(credentials: credentials)
    static let selection = OxfordSelection(lexicalCategories: [.noun], domains: [.sport])

    static func oxfordV2Prepared() throws -> PreparedRequest {
        try api.entries("ace", fields: [.definitions, .pronunciations], selection: selection).prepare()
    }

    static func oxfordV2URLRequest() throws -> URLRequest {
        try api.entries("ace", fields: [.definitions, .pronunciations], selection: selection).urlRequest()
    }

    static func componentsV2() -> URLRequest {
        var components = URLComponents()
        components.scheme = "https"
        components.host = "od-api.oxforddictionaries.com"
        components.path = "/api/v2/entries/en-gb/ace"
        components.queryItems = [
            URLQueryItem(name: "domains", value: "sport"),
            URLQueryItem(name: "fields", value: "definitions,pronunciations"),
            URLQueryItem(name: "lexicalCategory", value: "noun"),
        ]
        var request = URLRequest(url: components.url!)
        request.addValue("application/json", forHTTPHeaderField: "Accept")
        request.addValue(appID, forHTTPHeaderField: "app_id")
        request.addValue(appKey, forHTTPHeaderField: "app_key")
        return request
    }

    static let contenders: [Contender] = [
        Contender(
            name: "seed", shape: "v1", note: "seed 001: string concatenation, URL(string:), URLRequest",
            run: { seed().url!.absoluteString.utf8.count }, built: { urlRequestBuilt(seed()) }),
        Contender(
            name: "oxford-v1", shape: "v1", note: "OxfordAPIRequest.generateValidatedURLRequest() (filters validated)",
            run: { (try? oxfordV1())?.url?.absoluteString.utf8.count ?? -1 }, built: { urlRequestBuilt(try oxfordV1()) }),
        Contender(
            name: "components-v1", shape: "v1", note: "URLComponents by hand, URLRequest",
            run: { componentsV1().url!.absoluteString.utf8.count }, built: { urlRequestBuilt(componentsV1()) }),
        Contender(
            name: "oxford-v2", shape: "v2", note: "OxfordAPI.entries(…).prepare(): the HTTPRequest the controller sends",
            run: { (try? oxfordV2Prepared())?.request.headerFields.count ?? -1 }, built: { preparedBuilt(try oxfordV2Prepared()) }),
        Contender(
            name: "oxford-v2-urlrequest", shape: "v2", note: "OxfordAPI.entries(…).urlRequest()",
            run: { (try? oxfordV2URLRequest())?.url?.absoluteString.utf8.count ?? -1 }, built: { urlRequestBuilt(try oxfordV2URLRequest()) }),
        Contender(
            name: "components-v2", shape: "v2", note: "URLComponents with query items by hand, URLRequest",
            run: { componentsV2().url!.absoluteString.utf8.count }, built: { urlRequestBuilt(componentsV2()) }),
    ]

    /// Every contender of a shape builds the same request; returns the requests, one per shape.
    static func check() throws -> [String: Built] {
        var byShape: [String: Built] = [:]
        for contender in contenders {
            let built = try contender.built()
            if let first = byShape[contender.shape] {
                guard built == first else {
                    throw BenchmarkError.mismatch("\(contender.name) built \(built), but the \(contender.shape) baseline built \(first)")
                }
            } else {
                byShape[contender.shape] = built
            }
        }
        return byShape
    }
}

enum BenchmarkError: Error, CustomStringConvertible {
    case mismatch(String)
    case usage(String)

    var description: String {
        switch self {
        case .mismatch(let text): "the contenders disagree: \(text)"
        case .usage(let text): text
        }
    }
}
