import Foundation
import Testing

/// The `oxford-sandbox` binary, run as a user runs it.
@Suite("oxford-sandbox command")
struct SandboxCommandTests {
    /// The built binary, beside the test bundle.
    static var binary: URL {
        var directory = Bundle.main.bundleURL
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("oxford-sandbox").path), directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("oxford-sandbox")
    }

    /// Runs the binary with `arguments` until it exits (at most 60 s); its exit code and standard error.
    private func run(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test("Bad flags exit 64 with a message that names the flag and what is allowed", arguments: [
        (["--app-id", "x"], "--app-id and --app-key go together"),
        (["--open", "--app-id", "x", "--app-key", "y"], "cannot be combined"),
        (["--port", "70000"], "--port 70000 is not a port: use 0 to 65535"),
        (["--log-level", "loud"], "--log-level loud is not a level"),
        (["--cache-mb", "5000"], "--cache-mb 5000 is out of range: use 0 to 4096"),
    ])
    func badFlags(arguments: [String], message: String) throws {
        let (status, errors) = try run(arguments)
        #expect(status == 64)
        #expect(errors.contains(message), "\(errors)")
    }

    @Test("A lexicon file that is not one is refused by name")
    func badLexicon() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-lexicon-\(UUID().uuidString).json")
        try Data("[]".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, errors) = try run(["--lexicon", file.path, "--port", "0"])
        #expect(status == 1)
        #expect(errors.contains("the sandbox lexicon \(file.path) cannot be read: expected '{' at byte 0"), "\(errors)")
    }

    @Test("--port 0 serves on a free port, announced on standard error; SIGTERM stops it")
    func serves() async throws {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["--port", "0", "--app-id", "cli-id", "--app-key", "cli-key", "--log-level", "warning"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var announced = ""
        let deadline = Date().addingTimeInterval(60)
        while !announced.contains("Ctrl-C"), Date() < deadline {
            announced += String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
        }
        let port = try #require(announced.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/api\/v2/).map { String($0.1) })
        #expect(announced.contains("10000 headwords"))
        #expect(!announced.contains("cli-key"))

        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/api/v2/lemmas/en/pixels")!)
        request.setValue("cli-id", forHTTPHeaderField: "app_id")
        request.setValue("cli-key", forHTTPHeaderField: "app_key")
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains(#""inflectionOf":[{"id":"pixel","text":"pixel"}]"#))

        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit || process.terminationStatus == SIGTERM)
    }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
