import HTTPTypes

/// The pages of a cursor-paged request, fetched one by one as you iterate: see
/// ``EndpointCursorPageable``.
///
/// ```swift
/// for try await page in controller.pages(of: Endpoint<Members>(serverURL: api, pathPrefix: "users.list")) {
///     everyone += page.members
/// }
/// ```
///
/// A cursor the server hands out twice ends the iteration with a
/// ``CursorPagingFailure/repeatedCursor(_:page:)`` error instead of looping.
public struct CursorPageSequence<R: Request, ServerError: EndpointServerError>: AsyncSequence, Sendable
where R.Response: EndpointCursorPageable {
    /// One page's payload.
    public typealias Element = R.Response

    let controller: EndpointController<ServerError>
    let request: R
    let firstCursor: String?

    /// An iterator from the first page (or from the page after ``firstCursor``).
    public func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self, step: .fetch(firstCursor))
    }

    /// Fetches the pages in order.
    public struct Iterator: AsyncIteratorProtocol {
        /// What the next call does.
        enum Step {
            /// Fetches the page after the cursor (the first page for `nil`).
            case fetch(String?)
            /// Throws: the page before handed out a cursor seen already.
            case fail(EndpointError)
            case done
        }

        let sequence: CursorPageSequence
        var step: Step
        var seen: Set<String> = []
        var pageNumber = 0

        /// The next page, or `nil` after the last.
        public mutating func next() async throws(EndpointError) -> R.Response? {
            let cursor: String?
            switch step {
            case .done: return nil
            case .fail(let error):
                step = .done
                throw error
            case .fetch(let next): cursor = next
            }
            step = .done
            try sequence.check()
            if let cursor { seen.insert(cursor) }
            pageNumber += 1
            let query = cursor.map { [(R.Response.cursorLabel, $0)] } ?? []
            let (payload, _) = try await sequence.controller.loadWithResponse(sequence.request, extraQuery: query)
            guard payload.pageItemCount > 0 else { return nil }
            step = following(payload)
            return payload
        }

        /// What comes after `payload`: the page of its cursor, the end, or an error for a cursor
        /// handed out before (thrown by the next call, after `payload` is delivered).
        private func following(_ payload: R.Response) -> Step {
            guard payload.morePagesFollow != false, let cursor = payload.nextCursor, !cursor.isEmpty else { return .done }
            guard !seen.contains(cursor) else {
                return .fail(sequence.error(.repeatedCursor(String(cursor.prefix(64)), page: pageNumber)))
            }
            return .fetch(cursor)
        }
    }

    /// Checks the payload's paging declarations before a request goes.
    func check() throws(EndpointError) {
        let label = R.Response.cursorLabel
        if R.Response.self is any EndpointPageable.Type {
            throw error(.conflictingPaging(payload: String(describing: R.Response.self)))
        }
        if label.isEmpty { throw error(.invalidCursorLabel(label, reason: "is empty")) }
        if label.contains(where: { $0.isWhitespace || $0.isNewline }) {
            throw error(.invalidCursorLabel(label, reason: "holds white space"))
        }
    }

    func error(_ failure: CursorPagingFailure) -> EndpointError {
        EndpointError(
            .cursorPaging(failure), method: request.method, path: String(request.path.description.prefix { $0 != "?" }),
            attempts: 0)
    }
}

extension EndpointController {
    /// The pages of a cursor-paged `request`, fetched as you iterate: the first without a cursor
    /// (or after `cursor`), each next one with the cursor its previous page gave.
    public func pages<R: Request>(of request: R, startingAfter cursor: String? = nil) -> CursorPageSequence<R, ServerError>
    where R.Response: EndpointCursorPageable {
        CursorPageSequence(controller: self, request: request, firstCursor: cursor)
    }

    /// ``loadWithResponse(_:page:extraHeaders:)`` with query parameters added to the request's.
    func loadWithResponse<R: Request>(_ request: R, extraQuery: [(String, String)]) async throws(EndpointError)
        -> (R.Response, HTTPResponse)
    {
        let (response, body, attempts) = try await core.cachedExchange(request, page: 1, extraHeaders: [:], extraQuery: extraQuery)
        return (try core.decode(request, body: body, response: response, attempts: attempts), response)
    }
}
