import EndpointKit
import Foundation
import ProcessTesting
import OxfordDictionaries

import Testing

@testable import OxfordSandbox

/// Issue 7 (load): 1,000 concurrent requests through one controller against the sandbox.
@Suite("Hardening: load")
struct LoadTests {
    /// The process's resident memory now and at its peak, in KiB (Linux).
    private func residentKiB() -> (now: Int, peak: Int)? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        func value(_ name: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
        }
        guard let now = value("VmRSS"), let peak = value("VmHWM") else { return nil }
        return (now, peak)
    }

    @Test("1,000 concurrent look-ups of 1,000 different words through one controller: every one answers with its own entry")
    func thousandConcurrent() async throws {
        try await TestScheduling.exclusively {
            let lexicon = try bundledLexicon.get()
            // 1,000 single words spread over the whole dictionary, so the look-ups meet many blocks.
            let step = lexicon.headwordCount / 3000
            let words = Array(stride(from: 0, to: lexicon.headwordCount, by: step).map { lexicon.headwords.key(at: $0) }.filter {
                $0.allSatisfy { $0.isLetter && $0.isASCII }
            }.prefix(1000))
            #expect(words.count == 1000)
            try await withSandbox { server in
                let oxford = client(server)
                let before = residentKiB()
                let answers = try await withThrowingTaskGroup(of: (String, String?).self) { group in
                    for word in words {
                        group.addTask { (word, try await oxford.entries(word).results.first?.id) }
                    }
                    var answers: [String: String?] = [:]
                    for try await (word, id) in group { answers[word] = id }
                    return answers
                }
                let after = residentKiB()
                #expect(answers.count == 1000)
                let wrong = answers.filter { $0.value != $0.key }
                #expect(wrong.isEmpty, "\(wrong.count) look-ups answered another word, such as \(wrong.prefix(3))")
                if let before, let after {
                    // Bounded: the answers themselves are a few MB; the controller must not hold on to more.
                    let grown = (after.now - before.now) / 1024
                    // The figure for RELIABILITY.md, in the test log.
                    print("load: 1,000 concurrent look-ups; resident \(before.now / 1024) → \(after.now / 1024) MB, peak \(after.peak / 1024) MB")
                    // Sanitizers keep shadow memory and their own heap: memory means nothing there.
                    #expect(Sanitizers.any || grown < 200, "resident memory grew by \(grown) MB over 1,000 concurrent requests")
                }
            }
        }
    }
}
