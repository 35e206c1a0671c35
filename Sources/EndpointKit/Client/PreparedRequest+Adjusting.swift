import Foundation
import HTTPTypes

extension PreparedRequest {
    /// The request with `items` (name, value) added to its query, percent-encoded; a name the
    /// query already holds throws ``EndpointRequestError/duplicateParameterName(_:)``.
    func appendingQuery(_ items: [(String, String)]) throws -> PreparedRequest {
        guard !items.isEmpty else { return self }
        var target = request.path ?? "/"
        let present = Set(queryNames(of: target))
        for (name, value) in items {
            let encodedName = PercentEncoding.encode(name)
            guard !present.contains(encodedName) else { throw EndpointRequestError.duplicateParameterName(name) }
            target += (target.contains("?") ? "&" : "?") + encodedName + "=" + PercentEncoding.encode(value)
        }
        var head = request
        head.path = target
        return PreparedRequest(request: head, body: body, origin: origin, baseURL: baseURL)
    }

    /// The request with the header field `name: value` set, unless it already has one of that name.
    func addingHeaderIfAbsent(_ name: String, value: @autoclosure () throws -> String) throws -> PreparedRequest {
        guard let fieldName = HTTPField.Name(name) else { throw EndpointRequestError.invalidHeaderName(name) }
        guard request.headerFields[fieldName] == nil else { return self }
        let field = try HeaderValidation.field(name: name, value: try value())
        var head = request
        head.headerFields[field.name] = field.value
        return PreparedRequest(request: head, body: body, origin: origin, baseURL: baseURL)
    }

    /// The encoded names of the query of `target`.
    private func queryNames(of target: String) -> [String] {
        guard let start = target.firstIndex(of: "?") else { return [] }
        return target[target.index(after: start)...].split(separator: "&").map { String($0.prefix { $0 != "=" }) }
    }
}
