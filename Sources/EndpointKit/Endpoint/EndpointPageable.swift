/// A payload that comes in pages: declare the conformance on the payload type and its endpoints
/// accept a page in ``Request/urlRequest(page:extraHeaders:)`` and ``Request/prepare(page:extraHeaders:)``.
///
/// Every requirement has a default, so an empty conformance asks for 30 items a page with
/// `per_page` and `page`, numbering pages from 1:
///
/// ```swift
/// struct Followers: Decodable, EndpointPageable { var users: [String] }
/// ```
///
/// Pages are 1-based where you ask for them; ``pageOffset`` is added before the number is sent,
/// so a server that counts from 0 takes `pageOffset = -1`.
public protocol EndpointPageable {
    /// Items per page, sent as ``perPageLabel``. Default 30.
    static var perPage: Int { get }
    /// The query name of the page size. Default `per_page`.
    static var perPageLabel: String { get }
    /// The query name of the page number. Default `page`.
    static var pageLabel: String { get }
    /// Added to the 1-based page number before it is sent. Default 0.
    static var pageOffset: Int { get }
}

extension EndpointPageable {
    /// 30.
    public static var perPage: Int { 30 }
    /// `per_page`.
    public static var perPageLabel: String { "per_page" }
    /// `page`.
    public static var pageLabel: String { "page" }
    /// 0.
    public static var pageOffset: Int { 0 }

    /// The query parameters for 1-based `page`.
    static func pageParameters(page: Int) throws -> [String: ParamValue] {
        guard page >= 1 else { throw EndpointRequestError.invalidPage(page) }
        return [pageLabel: .integer(Int64(page + pageOffset)), perPageLabel: .integer(Int64(perPage))]
    }
}
