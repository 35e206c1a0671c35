import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import OpenAPIRuntime

/// A probe: the least a `ClientTransport` over AsyncHTTPClient can do (the URL joined as a string,
/// headers copied, the body passed through), to measure what swift-openapi-async-http-client's
/// adapter costs on top of it.
struct MinimalAHCTransport: ClientTransport {
    let client: HTTPClient

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        var base = baseURL.absoluteString
        if base.hasSuffix("/") { base.removeLast() }
        var clientRequest = HTTPClientRequest(url: base + (request.path ?? "/"))
        clientRequest.method = .init(rawValue: request.method.rawValue)
        for field in request.headerFields { clientRequest.headers.add(name: field.name.rawName, value: field.value) }
        if let body {
            let length: HTTPClientRequest.Body.Length
            switch body.length {
            case .unknown: length = .unknown
            case .known(let count): length = .known(count)
            }
            clientRequest.body = .stream(body.map { ByteBuffer(bytes: $0) }, length: length)
        }
        let response = try await client.execute(clientRequest, timeout: .seconds(60))
        var fields = HTTPFields()
        fields.reserveCapacity(response.headers.count)
        for (name, value) in response.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        let length: HTTPBody.Length = response.headers.first(name: "content-length").flatMap(Int64.init).map { .known($0) } ?? .unknown
        return (
            HTTPResponse(status: .init(code: Int(response.status.code)), headerFields: fields),
            HTTPBody(response.body.map { $0.readableBytesView }, length: length, iterationBehavior: .single)
        )
    }
}
