import Foundation

@testable import OxfordSandbox

/// Small lexicons of known content, written in the file format by `LexiconWriter`.
enum LexiconFixtures {
    static let words: [String: SandboxWord] = [
        "ace": SandboxWord(
            frequency: 2.4e-05,
            lexicalEntries: [
                SandboxWord.LexicalEntry(
                    lexicalCategory: "noun",
                    senses: [
                        SandboxWord.Sense(
                            id: "wn30-09613191-n", definitions: ["someone who is dazzlingly skilled in any field"], examples: ["an ace reporter"],
                            synonyms: ["adept", "champion"], domains: ["card game"], semanticClasses: ["expert"], domainClasses: ["card_game"])
                    ],
                    inflections: [SandboxWord.Inflection(form: "aces", tag: "NNS")], derivatives: ["aceness"]),
                SandboxWord.LexicalEntry(
                    lexicalCategory: "verb",
                    senses: [SandboxWord.Sense(id: "wn30-01101913-v", definitions: ["succeed at easily"], registers: ["informal"])],
                    inflections: [SandboxWord.Inflection(form: "aced", tag: "VBD")], phrasalVerbs: ["ace out"]),
            ],
            pronunciations: [SandboxWord.Pronunciation(dialect: "American English", ipa: "ˈeɪs"), SandboxWord.Pronunciation(dialect: "British English", ipa: "eɪs")],
            etymologies: ["from Old French as"],
            translations: ["es": [SandboxWord.Translation(lexicalCategory: "noun", senseID: "wn30-09613191-n", gloss: "someone who is dazzlingly skilled", translations: ["as"])]]),
        "colour": SandboxWord(
            frequency: 1e-05,
            lexicalEntries: [SandboxWord.LexicalEntry(lexicalCategory: "noun", senses: [SandboxWord.Sense(id: "wn30-04956594-n", definitions: ["a visual attribute"])], inflections: [])],
            variantForms: [SandboxWord.VariantForm(text: "color", dialect: "American English")]),
        "swimming_pool": SandboxWord(
            frequency: 3e-06,
            lexicalEntries: [SandboxWord.LexicalEntry(lexicalCategory: "noun", senses: [SandboxWord.Sense(id: "wn30-04371225-n", definitions: ["pool for swimming"], regions: ["britain"])], inflections: [SandboxWord.Inflection(form: "swimming_pools", tag: "NNS")])],
            translations: ["de": [SandboxWord.Translation(lexicalCategory: "noun", translations: ["Schwimmbad"])]]),
        "café": SandboxWord(
            frequency: 4e-06,
            lexicalEntries: [SandboxWord.LexicalEntry(lexicalCategory: "noun", senses: [SandboxWord.Sense(id: "wn30-02936402-n", definitions: ["a small restaurant"])], inflections: [])]),
    ]

    static let lemmas: [String: [SandboxLemma]] = [
        "aces": [SandboxLemma(headword: "ace", lexicalCategory: "noun", tag: "NNS")],
        "aced": [SandboxLemma(headword: "ace", lexicalCategory: "verb", tag: "VBD")],
        "swimming_pools": [SandboxLemma(headword: "swimming_pool", lexicalCategory: "noun", tag: "NNS")],
    ]

    /// The fixture's file, with blocks small enough that the records spread over several.
    static func smallFile(blockSize: Int = 256) -> Data {
        LexiconWriter(words: words, lemmas: lemmas, sources: ["wordnet": "WordNet 3.0"], blockSize: blockSize).write()
    }
}
