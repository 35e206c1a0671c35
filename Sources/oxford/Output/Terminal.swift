import EndpointKit
import Foundation

/// Writing to the terminal: styles that apply only where colour is wanted, notes on standard error.
struct Terminal: Sendable {
    /// Whether ANSI styles are written.
    let colored: Bool
    /// The terminal's width in columns when standard output is a terminal; `nil` when piped (no wrapping).
    let width: Int?

    /// Colour for `choice`: `auto` colours a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    init(_ choice: ColorChoice, environment: [String: String] = ProcessInfo.processInfo.environment) {
        switch choice {
        case .always: colored = true
        case .never: colored = false
        case .auto: colored = isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 40 {
            width = Int(size.ws_col)
        } else {
            width = nil
        }
    }

    /// Prints `prefix` (already styled, `prefixWidth` columns wide) then `text` in `style`, wrapped
    /// at word boundaries to the terminal's width with continuation lines indented under the text.
    func printWrapped(_ prefix: String, prefixWidth: Int, _ text: String, style: (String) -> String = { $0 }) {
        guard let width, prefixWidth + text.count > width else { return print(prefix + style(text)) }
        let room = max(20, width - prefixWidth)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, line.count + 1 + word.count > room {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        let indent = String(repeating: " ", count: prefixWidth)
        for (index, line) in lines.enumerated() { print((index == 0 ? prefix : indent) + style(line)) }
    }

    func bold(_ text: String) -> String { style(text, "1") }
    func dim(_ text: String) -> String { style(text, "2") }
    func italic(_ text: String) -> String { style(text, "3") }
    func cyan(_ text: String) -> String { style(text, "36") }
    func green(_ text: String) -> String { style(text, "32") }
    func yellow(_ text: String) -> String { style(text, "33") }
    func magenta(_ text: String) -> String { style(text, "35") }

    private func style(_ text: String, _ code: String) -> String { colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    /// Writes a line to standard output. When the reader has gone (`oxford words --all | head`),
    /// the command stops quietly with success rather than dying on the broken pipe.
    func print(_ line: String = "") {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            exit(0)
        }
    }

    /// Writes a note to standard error.
    static func note(_ line: String) { try? FileHandle.standardError.write(contentsOf: Data("oxford: \(line)\n".utf8)) }

    /// Rewrites a progress line on standard error (on a terminal; plain lines otherwise).
    static func progress(_ line: String, done: Bool = false) {
        let text = isatty(STDERR_FILENO) == 1 ? "\r\u{1B}[2Koxford: \(line)\(done ? "\n" : "")" : "oxford: \(line)\n"
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
