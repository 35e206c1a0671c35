import Foundation

/// Keeps documentation examples honest: every ```swift block of a Markdown document must appear,
/// line for line (indentation and blank lines aside), in test files that compile and run it.
public enum DocumentationSnippets {
    /// The root of the package, from a test file's `#filePath` (`Tests/<Target>/<Folder>/<File>.swift`).
    public static func packageRoot(fromTestFile filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The ```swift blocks of `markdown`.
    public static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The blocks of `blocks` that do not appear in `testSources`.
    public static func untested(_ blocks: [String], in testSources: [String]) -> [String] {
        let tested = testSources.flatMap(normalizedLines)
        return blocks.filter { block in
            let lines = normalizedLines(block)
            return !tested.indices.contains { start in
                start + lines.count <= tested.count && Array(tested[start..<start + lines.count]) == lines
            }
        }
    }

    /// The non-empty lines of `text`, trimmed, without imports.
    static func normalizedLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty && !$0.hasPrefix("import ")
        }
    }
}
