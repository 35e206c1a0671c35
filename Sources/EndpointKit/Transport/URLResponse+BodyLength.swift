import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLResponse {
    /// How many bytes of body Foundation will hand over, when the head says: its
    /// `Content-Length`, unless the body is content-encoded, for Foundation hands it over decoded
    /// and the length counts the encoded bytes.
    var handedOverBodyLength: Int64? {
        guard expectedContentLength >= 0 else { return nil }
        let encoded = (self as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding") != nil
        return encoded ? nil : expectedContentLength
    }
}
