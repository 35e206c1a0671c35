import EndpointKit
import Foundation

extension OxfordRequest: RequestPathTemplate {
    /// The path from the server's root with its values in braces, as the API's reference names
    /// them: `/api/v2/entries/{source_lang}/{word_id}` for ``OxfordAPI/entries(_:language:fields:selection:strictMatch:)``.
    /// Spans are named after it, so it holds no word, language, filter or credential.
    ///
    /// It is the template of the request as ``OxfordAPI`` made it (a ``path`` changed afterwards
    /// keeps the template it had).
    public var pathTemplate: String {
        var root = (templateServer ?? baseURL).path
        while root.hasSuffix("/") { root.removeLast() }
        return root + templateBelowServer
    }
}
