import HTTPTypes

// The lexicon's look-ups as the endpoints use them: a damaged file answers 500 with what is wrong
// and where, for that request alone, instead of crashing the server or leaving a word out.
extension OxfordSandbox {
    /// Headword `id`, or `nil` when there is none; its translations only when asked for.
    func headword(_ id: String, withTranslations: Bool = false) throws(SandboxFailure) -> SandboxWord? {
        do { return try lexicon.word(id, withTranslations: withTranslations) } catch { throw .damaged(error) }
    }

    /// The headwords the inflected form `form` belongs to.
    func lemmaLinks(of form: String) throws(SandboxFailure) -> [SandboxLemma] {
        do { return try lexicon.lemmas(of: form) } catch { throw .damaged(error) }
    }

    /// `render` of each headword of `ids`, in order, leaving out those it gives `nil` for.
    func rendered(
        _ ids: [String], withTranslations: Bool = false, _ render: (String, SandboxWord) -> JSON?
    ) throws(SandboxFailure) -> [JSON] {
        var results: [JSON] = []
        for id in ids {
            if let word = try headword(id, withTranslations: withTranslations), let json = render(id, word) { results.append(json) }
        }
        return results
    }
}

extension SandboxFailure {
    /// The answer when the lexicon file is damaged.
    static func damaged(_ error: LexiconFormatError) -> SandboxFailure {
        SandboxFailure(status: .internalServerError, message: "The sandbox's lexicon file is damaged: \(error)")
    }
}
