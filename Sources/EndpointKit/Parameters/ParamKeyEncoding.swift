/// How parameter names are written: as declared, in snake_case, in kebab-case, or by your own
/// function. The same strategy serves queries and forms (``QueryEncoder/keyEncoding``) and JSON
/// bodies (``JSONBodyParameters/keyEncoding``).
///
/// It applies to every name of every object in the parameter tree (the members of nested objects
/// too, as with `JSONEncoder`), never to paging labels, to the server URL's own query or to
/// header names.
///
/// ```swift
/// var encoder = QueryEncoder()
/// encoder.keyEncoding = .convertToSnakeCase
/// try encoder.encode(["pageSize": 20, "ownerID": 7], forHTTPMethod: .get)
/// // owner_id=7&page_size=20
/// ```
public struct ParamKeyEncoding: Sendable {
    private let transform: (@Sendable (String) -> String)?

    private init(_ transform: (@Sendable (String) -> String)?) {
        self.transform = transform
    }

    /// Names as declared. The default.
    public static var useDefaultKeys: ParamKeyEncoding { ParamKeyEncoding(nil) }

    /// `camelCase` to `snake_case`, splitting words exactly where Foundation's
    /// `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase` does, so a server's
    /// `convertFromSnakeCase` reads them back: before an upper-case letter that follows a
    /// lower-case one, and before the last capital of a run of capitals that a lower-case letter
    /// follows (`myURLValue` is `my_url_value`, `userID` is `user_id`); words are lower-cased.
    /// Foundation's quirks are kept: a name that starts with a run of capitals splits after the
    /// first (`HTTPStatus` is `h_ttp_status`), and so does a plural acronym (`includeURLs` is
    /// `include_ur_ls`); name such keys yourself with ``custom(_:)`` if the API wants otherwise.
    public static let convertToSnakeCase = ParamKeyEncoding { CaseWords.join($0, separator: "_") }

    /// `camelCase` to `kebab-case`, with the words of ``convertToSnakeCase``.
    public static let convertToKebabCase = ParamKeyEncoding { CaseWords.join($0, separator: "-") }

    /// Names written by `transform`. It is called for every name of every request, so keep it
    /// cheap and pure; two names that it maps to the same name are refused with
    /// ``EndpointRequestError/duplicateParameterName(_:)``.
    public static func custom(_ transform: @escaping @Sendable (String) -> String) -> ParamKeyEncoding {
        ParamKeyEncoding(transform)
    }

    /// Whether names are written as declared.
    var isIdentity: Bool { transform == nil }

    /// `name` as written.
    public func encode(_ name: String) -> String {
        transform?(name) ?? name
    }
}

/// The words of a `camelCase` name, split as Foundation's snake-case conversion splits them.
enum CaseWords {
    /// The lower-cased words of `name` joined by `separator`.
    static func join(_ name: String, separator: String) -> String {
        let characters = Array(name)
        guard characters.count > 1 else { return name.lowercased() }
        var words: [ArraySlice<Character>] = []
        var wordStart = 0
        var search = 1
        while let upper = characters[search...].firstIndex(where: \.isUppercase) {
            words.append(characters[wordStart..<upper])
            guard let lower = characters[upper...].firstIndex(where: \.isLowercase) else {
                wordStart = upper
                search = characters.count
                break
            }
            if lower == upper + 1 {
                // A capital that starts a word: `Value` in `myValue`.
                wordStart = upper
            } else {
                // A run of capitals is a word of its own, up to the capital before the lower-case letter.
                words.append(characters[upper..<(lower - 1)])
                wordStart = lower - 1
            }
            search = lower + 1
            if search >= characters.count { break }
        }
        words.append(characters[wordStart...])
        return words.map { String($0).lowercased() }.joined(separator: separator)
    }
}
