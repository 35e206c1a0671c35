import Foundation
import HTTPTypes
import Testing

@testable import EndpointKit

/// A request that declares only convenience parameters.
private struct SearchRequest: Request {
    typealias Response = [String]
    var method: HTTPRequest.Method
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: EndpointPath { "search/repositories" }
    var parameters: [String: any APIParamConvertible]? { ["q": "swift lang", "sort": "stars", "page": 2] }
}

/// A request that sends some parameters in the query and others as a form, whatever the method.
private struct MixedRequest: Request {
    typealias Response = Data
    var baseURL: URL { URL(string: "https://api.example.com/v3")! }
    var method: HTTPRequest.Method { .post }
    var path: EndpointPath { "repos" / "apple/swift" / "issues" }
    var headerFields: [String: String] { ["Accept": "application/vnd.github+json"] }
    var parameters: [String: any APIParamConvertible]? { ["ignored": true] }
    var queryParameters: [String: any APIParamConvertible]? { ["dry_run": true] }
    var bodyParameters: (any BodyParameters)? { FormURLEncodedBodyParameters(["title": "Crash on launch"]) }
}

/// A request whose parameters come from an APIParameters type and may fail to render.
private struct FailingParametersRequest: Request {
    typealias Response = Data
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: EndpointPath { "x" }
    var parameters: [String: any APIParamConvertible]? {
        get throws { ["ratio": Double.nan] }
    }
}

@Suite("Request protocol")
struct RequestTests {
    @Test("convenience parameters go to the query for GET, HEAD and DELETE", arguments: [
        HTTPRequest.Method.get, .head, .delete,
    ])
    func queryMethods(method: HTTPRequest.Method) throws {
        let prepared = try SearchRequest(method: method).prepare()
        #expect(prepared.target == "/search/repositories?page=2&q=swift%20lang&sort=stars")
        #expect(prepared.body == nil)
        #expect(prepared.header("Content-Type") == nil)
    }

    @Test("convenience parameters become a JSON body for the other methods", arguments: [
        HTTPRequest.Method.post, .put, .patch, .options,
    ])
    func bodyMethods(method: HTTPRequest.Method) throws {
        let prepared = try SearchRequest(method: method).prepare()
        #expect(prepared.target == "/search/repositories")
        #expect(prepared.header("Content-Type") == "application/json")
        guard case .data(let data)? = prepared.body else {
            Issue.record("expected an in-memory body")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == #"{"page":2,"q":"swift lang","sort":"stars"}"#)
    }

    @Test("actual parameters win over convenience parameters")
    func actualParametersWin() throws {
        let prepared = try MixedRequest().prepare()
        #expect(prepared.target == "/v3/repos/apple%2Fswift/issues?dry_run=true")
        #expect(prepared.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(prepared.header("Accept") == "application/vnd.github+json")
        guard case .data(let data)? = prepared.body else {
            Issue.record("expected an in-memory body")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == "title=Crash+on+launch")
    }

    @Test("an Endpoint is a Request, so generic code takes both")
    func endpointIsARequest() throws {
        func target(of request: some Request) throws -> String { try request.prepare().target }
        let endpoint = Endpoint<[String]>(
            serverURL: URL(string: "https://api.example.com")!, pathPrefix: "search/repositories",
            queryParameters: ["q": "swift lang", "sort": "stars", "page": 2])
        #expect(try target(of: endpoint) == target(of: SearchRequest(method: .get)))
    }

    @Test("errors from parameters reach the caller")
    func parameterErrors() {
        expectError(.nonFiniteNumber(path: "ratio")) { try FailingParametersRequest().prepare() }
    }
}
