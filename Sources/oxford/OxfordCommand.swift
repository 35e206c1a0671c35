import ArgumentParser
import Foundation
import EndpointKit
import Foundation

/// `oxford`: look words up in the Oxford Dictionaries API, or offline in the bundled sandbox.
@main
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct OxfordCommand: AsyncParsableCommand {
    /// Writes to a closed pipe fail with EPIPE (handled where output is written) instead of killing
    /// the process with SIGPIPE.
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "oxford",
        abstract: "Look words up in the Oxford Dictionaries API, or offline in the bundled sandbox.",
        discussion: """
            With no credentials, every command starts the bundled offline sandbox (real WordNet 3.0, \
            wordfreq, CMU and WikDict data) on a free loopback port and says so on standard error. \
            With OXFORD_APP_ID and OXFORD_APP_KEY (or --app-id and --app-key) it sends to the real \
            service, or to OXFORD_BASE_URL (--base-url).

            Exit codes: 0 success, 2 not found, 3 authentication failed, 4 bad request, 5 rate \
            limited, 6 server error, 7 network failure, 8 unreadable answer, 64 bad usage, 1 other.
            """,
        subcommands: [
            Define.self, Thesaurus.self, Sentences.self, Lemmas.self, Inflections.self, Search.self, Translate.self,
            Words.self, Frequency.self, Ngrams.self, ListCommand.Languages.self, ListCommand.Domains.self,
            ListCommand.Registers.self, ListCommand.LexicalCategories.self, ListCommand.GrammaticalFeatures.self,
            ListCommand.Regions.self, RequestCommand.self, SandboxCommand.self,
        ])
}
