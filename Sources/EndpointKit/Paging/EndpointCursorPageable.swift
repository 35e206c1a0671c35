/// A page payload that says where the next page starts: a cursor taken from the payload.
///
/// ``EndpointController/pages(of:startingAfter:)`` sends no cursor with the first request and
/// ``nextCursor`` as the query parameter ``cursorLabel`` with each next one. It stops after a page
/// whose ``morePagesFollow`` is `false`, whose ``nextCursor`` is `nil` or empty (that page is
/// delivered), or at an empty page (not delivered).
///
/// Slack's style, a `next_cursor` in the payload:
///
/// ```swift
/// struct Members: Decodable, EndpointCursorPageable {
///     struct Metadata: Decodable { var next_cursor: String }
///     var members: [String]
///     var response_metadata: Metadata
///     var pageItemCount: Int { members.count }
///     var nextCursor: String? { response_metadata.next_cursor }
/// }
/// ```
///
/// Stripe's style, the last item's id sent as `starting_after` while `has_more` is true:
///
/// ```swift
/// struct Customers: Decodable, EndpointCursorPageable {
///     struct Customer: Decodable { var id: String }
///     var data: [Customer]
///     var has_more: Bool
///     static var cursorLabel: String { "starting_after" }
///     var pageItemCount: Int { data.count }
///     var nextCursor: String? { data.last?.id }
///     var morePagesFollow: Bool? { has_more }
/// }
/// ```
///
/// Do not make a payload both ``EndpointPageable`` and cursor-paged: iterating it throws
/// ``CursorPagingFailure/conflictingPaging(payload:)``.
public protocol EndpointCursorPageable: EndpointPageContent {
    /// The query name the cursor is sent as: `cursor` (the default), `starting_after`, `after`…
    static var cursorLabel: String { get }
    /// The cursor that asks for the page after this one; `nil` or empty on the last page.
    var nextCursor: String? { get }
    /// Whether the server says more pages follow (Stripe's `has_more`); `nil` (the default) when
    /// the API does not say, and the cursor alone decides.
    var morePagesFollow: Bool? { get }
}

extension EndpointCursorPageable {
    /// `cursor`.
    public static var cursorLabel: String { "cursor" }
    /// `nil`: the API does not say; ``nextCursor`` decides.
    public var morePagesFollow: Bool? { nil }
}
