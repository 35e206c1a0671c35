import Foundation
import HTTPTypes
import Testing

@testable import EndpointKit

/// A payload that is not pageable.
struct User: Codable, Equatable, Sendable {
    var id: Int
    var name: String
}

/// A pageable payload with the seed's defaults.
struct Followers: Codable, EndpointPageable {
    var users: [User]
}

/// A pageable payload for a server that counts pages from 0, with its own labels.
struct ZeroBasedPage: Codable, EndpointPageable {
    static var perPage: Int { 50 }
    static var perPageLabel: String { "limit" }
    static var pageLabel: String { "p" }
    static var pageOffset: Int { -1 }
}

/// Asserts that `body` throws exactly `expected`.
func expectError<T>(
    _ expected: EndpointRequestError, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) {
    do {
        _ = try body()
        Issue.record("expected \(expected), but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as EndpointRequestError {
        #expect(error == expected, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected \(expected), got \(error)", sourceLocation: sourceLocation)
    }
}

/// Awaits `operation`, which must fail as cancelled (`.transport(.cancelled)`), and returns that
/// error for further checks; records an issue, and returns `nil`, when it succeeds or fails
/// otherwise. Errors other than ``EndpointError`` are rethrown.
@discardableResult
func expectCancelled<T>(sourceLocation: SourceLocation = #_sourceLocation, _ operation: () async throws -> T) async throws
    -> EndpointError?
{
    do {
        _ = try await operation()
        Issue.record("expected a cancellation, but the operation succeeded", sourceLocation: sourceLocation)
    } catch let error as EndpointError {
        guard case .transport(.cancelled) = error.kind else {
            Issue.record("expected cancelled, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
        return error
    }
    return nil
}

/// A temporary directory removed when the value is released.
final class TemporaryDirectory: @unchecked Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("EndpointKitTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String, contents: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try contents.write(to: file)
        return file
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

extension PreparedRequest {
    /// The request target (path and query) of the head.
    var target: String { request.path ?? "" }
    /// The value of header `name`.
    func header(_ name: String) -> String? { request.headerFields[HTTPField.Name(name)!] }
}

extension Locked where Value == Int {
    /// Adds one and returns the new count: how a test server numbers the calls it gets.
    func increment() -> Int {
        withLock { value in
            value += 1
            return value
        }
    }
}
