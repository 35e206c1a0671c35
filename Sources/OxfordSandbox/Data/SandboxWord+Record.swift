// A headword or a lemma list as the JSON record the lexicon file stores (`Lexicon/FORMAT.md`), for
// the writer. Empty lists and absent values are left out, as the generator leaves them out.
extension SandboxWord {
    /// The record.
    var record: JSON {
        .object([
            "etymologies": Self.strings(etymologies),
            "frequency": .double(frequency),
            "lexicalEntries": .array(lexicalEntries.map(\.record)),
            "pronunciations": JSON.nonEmpty((pronunciations ?? []).map { .object(["dialect": .string($0.dialect), "ipa": .string($0.ipa)]) }),
            "translations": translations.flatMap { byLanguage in
                byLanguage.isEmpty ? nil : JSON.object(sortingKeysOf: byLanguage.mapValues { .array($0.map(\.record)) })
            },
            "variantForms": JSON.nonEmpty((variantForms ?? []).map { .object(["dialect": .string($0.dialect), "text": .string($0.text)]) }),
        ])
    }

    static func strings(_ values: [String]?) -> JSON? { JSON.nonEmpty((values ?? []).map(JSON.string)) }
}

extension SandboxWord.LexicalEntry {
    var record: JSON {
        .object([
            "derivativeOf": SandboxWord.strings(derivativeOf),
            "derivatives": SandboxWord.strings(derivatives),
            "inflections": JSON.nonEmpty(inflections.map { .object(["form": .string($0.form), "tag": .string($0.tag)]) }),
            "lexicalCategory": .string(lexicalCategory),
            "phrasalVerbs": SandboxWord.strings(phrasalVerbs),
            "phrases": SandboxWord.strings(phrases),
            "senses": .array(senses.map(\.record)),
        ])
    }
}

extension SandboxWord.Sense {
    var record: JSON {
        .object([
            "antonyms": SandboxWord.strings(antonyms), "definitions": SandboxWord.strings(definitions),
            "domainClasses": SandboxWord.strings(domainClasses), "domains": SandboxWord.strings(domains),
            "examples": SandboxWord.strings(examples), "id": .string(id), "regions": SandboxWord.strings(regions),
            "registers": SandboxWord.strings(registers), "semanticClasses": SandboxWord.strings(semanticClasses),
            "synonyms": SandboxWord.strings(synonyms),
        ])
    }
}

extension SandboxWord.Translation {
    var record: JSON {
        .object([
            "gloss": gloss.map(JSON.string), "lexicalCategory": .string(lexicalCategory), "senseId": senseID.map(JSON.string),
            "translations": .strings(translations),
        ])
    }
}

extension SandboxLemma {
    /// One link of a lemma record.
    var record: JSON {
        .object(["headword": .string(headword), "lexicalCategory": .string(lexicalCategory), "tag": .string(tag)])
    }
}
