import AsyncHTTPClient
import EndpointKit

extension EndpointController {
    /// A controller over AsyncHTTPClient (``AsyncHTTPClientEndpointTransport``), in one line.
    ///
    /// Each attempt's timeout (`configuration.timeout`, or `transferTimeout` for transfers)
    /// becomes AsyncHTTPClient's deadline for the whole exchange, so the controller runs attempts
    /// in its caller's task, with no task of its own per attempt.
    ///
    /// - Parameters:
    ///   - client: A client that does not follow redirects; one for the whole process by default.
    ///   - configuration: The controller's configuration.
    public static func asyncHTTPClient(
        _ client: HTTPClient = AsyncHTTPClientEndpointTransport.nonRedirectingClient, configuration: Configuration = .init()
    ) -> EndpointController {
        EndpointController(
            transport: AsyncHTTPClientEndpointTransport(client: client), configuration: configuration)
    }
}
