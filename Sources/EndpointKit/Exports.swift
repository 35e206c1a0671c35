// Endpoints speak in swift-http-types' vocabulary (`HTTPRequest.Method`, `HTTPFields`), so a
// user who imports EndpointKit can write `method: .post` without importing it too.
@_exported import HTTPTypes
