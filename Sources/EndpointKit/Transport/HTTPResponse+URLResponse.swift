import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPResponse {
    /// The head of a URLSession answer, its fields in the order Foundation keeps them.
    init(urlResponse: URLResponse) throws(URLSessionEndpointTransportError) {
        guard let http = urlResponse as? HTTPURLResponse else {
            throw .invalidResponse("a \(type(of: urlResponse)), not an HTTPURLResponse")
        }
        guard (100...999).contains(http.statusCode) else { throw .invalidResponse("status \(http.statusCode)") }
        var fields = HTTPFields()
        let headers = http.allHeaderFields
        fields.reserveCapacity(headers.count)
        for (key, value) in headers {
            guard let key = key as? String, let name = HTTPField.Name(key), let value = value as? String else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        self.init(status: .init(code: http.statusCode), headerFields: fields)
    }
}
