import EndpointKit
import EndpointKitTesting
import Foundation
import HTTPTypes
import OxfordDictionaries

/// Benchmark 3: a large Oxford entries response decoded into the package's models, through the
/// controller's decoding path and by a bare `JSONDecoder` into the same structs.
enum Decoding {
    struct Contender {
        var name: String
        var note: String
        var run: () -> Int
    }

    static func contenders(body: Data) throws -> [Contender] {
        let request = try OxfordAPI(credentials: RequestBuilding.credentials).entries("ace")
        let decoder = (request.decoding ?? JSONDecodingOptions()).makeDecoder()
        let bare = JSONDecoder()
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        let response = HTTPResponse(status: .ok, headerFields: fields)

        // The whole controller over a stub transport that answers with the body from memory.
        let transport = StubTransport()
        transport.stub(.get, try request.prepare().request.path!.split(separator: "?")[0].description, with: .init(headerFields: fields, body: body))
        let controller = EndpointController<OxfordServerError>(
            transport: transport, configuration: .init(retryPolicy: .none, notificationCenter: nil))

        // A sanity check: all three give the same number of senses.
        let senses = { (entry: OxfordRetrieveEntry) -> Int in
            entry.results.flatMap(\.lexicalEntries).flatMap { $0.entries ?? [] }.flatMap { $0.senses ?? [] }.count
        }
        let expected = senses(try bare.decode(OxfordRetrieveEntry.self, from: body))
        guard senses(try request.decodeResponse(body, response: response, decoder: decoder)) == expected else {
            throw BenchmarkError.mismatch("the controller's path decoded another number of senses")
        }
        return [
            Contender(
                name: "bare-jsondecoder", note: "JSONDecoder().decode(OxfordRetrieveEntry.self, from:)",
                run: { (try? bare.decode(OxfordRetrieveEntry.self, from: body)).map(senses) ?? -1 }),
            Contender(
                name: "controller-path", note: "request.decodeResponse(_:response:decoder:), as the controller calls it",
                run: { (try? request.decodeResponse(body, response: response, decoder: decoder)).map(senses) ?? -1 }),
            Contender(
                name: "controller-load", note: "EndpointController.load over an in-memory stub transport (exchange included)",
                run: { blockingLoad(controller, request).map(senses) ?? -1 }),
        ]
    }

    /// `controller.load` from synchronous benchmark code.
    static func blockingLoad(_ controller: EndpointController<OxfordServerError>, _ request: OxfordRequest<OxfordRetrieveEntry>) -> OxfordRetrieveEntry? {
        let box = ResultBox()
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            box.value = try? await controller.load(request)
            semaphore.signal()
        }
        semaphore.wait()
        return box.value
    }

    final class ResultBox: @unchecked Sendable {
        var value: OxfordRetrieveEntry?
    }
}
