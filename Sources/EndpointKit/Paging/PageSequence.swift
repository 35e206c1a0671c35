import Foundation
import HTTPTypes

/// A page payload that knows how many items it holds, so paging can stop at a short or empty page.
///
/// Arrays conform. A wrapper payload reports the count of its list:
///
/// ```swift
/// struct Followers: Decodable, EndpointPageable, EndpointPageContent {
///     var users: [User]
///     var pageItemCount: Int { users.count }
/// }
/// ```
public protocol EndpointPageContent {
    /// The number of items on this page.
    var pageItemCount: Int { get }
}

extension Array: EndpointPageContent {
    /// The number of elements.
    public var pageItemCount: Int { count }
}

/// The pages of a pageable request, fetched one by one as you iterate.
///
/// Iteration starts at the given page and ends after a page with fewer items than
/// ``EndpointPageable/perPage`` (that page is delivered), at an empty page (not delivered), or after
/// a page whose answer has a `Link` header without `rel="next"`. An error ends it by throwing.
///
/// ```swift
/// for try await page in controller.pages(of: followers) {
///     print(page.users.count)
/// }
/// ```
public struct PageSequence<R: Request, ServerError: EndpointServerError>: AsyncSequence, Sendable
where R.Response: EndpointPageable & EndpointPageContent {
    /// One page's payload.
    public typealias Element = R.Response

    let controller: EndpointController<ServerError>
    let request: R
    let firstPage: Int

    /// An iterator from the first page.
    public func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self, next: firstPage)
    }

    /// Fetches the pages in order.
    public struct Iterator: AsyncIteratorProtocol {
        let sequence: PageSequence
        var next: Int?

        /// The next page, or `nil` after the last.
        public mutating func next() async throws(EndpointError) -> R.Response? {
            guard let page = next else { return nil }
            let (payload, response) = try await sequence.controller.loadWithResponse(sequence.request, page: page)
            let count = payload.pageItemCount
            if count == 0 {
                next = nil
                return nil
            }
            let hasNextLink = response.headerFields[values: PageSequence.linkField].contains { PageSequence.linksToNext($0) }
            let sentLinks = response.headerFields[PageSequence.linkField] != nil
            next = count < R.Response.perPage || (sentLinks && !hasNextLink) ? nil : page + 1
            return payload
        }
    }

    /// The `Link` header (RFC 8288).
    static var linkField: HTTPField.Name { HTTPField.Name("Link")! }

    /// Whether a `Link` header value holds a link with `rel="next"` (RFC 8288).
    static func linksToNext(_ value: String) -> Bool {
        value.split(separator: ",").contains { link in
            link.split(separator: ";").dropFirst().contains { parameter in
                let parts = parameter.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else {
                    return false
                }
                let relations = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return relations.lowercased().split(separator: " ").contains("next")
            }
        }
    }
}

extension EndpointController {
    /// The pages of `request`, from `page` (1 by default), fetched as you iterate.
    public func pages<R: Request>(of request: R, startingAt page: Int = 1) -> PageSequence<R, ServerError>
    where R.Response: EndpointPageable & EndpointPageContent {
        PageSequence(controller: self, request: request, firstPage: page)
    }
}
