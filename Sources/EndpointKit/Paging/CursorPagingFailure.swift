/// Why cursor paging stopped with an error instead of reaching the last page.
public enum CursorPagingFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server handed back a cursor it had handed out before: following it would loop forever.
    /// `cursor` is at most 64 characters of it; `page` is the 1-based page that repeated it.
    case repeatedCursor(String, page: Int)
    /// The payload's ``EndpointCursorPageable/cursorLabel`` cannot name a query parameter.
    case invalidCursorLabel(String, reason: String)
    /// The payload is also ``EndpointPageable``, so page numbers would be sent beside the cursor.
    case conflictingPaging(payload: String)

    /// What went wrong and what is allowed.
    public var description: String {
        switch self {
        case .repeatedCursor(let cursor, let page):
            "page \(page) returned the cursor \"\(cursor)\" a second time; a cursor must lead to a new page"
        case .invalidCursorLabel(let label, let reason):
            "the cursor label \"\(label)\" \(reason); use a non-empty query name such as \"cursor\" or \"starting_after\""
        case .conflictingPaging(let payload):
            "\(payload) is both EndpointPageable and EndpointCursorPageable; conform to one of them"
        }
    }
}
