import Foundation
import HTTPTypes

extension PreparedRequest {
    /// The request as a `curl` command line, with secret headers and query values replaced by
    /// `<redacted>`, for logs, bug reports and trying a request by hand.
    ///
    /// A text body is inlined; a binary or streamed body is noted by its size, since a terminal
    /// cannot carry it.
    ///
    /// ```
    /// curl -X POST 'https://api.example.com/v1/notes?token=<redacted>' \
    ///   -H 'Content-Type: application/json' \
    ///   -H 'Authorization: <redacted>' \
    ///   --data-binary '{"text":"hi"}'
    /// ```
    public func curlCommand(redaction: Redaction = .default) -> String {
        var lines: [String] = []
        let url = origin + redaction.redactTarget(request.path ?? "/")
        switch request.method {
        case .get: lines.append("curl \(Self.quote(url))")
        case .head: lines.append("curl --head \(Self.quote(url))")
        default: lines.append("curl -X \(request.method.rawValue) \(Self.quote(url))")
        }
        for field in request.headerFields {
            lines.append("-H \(Self.quote("\(field.name.rawName): \(redaction.headerValue(field.value, forHeader: field.name.rawName))"))")
        }
        switch body {
        case nil:
            break
        case .data(let data):
            if let text = String(validating: data, as: UTF8.self), !text.contains("\0") {
                lines.append("--data-binary \(Self.quote(text))")
            } else {
                lines.append("--data-binary @body.bin  # \(data.count) bytes of binary data")
            }
        case .stream(let stream):
            let size = stream.length.map { "\($0) bytes" } ?? "unknown length"
            lines.append("--data-binary @body.bin  # streamed body, \(size)")
        }
        return lines.joined(separator: " \\\n  ")
    }

    /// `text` in single quotes for a POSIX shell.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension Request {
    /// The request as a `curl` command line, secrets redacted; see ``PreparedRequest/curlCommand(redaction:)``.
    public func curlCommand(page: Int = 1, redaction: Redaction = .default) throws -> String {
        try prepare(page: page).curlCommand(redaction: redaction)
    }
}
