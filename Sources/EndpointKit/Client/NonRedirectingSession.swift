import Foundation
import OpenAPIRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSessions whose tasks hand redirects back instead of following them, so the controller
/// follows them itself (see ``RedirectPolicy``): for swift-openapi-urlsession's `URLSessionTransport`
/// or your own use. ``URLSessionEndpointTransport`` refuses redirects by itself.
public enum NonRedirectingSession {
    /// The transport a controller uses when given none: ``URLSessionEndpointTransport/shared``.
    public static var transport: any ClientTransport {
        URLSessionEndpointTransport.shared
    }

    /// One session for the whole process, configured like `URLSession.shared`.
    public static let shared = make(configuration: .default)

    /// A new session with `configuration` whose tasks return a redirect answer as it is, for
    /// `URLSessionTransport(configuration: .init(session:))`. A session keeps its delegate until
    /// it is invalidated: make one per configuration, not one per request.
    public static func make(configuration: URLSessionConfiguration) -> URLSession {
        URLSession(configuration: configuration, delegate: RedirectRefusingDelegate(), delegateQueue: nil)
    }
}

/// Answers every redirect with "do not follow", so the task completes with the `3xx` answer.
private final class RedirectRefusingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
