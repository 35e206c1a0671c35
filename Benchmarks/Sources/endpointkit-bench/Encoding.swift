import EndpointKit
import Foundation

/// Benchmark 2: encoding a query, a JSON body, a form body and a multipart body, each against what
/// a user would write instead, with proof that both sides say the same thing; and a 1 GiB file part
/// streamed, against the same body assembled in memory.
enum Encoding {
    struct Contender: Sendable {
        var name: String
        var baseline: String
        var note: String
        var run: @Sendable () -> Int
    }

    static let fields = ["definitions", "pronunciations", "examples"]
    /// The parameters of every text encoding: text with reserved characters, numbers, a Boolean,
    /// an array, non-ASCII.
    static let parameters: [String: any APIParamConvertible] = [
        "q": "ice cream & cones/100% + more", "limit": 50, "offset": 100, "fields": fields, "strictMatch": false,
        "language": "en-gb", "word": "naïve café", "script": "漢字",
    ]
    static let sortedNames = parameters.keys.sorted()

    static func text(_ value: any APIParamConvertible) -> [String] {
        switch value {
        case let strings as [String]: strings
        case let bool as Bool: [bool ? "true" : "false"]
        default: ["\(value)"]
        }
    }

    // MARK: Query

    static func ourQuery() -> String { (try? QueryEncoder.query.encode(parameters, forHTTPMethod: .get)) ?? "" }

    static func componentsQuery() -> String {
        var components = URLComponents()
        components.queryItems = sortedNames.flatMap { name in text(parameters[name]!).map { URLQueryItem(name: name, value: $0) } }
        return components.percentEncodedQuery ?? ""
    }

    // MARK: Form

    static func ourForm() -> Data {
        guard case .data(let data)? = try? FormURLEncodedBodyParameters(parameters).buildEntity(forHTTPMethod: .post) else { return Data() }
        return data
    }

    /// The usual hand-written form encoder: RFC 3986 unreserved characters kept, the rest
    /// percent-encoded, spaces as `+`.
    static let formAllowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~ ")
    static func handForm() -> Data {
        func encode(_ text: String) -> String {
            (text.addingPercentEncoding(withAllowedCharacters: formAllowed) ?? "").replacingOccurrences(of: " ", with: "+")
        }
        let pairs = sortedNames.flatMap { name in text(parameters[name]!).map { "\(encode(name))=\(encode($0))" } }
        return Data(pairs.joined(separator: "&").utf8)
    }

    // MARK: JSON

    struct Payload: Codable {
        var fields: [String]
        var language: String
        var limit: Int
        var offset: Int
        var q: String
        var script: String
        var strictMatch: Bool
        var word: String
    }

    static let payload = Payload(
        fields: fields, language: "en-gb", limit: 50, offset: 100, q: "ice cream & cones/100% + more", script: "漢字", strictMatch: false,
        word: "naïve café")

    static func ourJSON() -> Data {
        guard case .data(let data)? = try? JSONBodyParameters(parameters).buildEntity(forHTTPMethod: .post) else { return Data() }
        return data
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func encoderJSON() -> Data { (try? encoder.encode(payload)) ?? Data() }

    // MARK: Multipart

    static let boundary = "EndpointKit-benchmark-boundary"
    static let attachment = Data((0..<(64 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    static func ourMultipart() -> Data {
        let parts: [MultipartFormDataBodyParameters.Part] = [
            .init(string: "Ada", name: "name"), .init(string: "naïve café", name: "title"), .init(string: "50", name: "limit"),
            .init(data: attachment, name: "file", mimeType: "application/octet-stream", fileName: "data.bin"),
        ]
        guard case .data(let data)? = try? MultipartFormDataBodyParameters(parts: parts, boundary: boundary).buildEntity(forHTTPMethod: .post)
        else { return Data() }
        return data
    }

    static func handMultipart() -> Data {
        var body = Data()
        for (name, value) in [("name", "Ada"), ("title", "naïve café"), ("limit", "50")] {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"data.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8))
        body.append(attachment)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return body
    }

    // MARK: Checks

    static func pairs(_ query: String, plusIsSpace: Bool) -> [[String]] {
        query.split(separator: "&").map { pair in
            pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { part in
                (plusIsSpace ? part.replacingOccurrences(of: "+", with: " ") : String(part)).removingPercentEncoding ?? "<invalid>"
            }
        }
    }

    /// Both sides of every pair say the same thing.
    static func check() throws {
        let expected = sortedNames.flatMap { name in text(parameters[name]!).map { [name, $0] } }
        guard pairs(ourQuery(), plusIsSpace: false) == expected else { throw BenchmarkError.mismatch("query: \(ourQuery())") }
        // URLComponents leaves `+` and `/` as they are: a server that reads `+` as a space (forms,
        // PHP, many frameworks) gets another q. The comparison is as a query, where `+` is `+`.
        guard pairs(componentsQuery(), plusIsSpace: false) == expected else { throw BenchmarkError.mismatch("components query") }
        guard pairs(String(decoding: ourForm(), as: UTF8.self), plusIsSpace: true) == expected else { throw BenchmarkError.mismatch("form") }
        guard pairs(String(decoding: handForm(), as: UTF8.self), plusIsSpace: true) == expected else { throw BenchmarkError.mismatch("hand form") }
        let ours = try JSONSerialization.jsonObject(with: ourJSON()) as? NSDictionary
        let theirs = try JSONSerialization.jsonObject(with: encoderJSON()) as? NSDictionary
        guard let ours, let theirs, ours.isEqual(theirs) else { throw BenchmarkError.mismatch("JSON: \(String(decoding: ourJSON(), as: UTF8.self))") }
        guard ourMultipart() == handMultipart() else { throw BenchmarkError.mismatch("multipart bodies differ byte for byte") }
    }

    static let contenders: [Contender] = [
        Contender(name: "query", baseline: "query-components", note: "QueryEncoder.query.encode(_:forHTTPMethod:)", run: { ourQuery().utf8.count }),
        Contender(name: "query-components", baseline: "query-components", note: "URLComponents.queryItems → percentEncodedQuery", run: { componentsQuery().utf8.count }),
        Contender(name: "form", baseline: "form-by-hand", note: "FormURLEncodedBodyParameters.buildEntity", run: { ourForm().count }),
        Contender(name: "form-by-hand", baseline: "form-by-hand", note: "addingPercentEncoding per name and value, joined", run: { handForm().count }),
        Contender(name: "json", baseline: "json-jsonencoder", note: "JSONBodyParameters.buildEntity", run: { ourJSON().count }),
        Contender(name: "json-jsonencoder", baseline: "json-jsonencoder", note: "JSONEncoder (sorted keys) of an equivalent Codable struct", run: { encoderJSON().count }),
        Contender(name: "multipart", baseline: "multipart-by-hand", note: "MultipartFormDataBodyParameters.buildEntity, 3 fields + 64 KiB", run: { ourMultipart().count }),
        Contender(name: "multipart-by-hand", baseline: "multipart-by-hand", note: "Data appends, same bytes", run: { handMultipart().count }),
    ]

    // MARK: 1 GiB

    /// Streams a multipart body with `file` as its file part, or (`inMemory`) assembles the same
    /// body in a `Data` as a user without streaming would; returns the bytes and the peak resident
    /// memory's growth.
    static func largeBody(file: URL, inMemory: Bool) throws -> (bytes: Int64, peakGrowth: Int) {
        try resetPeak()
        let baseline = try peakResident()
        var bytes: Int64 = 0
        if inMemory {
            var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"large.bin\"\r\n\r\n".utf8)
            body.append(try Data(contentsOf: file))
            body.append(Data("\r\n--\(boundary)--\r\n".utf8))
            bytes = Int64(body.count)
        } else {
            let parameters = MultipartFormDataBodyParameters(parts: [.init(fileURL: file, name: "file", fileName: "large.bin")], boundary: boundary)
            guard case .stream(let stream) = try parameters.buildEntity(forHTTPMethod: .post) else { throw BenchmarkError.mismatch("not streamed") }
            var source = try stream.makeChunkSource()
            while let chunk = try source.nextChunk() { bytes += Int64(chunk.count) }
            guard bytes == stream.length else { throw BenchmarkError.mismatch("streamed \(bytes) of \(stream.length ?? -1) bytes") }
        }
        return (bytes, try peakResident() - baseline)
    }

    /// Resets the peak resident memory (VmHWM) to the current one.
    static func resetPeak() throws {
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// VmHWM, in bytes.
    static func peakResident() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        else { throw BenchmarkError.mismatch("no VmHWM") }
        return kilobytes * 1024
    }
}
