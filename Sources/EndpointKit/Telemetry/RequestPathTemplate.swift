/// A request that names the template of its path, such as `/users/{id}`, for span names.
///
/// A span named after the template groups every request to the same resource, whatever the
/// ids in its path; without one, the span is named after the method alone (the path may hold
/// ids or other values of high cardinality). ``Endpoint`` adopts it: its ``Endpoint/objectID``
/// becomes `{id}`.
public protocol RequestPathTemplate {
    /// The path with its variable segments in braces, starting with `/`.
    var pathTemplate: String { get }
}

extension Endpoint: RequestPathTemplate {
    /// ``pathPrefix``, then `{id}` when there is an ``objectID``, then ``pathSuffix``.
    public var pathTemplate: String {
        var segments = EndpointPath(pathPrefix).segments
        if objectID != nil { segments.append("{id}") }
        if let pathSuffix { segments += EndpointPath(pathSuffix).segments }
        return "/" + segments.joined(separator: "/")
    }
}
