import Testing

@testable import EndpointKit

@Suite("EndpointRequestError descriptions")
struct EndpointRequestErrorTests {
    @Test("each description names what was wrong and what is allowed", arguments: [
        (EndpointRequestError.unusableServerURL("ftp://x", reason: "the scheme \"ftp\" is not http or https"),
         "unusable server URL ftp://x: the scheme \"ftp\" is not http or https; a server URL is absolute, http or https, with a host, no credentials and no fragment"),
        (.invalidPathSegment("..", reason: "it is a dot segment, which would move up the path"),
         "invalid path segment \"..\": it is a dot segment, which would move up the path; a segment is non-empty and neither \".\" nor \"..\""),
        (.bodyNotAllowed(method: "GET"),
         "a GET request cannot carry a body; send parameters in the query, or use POST, PUT, PATCH, DELETE or OPTIONS"),
        (.invalidHeaderName("X Y"),
         "invalid header name \"X Y\": a header name is a non-empty RFC 9110 token (letters, digits and !#$%&'*+-.^_`|~)"),
        (.invalidHeaderValue(name: "Authorization", reason: "it contains a line feed (LF) at byte 3"),
         "invalid value for header Authorization: it contains a line feed (LF) at byte 3; a header value holds no CR, LF, NUL or other control byte but tab"),
        (.nonFiniteNumber(path: "$.ratio"), "the number at $.ratio is NaN or infinite; only finite numbers can be sent"),
        (.parametersNotAnObject(location: "form", kind: "array"),
         "form parameters must be named (a dictionary or APIParameters), got an array"),
        (.duplicateParameterName("page"), "the parameter name \"page\" is used twice; each name may appear once"),
        (.invalidPage(0), "invalid page 0: pages are numbered from 1"),
        (.pagingUnsupported(payload: "User"),
         "page requested for an endpoint whose payload User is not EndpointPageable; only page 1 is allowed"),
        (.invalidContentType("", reason: "it is empty"),
         "invalid content type \"\": it is empty; a content type is a non-empty header value such as application/json"),
        (.unreadableFilePart(name: "photo", path: "/tmp/x.jpg", reason: "it does not exist"),
         "cannot read the file of multipart part \"photo\" at /tmp/x.jpg: it does not exist"),
        (.filePartChanged(name: "photo", path: "/tmp/x.jpg", reason: "it vanished or became unreadable"),
         "the file of multipart part \"photo\" at /tmp/x.jpg changed while it was sent: it vanished or became unreadable"),
    ])
    func descriptions(error: EndpointRequestError, expected: String) {
        #expect(error.description == expected)
    }
}
