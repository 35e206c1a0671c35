import EndpointKitTesting
import Foundation
import Testing

@testable import EndpointKit

/// The controller's request path (`ControllerCore`) as its callers see it: what of the generic
/// controller it keeps.
@Suite("ControllerCore")
struct ControllerCoreTests {
    @Test("the controller's configuration type is EndpointControllerConfiguration, by its old name too")
    func configurationName() {
        let configuration: EndpointControllerConfiguration = EndpointController<EndpointDefaultServerError>.Configuration(
            maxResponseBytes: 1234)
        let controller = EndpointController<EndpointDefaultServerError>(transport: StubTransport(), configuration: configuration)
        #expect(controller.configuration.maxResponseBytes == 1234)
        #expect(ObjectIdentifier(controller.core.serverErrorType) == ObjectIdentifier(EndpointDefaultServerError.self))
    }

    /// An API's error body, with a field the default type does not have.
    struct TeapotError: EndpointServerError {
        var error: String?
        var reason: String?
        var detail: String?
        var brew: String
    }

    @Test("an unacceptable answer decodes into the controller's ServerError, held as a value by its core, unless the request names another")
    func serverErrorType() async throws {
        let transport = StubTransport()
        let body = #"{"error":"teapot","brew":"earl grey"}"#
        transport.stub(.get, "/tea", with: .json(body, status: .init(code: 418)))
        let controller = EndpointController<TeapotError>(
            transport: transport, configuration: .init(retryPolicy: .none, notificationCenter: nil))
        let server = URL(string: "http://x.test")!
        for (endpoint, expected) in [
            (Endpoint<Data>(serverURL: server, pathPrefix: "tea"), "TeapotError"),
            (Endpoint<Data>(serverURL: server, pathPrefix: "tea", serverErrorType: EndpointDefaultServerError.self), "EndpointDefaultServerError"),
        ] {
            let error = await #expect(throws: EndpointError.self) { try await controller.load(endpoint) }
            guard case .unacceptableStatus(let status, let serverError, _) = error?.kind else {
                Issue.record("expected an unacceptable status, got \(String(describing: error))")
                continue
            }
            #expect(status.code == 418)
            #expect(serverError.map { "\(type(of: $0))" } == expected)
            #expect(serverError?.error == "teapot")
        }
        #expect((try? JSONDecoder().decode(TeapotError.self, from: Data(body.utf8)))?.brew == "earl grey")
    }
}
