import HTTPTypes

extension HTTPRequest.Method {
    /// Whether convenience parameters of this method go to the URL query: GET, HEAD and DELETE.
    /// Other methods send them as a JSON body (see `Request.parameters`).
    public var prefersQueryParameters: Bool {
        self == .get || self == .head || self == .delete
    }

    /// Whether a request of this method may carry a body: every method but GET and HEAD.
    public var allowsRequestBody: Bool {
        self != .get && self != .head
    }
}
