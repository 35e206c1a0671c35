import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import OxfordSandbox

/// Every kind of v2 answer the sandbox gives, checked against the service's published schemas
/// (spec §4): each object has its required keys and no key its schema lacks, and no array is empty
/// (the service leaves empty lists out; the schema's `minItems` where it has them).
@Suite("Sandbox answers against the v2 schemas")
struct SandboxSchemaTests {
    @Test("Entries, words, translations, lemmas, inflections, thesaurus, sentences, search, utility lists: sampled words")
    func everyKindOfAnswer() throws {
        let lexicon = try bundledLexicon.get()
        let sandbox = OxfordSandbox(lexicon: lexicon, credentials: .open, cacheBytes: 0)
        var words = ["ace", "run", "swimming_pool", "o'clock", "serendipity", "house", "water", "good", "the", "colour", "café"]
        words += stride(from: 0, to: lexicon.headwordCount, by: lexicon.headwordCount / 60).map { lexicon.headwords.key(at: $0) }
        var checked = 0
        var violations: [String] = []
        func check(_ target: String, _ shape: Shape) {
            let response = sandbox.respond(method: .get, target: target, headers: [:])
            guard response.status == .ok else { return }
            let body = Data(response.body.readableBytesView)
            guard let json = try? JSONSerialization.jsonObject(with: body) else { return violations.append("\(target): not JSON") }
            checked += 1
            violations += shape.violations(of: json, at: target)
        }
        for word in words {
            let id = word.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? word
            check("/api/v2/entries/en-gb/\(id)", Schema.retrieveEntry)
            check("/api/v2/words/en-us?q=\(id)", Schema.retrieveEntry)
            check("/api/v2/translations/en/es/\(id)", Schema.retrieveEntry)
            check("/api/v2/translations/en/de/\(id)", Schema.retrieveEntry)
            check("/api/v2/lemmas/en/\(id)", Schema.lemmatron)
            check("/api/v2/inflections/en-gb/\(id)", Schema.inflections)
            check("/api/v2/thesaurus/en/\(id)", Schema.thesaurus)
            check("/api/v2/sentences/en/\(id)", Schema.sentences)
            check("/api/v2/search/en-gb?q=\(id)&limit=5", Schema.wordlist)
        }
        for list in ["domains", "registers", "lexicalCategories"] { check("/api/v2/\(list)/en-gb", Schema.utilityLabels) }
        check("/api/v2/languages", Schema.languages)
        check("/api/v2/filters", Schema.filters)
        #expect(checked > 300, "only \(checked) answers were 200")
        #expect(violations.isEmpty, "\(violations.count) violations, such as:\n\(violations.prefix(15).joined(separator: "\n"))")
    }

    @Test("v1 answers carry none of the keys v2 added: sampled entries, thesaurus, sentences")
    func v1KeysOnly() throws {
        let sandbox = OxfordSandbox(lexicon: try bundledLexicon.get(), credentials: .open, cacheBytes: 0)
        let v2Only: Set<String> = [
            "semanticClasses", "domainClasses", "derivatives", "derivativeOf", "phrases", "phrasalVerbs", "thesaurusLinks", "operation", "schema",
        ]
        func keys(_ value: Any) -> Set<String> {
            if let object = value as? [String: Any] { return object.reduce(into: Set(object.keys)) { $0.formUnion(keys($1.value)) } }
            if let array = value as? [Any] { return array.reduce(into: Set<String>()) { $0.formUnion(keys($1)) } }
            return []
        }
        var answered = 0
        for word in ["vapid", "run", "house", "swimming", "colour", "ace", "good", "serendipity"] {
            for target in ["/api/v1/entries/en/\(word)", "/api/v1/entries/en/\(word)/synonyms;antonyms", "/api/v1/entries/en/\(word)/sentences"] {
                let response = sandbox.respond(method: .get, target: target, headers: [:])
                guard response.status == .ok else { continue }
                answered += 1
                let found = keys(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))).intersection(v2Only)
                #expect(found.isEmpty, "\(target): \(found.sorted())")
            }
        }
        #expect(answered >= 16)
    }

    @Test("The checker finds what it is for: a missing required key, an unknown key, an empty array")
    func checkerFailsOnViolations() {
        let shape = Schema.inflections
        #expect(!shape.violations(of: ["results": [["id": "ace", "language": "en-gb", "lexicalEntries": []]]], at: "x").isEmpty)
        #expect(!shape.violations(of: ["results": [["id": "ace", "lexicalEntries": [["language": "en-gb", "lexicalCategory": ["id": "noun", "text": "Noun"]]]]]], at: "x").isEmpty)
        #expect(!shape.violations(of: ["extra": 1], at: "x").isEmpty)
        #expect(shape.violations(of: ["results": [["id": "ace", "language": "en-gb", "lexicalEntries": [
            ["language": "en-gb", "lexicalCategory": ["id": "noun", "text": "Noun"], "inflections": [["inflectedForm": "ace"]]],
        ]]]], at: "x").isEmpty)
    }
}

/// A JSON schema, as much of it as spec §4 gives.
indirect enum Shape: Sendable {
    case string, number, boolean
    case object(required: Set<String>, properties: [String: Shape])
    case array(Shape)
    /// Any keys, each value of one shape (`UtilityLabels`' results).
    case map(Shape)
    /// Anything (metadata, whose keys the schema leaves open).
    case any

    func violations(of value: Any, at path: String) -> [String] {
        switch self {
        case .any: return []
        case .string: return value is String ? [] : ["\(path): not a string"]
        case .boolean: return value is Bool ? [] : ["\(path): not a boolean"]
        // Foundation on Linux bridges the numbers 0 and 1 as Bool too, so a number is any NSNumber.
        case .number: return value is NSNumber ? [] : ["\(path): not a number"]
        case .array(let element):
            guard let array = value as? [Any] else { return ["\(path): not an array"] }
            guard !array.isEmpty else { return ["\(path): an empty array"] }
            return array.enumerated().flatMap { element.violations(of: $1, at: "\(path)[\($0)]") }
        case .map(let element):
            guard let object = value as? [String: Any] else { return ["\(path): not an object"] }
            return object.flatMap { element.violations(of: $1, at: "\(path).\($0)") }
        case .object(let required, let properties):
            guard let object = value as? [String: Any] else { return ["\(path): not an object"] }
            var found = required.subtracting(object.keys).sorted().map { "\(path): the required key \($0) is missing" }
            for (key, member) in object {
                guard let shape = properties[key] else {
                    found.append("\(path): the key \(key) is not in the schema")
                    continue
                }
                found += shape.violations(of: member, at: "\(path).\(key)")
            }
            return found
        }
    }
}

/// The v2 schemas of spec §4.
enum Schema {
    static let cv = Shape.object(required: ["id", "text"], properties: ["id": .string, "text": .string])
    static let cvs = Shape.array(cv)
    static let feature = Shape.object(required: ["id", "text", "type"], properties: ["id": .string, "text": .string, "type": .string])
    static let relatedEntry = Shape.object(
        required: ["id", "text"],
        properties: ["id": .string, "text": .string, "language": .string, "domains": cvs, "regions": cvs, "registers": cvs])
    static let pronunciation = Shape.object(required: [], properties: [
        "audioFile": .string, "dialects": .array(.string), "phoneticNotation": .string, "phoneticSpelling": .string, "regions": cvs, "registers": cvs,
    ])
    static let example = Shape.object(required: ["text"], properties: [
        "text": .string, "definitions": .array(.string), "domains": cvs, "regions": cvs, "registers": cvs, "senseIds": .array(.string),
    ])
    static let variantForm = Shape.object(required: ["text"], properties: [
        "text": .string, "domains": cvs, "regions": cvs, "registers": cvs, "pronunciations": .array(pronunciation),
    ])
    static let inflectedForm = Shape.object(required: ["inflectedForm"], properties: [
        "inflectedForm": .string, "grammaticalFeatures": .array(feature), "domains": cvs, "regions": cvs, "registers": cvs,
        "lexicalCategory": cv, "pronunciations": .array(pronunciation),
    ])
    static let translation = Shape.object(required: ["language", "text"], properties: [
        "language": .string, "text": .string, "type": .string, "domains": cvs, "regions": cvs, "registers": cvs,
        "grammaticalFeatures": .array(feature),
    ])
    static let sense = Shape.object(required: [], properties: [
        "antonyms": .array(relatedEntry), "synonyms": .array(relatedEntry), "definitions": .array(.string), "domainClasses": cvs,
        "domains": cvs, "etymologies": .array(.string), "examples": .array(example), "id": .string, "notes": .any,
        "pronunciations": .array(pronunciation), "regions": cvs, "registers": cvs, "semanticClasses": cvs,
        "shortDefinitions": .array(.string), "thesaurusLinks": .array(.object(required: ["entry_id", "sense_id"], properties: ["entry_id": .string, "sense_id": .string])),
        "variantForms": .array(variantForm), "translations": .array(translation),
    ])
    static let entry = Shape.object(required: [], properties: [
        "etymologies": .array(.string), "grammaticalFeatures": .array(feature), "homographNumber": .string, "inflections": .array(inflectedForm),
        "notes": .any, "pronunciations": .array(pronunciation), "senses": .array(sense), "variantForms": .array(variantForm),
    ])
    static let lexicalEntry = Shape.object(required: ["language", "lexicalCategory", "text"], properties: [
        "compounds": .array(relatedEntry), "derivativeOf": .array(relatedEntry), "derivatives": .array(relatedEntry),
        "phrasalVerbs": .array(relatedEntry), "phrases": .array(relatedEntry), "entries": .array(entry),
        "grammaticalFeatures": .array(feature), "language": .string, "lexicalCategory": cv, "notes": .any,
        "pronunciations": .array(pronunciation), "root": .string, "text": .string, "variantForms": .array(variantForm),
    ])
    static let headwordEntry = Shape.object(required: ["id", "language", "lexicalEntries", "word"], properties: [
        "id": .string, "language": .string, "lexicalEntries": .array(lexicalEntry), "pronunciations": .array(pronunciation),
        "type": .string, "word": .string,
    ])
    /// RetrieveEntry and RetrieveTranslations, with the top-level `id`, `word` and `query` observed.
    static let retrieveEntry = Shape.object(required: [], properties: [
        "metadata": .any, "results": .array(headwordEntry), "id": .string, "word": .string, "query": .string,
    ])
    static let lemmatron = Shape.object(required: [], properties: [
        "metadata": .any,
        "results": .array(.object(required: ["id", "language", "lexicalEntries", "word"], properties: [
            "id": .string, "language": .string, "type": .string, "word": .string,
            "lexicalEntries": .array(.object(required: ["inflectionOf", "language", "lexicalCategory", "text"], properties: [
                "grammaticalFeatures": .array(feature), "language": .string, "lexicalCategory": cv, "text": .string,
                "inflectionOf": .array(.object(required: ["id", "text"], properties: ["id": .string, "text": .string])),
            ])),
        ])),
    ])
    static let inflections = Shape.object(required: [], properties: [
        "metadata": .any,
        "results": .array(.object(required: ["id", "language", "lexicalEntries"], properties: [
            "id": .string, "language": .string, "text": .string,
            "lexicalEntries": .array(.object(required: ["language", "lexicalCategory"], properties: [
                "grammaticalFeatures": .array(feature), "inflections": .array(inflectedForm), "language": .string, "lexicalCategory": cv,
            ])),
        ])),
    ])
    static let thesaurusSense = Shape.object(required: [], properties: [
        "antonyms": .array(relatedEntry), "synonyms": .array(relatedEntry), "domainClasses": cvs, "domains": cvs,
        "examples": .array(example), "id": .string, "regions": cvs, "registers": cvs, "semanticClasses": cvs,
    ])
    static let thesaurus = Shape.object(required: [], properties: [
        "metadata": .any,
        "results": .array(.object(required: ["id", "language", "lexicalEntries", "word"], properties: [
            "id": .string, "language": .string, "type": .string, "word": .string,
            "lexicalEntries": .array(.object(required: ["language", "lexicalCategory", "text"], properties: [
                "entries": .array(.object(required: [], properties: [
                    "grammaticalFeatures": .array(feature), "homographNumber": .string, "senses": .array(thesaurusSense),
                    "variantForms": .array(variantForm),
                ])),
                "grammaticalFeatures": .array(feature), "language": .string, "lexicalCategory": cv, "text": .string,
                "variantForms": .array(variantForm),
            ])),
        ])),
    ])
    static let sentences = Shape.object(required: [], properties: [
        "metadata": .any,
        "results": .array(.object(required: ["id", "language", "lexicalEntries", "word"], properties: [
            "id": .string, "language": .string, "type": .string, "word": .string,
            "lexicalEntries": .array(.object(required: ["language", "sentences", "text"], properties: [
                "grammaticalFeatures": .array(feature), "language": .string, "lexicalCategory": cv, "sentences": .array(example),
                "text": .string,
            ])),
        ])),
    ])
    /// Wordlist, with the `label` observed beside the schema's keys.
    static let wordlist = Shape.object(required: [], properties: [
        "metadata": .any,
        "results": .array(.object(required: ["id", "word"], properties: [
            "id": .string, "word": .string, "matchString": .string, "matchType": .string, "region": .string, "score": .number,
            "label": .string,
        ])),
    ])
    static let utilityLabels = Shape.object(required: [], properties: ["metadata": .any, "results": .map(.any)])
    static let languages = Shape.object(required: [], properties: [
        "metadata": .any,
        "results": .array(.object(required: [], properties: [
            "region": .string, "source": .string, "type": .string,
            "sourceLanguage": .object(required: [], properties: ["id": .string, "language": .string]),
            "targetLanguage": .object(required: [], properties: ["id": .string, "language": .string]),
        ])),
    ])
    static let filters = Shape.object(required: [], properties: ["metadata": .any, "results": .map(.array(.string))])
}
