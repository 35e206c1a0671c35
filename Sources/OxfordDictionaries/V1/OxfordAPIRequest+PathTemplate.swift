extension OxfordAPIRequest {
    /// The template of the path ``target()`` writes, below the v1 server: the language, word,
    /// list name and filters in braces (`/entries/{source_lang}/{word_id}/{filters}`), the
    /// synonym, antonym and sentence segments as they are.
    var pathTemplate: String {
        let filters = (self.filters ?? []).isEmpty ? "" : "/{filters}"
        switch endpoint {
        case .wordlist:
            return "/wordlist/{source_lang}" + filters
        case .search:
            return "/search/{source_lang}"
        case .utility:
            return "/{list}/{source_lang}"
        case .entries:
            let entry = "/entries/{source_lang}/{word_id}"
            if hasRequestedSynonyms && hasRequestAntonyms { return entry + "/synonyms;antonyms" }
            if hasRequestedSynonyms { return entry + "/synonyms" }
            if hasRequestAntonyms { return entry + "/antonyms" }
            if hasRequestedExampleSentences { return entry + "/sentences" }
            return entry + filters
        default:
            return "/\(endpoint.rawValue)/{source_lang}" + (word.isEmpty ? "" : "/{word_id}") + filters
        }
    }
}
