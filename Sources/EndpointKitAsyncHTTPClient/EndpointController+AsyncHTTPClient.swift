import AsyncHTTPClient
import EndpointKit

extension EndpointController {
    /// A controller over AsyncHTTPClient (``AsyncHTTPClientEndpointTransport``), in one line.
    ///
    /// The attempt's timeout (`configuration.timeout`) also becomes AsyncHTTPClient's deadline for
    /// the answer's head. AsyncHTTPClient's deadline ends when the head arrives, so a body that
    /// trickles in is still bounded by the controller's own deadline (`enforcesTimeouts`, on by
    /// default), which this keeps.
    ///
    /// - Parameters:
    ///   - client: A client that does not follow redirects; one for the whole process by default.
    ///   - configuration: The controller's configuration.
    public static func asyncHTTPClient(
        _ client: HTTPClient = AsyncHTTPClientEndpointTransport.nonRedirectingClient, configuration: Configuration = .init()
    ) -> EndpointController {
        EndpointController(
            transport: AsyncHTTPClientEndpointTransport(client: client, timeout: configuration.timeout), configuration: configuration)
    }
}
