import Foundation
import ProcessTesting
import Testing

/// The `oxford-sandbox` binary, run as a user runs it.
@Suite("oxford-sandbox command")
struct SandboxCommandTests {
    private let command = ProcessRunner(product: "oxford-sandbox")

    @Test("Bad flags exit 64 with a message that names the flag and what is allowed", arguments: [
        (["--app-id", "x"], "--app-id and --app-key go together"),
        (["--open", "--app-id", "x", "--app-key", "y"], "cannot be combined"),
        (["--port", "70000"], "--port 70000 is not a port: use 0 to 65535"),
        (["--log-level", "loud"], "--log-level loud is not a level"),
        (["--cache-mb", "5000"], "--cache-mb 5000 is out of range: use 0 to 4096"),
    ])
    func badFlags(arguments: [String], message: String) async throws {
        let result = try await command.run(arguments, environment: ProcessRunner.environment())
        let (status, errors) = (result.status, result.errors)
        #expect(status == 64)
        #expect(errors.contains(message), "\(errors)")
    }

    @Test("A lexicon file that is not one is refused by name")
    func badLexicon() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-lexicon-\(UUID().uuidString).json")
        try Data("[]".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await command.run(["--lexicon", file.path, "--port", "0"], environment: ProcessRunner.environment())
        let (status, errors) = (result.status, result.errors)
        #expect(status == 1)
        #expect(errors.contains("the sandbox lexicon \(file.path) cannot be read: the file does not start with OXLX (at byte 0)"), "\(errors)")
    }

    @Test("--port 0 serves on a free port, announced on standard error; SIGTERM stops it")
    func serves() async throws {
        let server = try await command.start(
            ["--port", "0", "--app-id", "cli-id", "--app-key", "cli-key", "--log-level", "warning"],
            readyWhen: /http:\/\/127\.0\.0\.1:(\d+)\/api\/v2.*\d{6} headwords.*Ctrl-C/)
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.announced)/api/v2/lemmas/en/pixels")!)
        request.setValue("cli-id", forHTTPHeaderField: "app_id")
        request.setValue("cli-key", forHTTPHeaderField: "app_key")
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains(#""inflectionOf":[{"id":"pixel","text":"pixel"}]"#))
        let status = await server.stop()
        #expect(status == 0, "SIGTERM is a graceful shutdown")
    }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
