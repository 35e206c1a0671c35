import Foundation

/// Reads one record of the lexicon file (`Lexicon/FORMAT.md`) straight into its structures, in a
/// single pass over its bytes: a headword record (a JSON object) or a lemma record (a JSON array).
/// Keys it does not know are skipped, so newer files with more fields still load. Foundation's
/// JSON readers build an object tree first and cost several times as much per look-up.
struct LexiconParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// Parses a headword record; its translations (the larger part of a frequent word's record)
    /// only when asked for, and otherwise skipped without building them.
    static func word(_ record: UnsafeBufferPointer<UInt8>, withTranslations: Bool = true) throws(LexiconParseError) -> SandboxWord {
        var parser = LexiconParser(bytes: record)
        let word = try parser.word(withTranslations: withTranslations)
        try parser.end()
        return word
    }

    /// Parses a lemma record.
    static func lemmas(_ record: UnsafeBufferPointer<UInt8>) throws(LexiconParseError) -> [SandboxLemma] {
        var parser = LexiconParser(bytes: record)
        let lemmas = try parser.array { (parser: inout LexiconParser) throws(LexiconParseError) in try parser.lemma() }
        try parser.end()
        return lemmas
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func end() throws(LexiconParseError) {
        skipWhitespace()
        guard index == bytes.count else { throw error("text after the record") }
    }

    // MARK: The schema

    private mutating func word(withTranslations: Bool) throws(LexiconParseError) -> SandboxWord {
        var word = SandboxWord(frequency: 0, lexicalEntries: [])
        try object { (parser: inout LexiconParser, key: String) throws(LexiconParseError) in
            switch key {
            case "frequency": word.frequency = try parser.number()
            case "lexicalEntries": word.lexicalEntries = try parser.array { (parser: inout LexiconParser) throws(LexiconParseError) in try parser.lexicalEntry() }
            case "pronunciations":
                word.pronunciations = try parser.array { (parser: inout LexiconParser) throws(LexiconParseError) in
                    let (dialect, ipa) = try parser.twoStrings("dialect", "ipa")
                    return SandboxWord.Pronunciation(dialect: dialect, ipa: ipa)
                }
            case "etymologies": word.etymologies = try parser.strings()
            case "variantForms":
                word.variantForms = try parser.array { (parser: inout LexiconParser) throws(LexiconParseError) in
                    let (text, dialect) = try parser.twoStrings("text", "dialect")
                    return SandboxWord.VariantForm(text: text, dialect: dialect)
                }
            case "translations" where withTranslations:
                word.translations = try parser.dictionary { (parser: inout LexiconParser) throws(LexiconParseError) in
                    try parser.array { (parser: inout LexiconParser) throws(LexiconParseError) in
                        var translation = SandboxWord.Translation(lexicalCategory: "", translations: [])
                        try parser.object { (parser: inout LexiconParser, key: String) throws(LexiconParseError) in
                            switch key {
                            case "lexicalCategory": translation.lexicalCategory = try parser.string()
                            case "gloss": translation.gloss = try parser.string()
                            case "senseId": translation.senseID = try parser.string()
                            case "translations": translation.translations = try parser.strings()
                            default: try parser.skipValue()
                            }
                        }
                        return translation
                    }
                }
            default: try parser.skipValue()
            }
        }
        return word
    }

    private mutating func lexicalEntry() throws(LexiconParseError) -> SandboxWord.LexicalEntry {
        var entry = SandboxWord.LexicalEntry(lexicalCategory: "", senses: [], inflections: [])
        try object { (parser: inout LexiconParser, key: String) throws(LexiconParseError) in
            switch key {
            case "lexicalCategory": entry.lexicalCategory = try parser.string()
            case "senses": entry.senses = try parser.array { (parser: inout LexiconParser) throws(LexiconParseError) in try parser.sense() }
            case "inflections":
                entry.inflections = try parser.array { (parser: inout LexiconParser) throws(LexiconParseError) in
                    let (form, tag) = try parser.twoStrings("form", "tag")
                    return SandboxWord.Inflection(form: form, tag: tag)
                }
            case "derivatives": entry.derivatives = try parser.strings()
            case "derivativeOf": entry.derivativeOf = try parser.strings()
            case "phrases": entry.phrases = try parser.strings()
            case "phrasalVerbs": entry.phrasalVerbs = try parser.strings()
            default: try parser.skipValue()
            }
        }
        return entry
    }

    private mutating func sense() throws(LexiconParseError) -> SandboxWord.Sense {
        var sense = SandboxWord.Sense(id: "")
        try object { (parser: inout LexiconParser, key: String) throws(LexiconParseError) in
            switch key {
            case "id": sense.id = try parser.string()
            case "definitions": sense.definitions = try parser.strings()
            case "examples": sense.examples = try parser.strings()
            case "synonyms": sense.synonyms = try parser.strings()
            case "antonyms": sense.antonyms = try parser.strings()
            case "domains": sense.domains = try parser.strings()
            case "registers": sense.registers = try parser.strings()
            case "regions": sense.regions = try parser.strings()
            case "semanticClasses": sense.semanticClasses = try parser.strings()
            case "domainClasses": sense.domainClasses = try parser.strings()
            default: try parser.skipValue()
            }
        }
        return sense
    }

    private mutating func lemma() throws(LexiconParseError) -> SandboxLemma {
        var lemma = SandboxLemma(headword: "", lexicalCategory: "", tag: "")
        try object { (parser: inout LexiconParser, key: String) throws(LexiconParseError) in
            switch key {
            case "headword": lemma.headword = try parser.string()
            case "lexicalCategory": lemma.lexicalCategory = try parser.string()
            case "tag": lemma.tag = try parser.string()
            default: try parser.skipValue()
            }
        }
        return lemma
    }

    /// An object's two string members `first` and `second` (empty when absent), skipping others.
    private mutating func twoStrings(_ first: String, _ second: String) throws(LexiconParseError) -> (String, String) {
        var values = ("", "")
        try object { (parser: inout LexiconParser, key: String) throws(LexiconParseError) in
            if key == first {
                values.0 = try parser.string()
            } else if key == second {
                values.1 = try parser.string()
            } else {
                try parser.skipValue()
            }
        }
        return values
    }

    // MARK: JSON

    private func error(_ message: String) -> LexiconParseError { LexiconParseError(message: message, offset: index) }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ byte: UInt8) throws(LexiconParseError) {
        guard consume(byte) else { throw error("expected '\(Character(UnicodeScalar(byte)))'") }
    }

    /// Calls `member` for each key of an object; it must read the value.
    private mutating func object(_ member: (inout LexiconParser, String) throws(LexiconParseError) -> Void) throws(LexiconParseError) {
        try expect(UInt8(ascii: "{"))
        if consume(UInt8(ascii: "}")) { return }
        repeat {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    private mutating func dictionary<Value>(capacity: Int = 0, _ value: (inout LexiconParser) throws(LexiconParseError) -> Value)
        throws(LexiconParseError) -> [String: Value]
    {
        var result: [String: Value] = [:]
        result.reserveCapacity(capacity)
        try object { (parser: inout LexiconParser, key: String) throws(LexiconParseError) in result[key] = try value(&parser) }
        return result
    }

    private mutating func array<Element>(_ element: (inout LexiconParser) throws(LexiconParseError) -> Element) throws(LexiconParseError) -> [Element] {
        try expect(UInt8(ascii: "["))
        var result: [Element] = []
        if consume(UInt8(ascii: "]")) { return result }
        repeat { result.append(try element(&self)) } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
        return result
    }

    private mutating func strings() throws(LexiconParseError) -> [String] {
        try array { (parser: inout LexiconParser) throws(LexiconParseError) in try parser.string() }
    }

    private mutating func string() throws(LexiconParseError) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        // Fast path: no escapes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw error("a control character in a string") }
            index += 1
        }
        guard index < bytes.count else { throw error("an unterminated string") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw error("an unterminated escape") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escaped)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard consume(UInt8(ascii: "\\")), index < bytes.count, bytes[index] == UInt8(ascii: "u") else { throw error("a lone surrogate") }
                        index += 1
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("an invalid \\u escape") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw error("an invalid escape")
                }
            default:
                guard byte >= 0x20 else { throw error("a control character in a string") }
                scalars.append(byte)
            }
        }
        throw error("an unterminated string")
    }

    private mutating func hex4() throws(LexiconParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a non-hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private mutating func number() throws(LexiconParseError) -> Double {
        skipWhitespace()
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: ".")
            || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
        { index += 1 }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) else {
            index = start
            throw error("expected a number")
        }
        return value
    }

    private mutating func skipValue() throws(LexiconParseError) {
        skipWhitespace()
        guard index < bytes.count else { throw error("expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object { (parser: inout LexiconParser, _: String) throws(LexiconParseError) in try parser.skipValue() }
        case UInt8(ascii: "["): _ = try array { (parser: inout LexiconParser) throws(LexiconParseError) in try parser.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            for literal in ["true", "false", "null"] where bytes[index...].starts(with: literal.utf8) {
                index += literal.utf8.count
                return
            }
            throw error("expected a value")
        default: _ = try number()
        }
    }
}

/// Where and why the lexicon file is not what the parser expects.
struct LexiconParseError: Error, Sendable {
    var message: String
    var offset: Int
}
