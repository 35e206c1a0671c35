import ArgumentParser
import EndpointKit
import Foundation

/// A command that sends requests: it opens a session (the configured server or the sandbox),
/// performs its work, closes the session, and turns failures into one line and an exit code.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
protocol SendingCommand: AsyncParsableCommand {
    var service: ServiceOptions { get }
    func perform(_ session: Session, _ terminal: Terminal) async throws
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
extension SendingCommand {
    func run() async throws {
        let terminal = Terminal(service.color)
        let session: Session
        do {
            session = try await Session.open(service)
        } catch {
            throw Self.exit(error)
        }
        do {
            try await perform(session, terminal)
            await session.close()
        } catch {
            await session.close()
            throw Self.exit(error)
        }
    }

    /// Prints the failure as one line on standard error and gives its exit code.
    static func exit(_ error: any Error) -> ExitCode {
        if let code = error as? ExitCode { return code }
        let failure = CommandFailure(error)
        Terminal.note(failure.description)
        return ExitCode(failure.exitCode)
    }

    /// Prints a raw JSON body, as received.
    func printJSON(_ data: Data, _ terminal: Terminal) {
        terminal.print(String(decoding: data, as: UTF8.self))
    }
}
