import EndpointKit
import Foundation

// The service answers errors in three shapes: JSON (`{"error": "No entry found …"}`, v2), an HTML
// page (v1's 404: `<title>404 Not Found</title><h1>Not Found</h1><p>No entry available for 'x' in
// 'en'</p>`), and plain text from its gateway (`Authentication failed`). Each becomes the error's
// reason, so `EndpointError.description` and `OxfordClient.message(of:)` show the service's words.
extension OxfordServerError {
    /// Reads a JSON error, an HTML error page's message, or a short plain-text message.
    public static func decode(errorBody: Data, contentType: String?, decoder: JSONDecoder) -> OxfordServerError? {
        if let json = try? decoder.decode(OxfordServerError.self, from: errorBody) { return json }
        guard let text = String(data: errorBody, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
        else { return nil }
        let type = contentType?.lowercased() ?? ""
        if type.contains("html") || text.hasPrefix("<") {
            return ErrorPage.message(of: text).map { OxfordServerError(reason: $0) }
        }
        guard !type.contains("json"), !text.hasPrefix("{"), text.utf8.count <= Self.plainTextLimit else { return nil }
        return OxfordServerError(reason: ErrorPage.collapsingWhitespace(text))
    }

    /// Longer plain text is not a message (a stack trace, a page of another format).
    static let plainTextLimit = 1024
}

/// The message of an HTML error page: its first paragraph, else its heading, else its title, as
/// text (tags removed, entities decoded, whitespace collapsed).
enum ErrorPage {
    static func message(of html: String) -> String? {
        for element in ["p", "h1", "title"] {
            if let inner = firstElement(element, in: html) {
                let text = collapsingWhitespace(decodingEntities(removingTags(inner)))
                if !text.isEmpty { return text }
            }
        }
        return nil
    }

    /// The inner HTML of the first `<name>` (any case, attributes allowed) up to its closing tag.
    static func firstElement(_ name: String, in html: String) -> Substring? {
        var searchStart = html.startIndex
        while let open = html.range(of: "<" + name, options: .caseInsensitive, range: searchStart..<html.endIndex) {
            searchStart = open.upperBound
            guard let next = html[open.upperBound...].first, next == ">" || next == " " || next == "\t" || next == "\n" else { continue }
            guard let tagEnd = html[open.upperBound...].firstIndex(of: ">") else { return nil }
            let contentStart = html.index(after: tagEnd)
            let close = html.range(of: "</" + name, options: .caseInsensitive, range: contentStart..<html.endIndex)
            return html[contentStart..<(close?.lowerBound ?? html.endIndex)]
        }
        return nil
    }

    static func removingTags(_ html: Substring) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" && inTag {
                inTag = false
                text.append(" ")
            } else if !inTag {
                text.append(character)
            }
        }
        return text
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references; others stay.
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(10).firstIndex(of: ";") else {
                result.append("&")
                rest = rest[afterAmpersand...]
                continue
            }
            let name = rest[afterAmpersand..<semicolon]
            if let replacement = named[name] ?? numericCharacter(name) {
                result += replacement
            } else {
                result += rest[ampersand...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// `#39` or `#x27` as its character.
    private static func numericCharacter(_ name: Substring) -> String? {
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }

    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
