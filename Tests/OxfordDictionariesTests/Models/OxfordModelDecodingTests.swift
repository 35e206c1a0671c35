import Foundation
import OxfordDictionaries
import Testing

private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

/// Bodies shaped as the specification shows them (§4, §8), including the quirks of §6.
@Suite("Oxford response models")
struct OxfordModelDecodingTests {
    @Test("an entries body: headword, lexical entries, senses, pronunciations, links, unknown keys")
    func entries() throws {
        let json = #"""
            {"id":"ace","metadata":{"operation":"retrieve","provider":"Oxford University Press","schema":"RetrieveEntry"},
             "results":[{"id":"ace","language":"en-gb","type":"headword","word":"ace",
               "pronunciations":[{"audioFile":"https://audio.oxforddictionaries.com/en/mp3/ace_1_gb_1_abbr.mp3","dialects":["British English"],"phoneticNotation":"IPA","phoneticSpelling":"eɪs"},
                                  {"dialects":["American English"],"phoneticNotation":"respell","phoneticSpelling":"ās"}],
               "lexicalEntries":[{"language":"en-gb","lexicalCategory":{"id":"noun","text":"Noun"},"text":"ace",
                 "derivatives":[{"id":"acely","text":"acely"}],
                 "grammaticalFeatures":[{"id":"mass","text":"Mass","type":"Countability"}],
                 "entries":[{"etymologies":["Middle English"],"homographNumber":"100",
                   "inflections":[{"inflectedForm":"aces"}],
                   "senses":[{"id":"m_en_gbus0005680.006","definitions":["a playing card with a single spot"],
                     "shortDefinitions":["playing card"],"domains":[{"id":"cards","text":"Cards"}],"domainClasses":[{"id":"cards","text":"Cards"}],
                     "examples":[{"text":"the ace of diamonds","registers":[{"id":"informal","text":"Informal"}]}],
                     "synonyms":[{"language":"en","text":"one"}],
                     "thesaurusLinks":[{"entry_id":"ace","sense_id":"t_en_gb0000029.003"}],
                     "notes":[{"text":"\"the ace\"","type":"wordFormNote"}],
                     "constructions":[{"text":"ace in the hole","examples":[["he had an ace in the hole"]]}],
                     "subsenses":[{"id":"sub1","definitions":["a person who excels"],"regions":[{"id":"us","text":"US"}]}],
                     "futureField":{"anything":[1,2,3]}},
                     {"crossReferenceMarkers":["another term for father"],"crossReferences":[{"id":"father","text":"father","type":"another term for"}]}]}]}]}],
             "word":"ace"}
            """#
        let entry = try decode(OxfordRetrieveEntry.self, json)
        #expect(entry.id == "ace" && entry.word == "ace")
        #expect(entry.metadata?.schema == "RetrieveEntry")
        let headword = try #require(entry.results.first)
        #expect(headword.pronunciations?.count == 2)
        #expect(headword.pronunciations?[1].audioFile == nil)
        let lexical = try #require(headword.lexicalEntries.first)
        #expect(lexical.lexicalCategory == OxfordLabel(id: "noun", text: "Noun"))
        let senses = try #require(lexical.entries?.first?.senses)
        #expect(senses[0].definitions == ["a playing card with a single spot"])
        #expect(senses[0].synonyms?.first?.id == nil)
        #expect(senses[0].thesaurusLinks?.first?.senseID == "t_en_gb0000029.003")
        #expect(senses[0].subsenses?.first?.regions?.first?.id == "us")
        #expect(senses[0].constructions?.first?.examples == [["he had an ace in the hole"]])
        #expect(senses[1].definitions == nil)
        #expect(senses[1].crossReferences?.first?.type == "another term for")
        #expect(lexical.entries?.first?.homographNumber == "100")
    }

    @Test("a words body has a query and no id")
    func words() throws {
        let entry = try decode(OxfordRetrieveEntry.self, #"{"metadata":{},"query":"running","results":[]}"#)
        #expect(entry.query == "running" && entry.id == nil && entry.results.isEmpty)
        #expect(try decode(OxfordRetrieveEntry.self, "{}").results.isEmpty)
    }

    @Test("lemmas: the body of §8, and 200 with empty results")
    func lemmas() throws {
        let json = #"""
            {"metadata":{"provider":"Oxford University Press"},"results":[{"id":"changed","language":"en",
              "lexicalEntries":[{"inflectionOf":[{"id":"change","text":"change"}],"language":"en",
              "lexicalCategory":{"id":"verb","text":"Verb"},"text":"changed"}],"word":"changed"}]}
            """#
        let lemmas = try decode(OxfordLemmatron.self, json)
        #expect(lemmas.headwords == ["change"])
        #expect(lemmas.metadata?.provider == "Oxford University Press")
        #expect(try decode(OxfordLemmatron.self, #"{"metadata":{"provider":"Oxford University Press"},"results":[]}"#).headwords.isEmpty)
    }

    @Test("search: numbers as strings in v2, as integers in v1; label and score; inflection_id")
    func search() throws {
        let v2 = #"""
            {"metadata":{"limit":"5000","offset":"0","operation":"search","provider":"Oxford University Press","schema":"WordList","sourceLanguage":"en-gb","total":"21"},
             "results":[{"id":"condition","label":"condition","matchString":"condition","matchType":"headword","region":"gb","score":151.9758,"word":"condition"},
                        {"id":"conditions","matchType":"inflection","score":1,"word":"conditions"}]}
            """#
        let wordlist = try decode(OxfordWordlist.self, v2)
        #expect(wordlist.metadata?.limit == 5000 && wordlist.metadata?.offset == 0 && wordlist.metadata?.total == 21)
        #expect(wordlist.results[0].score == 151.9758 && wordlist.results[0].label == "condition")
        #expect(wordlist.results[1].score == 1)
        let v1 = try decode(OxfordWordlist.self, #"{"metadata":{"limit":5000,"total":9},"results":[{"id":"vapid","inflection_id":"vapid","word":"vapid"}]}"#)
        #expect(v1.metadata?.total == 9 && v1.results[0].inflectionID == "vapid")
        #expect(throws: DecodingError.self) { try decode(OxfordWordlist.self, #"{"metadata":{"total":"many"}}"#) }
    }

    @Test("utility labels: one level, and grammatical features' two levels")
    func labels() throws {
        let categories = try decode(OxfordUtilityLabels.self, #"{"metadata":{},"results":{"adjective":{"en":"Adjective"},"noun":{"en":"Noun"}}}"#)
        #expect(categories.results.englishLabels.map(\.id) == ["adjective", "noun"])
        let features = try decode(OxfordUtilityLabels.self, #"{"results":{"Number":{"plural":{"en":"Plural"},"singular":{"en":"Singular"}},"Tense":{"past":{"en":"Past"}}}}"#)
        #expect(features.results.englishLabels.map(\.label) == ["Past", "Plural", "Singular"])
    }

    @Test("filters, fields and languages")
    func utility() throws {
        let filters = try decode(OxfordFilterList.self, #"{"metadata":{},"results":{"entries":["domains","lexicalCategory"],"lemmas":["grammaticalFeatures"]}}"#)
        #expect(filters.results["entries"] == ["domains", "lexicalCategory"])
        let languages = try decode(OxfordLanguages.self, #"""
            {"results":[{"region":"gb","source":"Oxford Dictionary of English","sourceLanguage":{"id":"en","language":"English"},"type":"monolingual"},
                        {"sourceLanguage":{"id":"en","language":"English"},"targetLanguage":{"id":"es","language":"Spanish"},"type":"bilingual"},
                        {"type":"other"}]}
            """#)
        #expect(languages.results.map(\.type) == ["monolingual", "bilingual", "other"])
        #expect(languages.results[1].targetLanguage?.id == "es")
    }

    @Test("thesaurus, sentences, inflections and translations bodies")
    func otherModels() throws {
        let thesaurus = try decode(OxfordThesaurus.self, #"""
            {"results":[{"id":"vapid","language":"en","word":"vapid","lexicalEntries":[{"language":"en","lexicalCategory":{"id":"adjective","text":"Adjective"},"text":"vapid",
              "entries":[{"senses":[{"id":"t_en_gb0015849.001","synonyms":[{"id":"insipid","language":"en","text":"insipid"}],"antonyms":[{"id":"lively","language":"en","text":"lively"}],
              "subsenses":[{"id":"id0d3b47dd","synonyms":[{"id":"dull","language":"en","text":"dull"}]}]}]}]}]}]}
            """#)
        #expect(thesaurus.results[0].lexicalEntries[0].entries?[0].senses?[0].subsenses?[0].synonyms?[0].text == "dull")
        let sentences = try decode(OxfordSentences.self, #"""
            {"results":[{"id":"vapid","language":"en","word":"vapid","lexicalEntries":[{"language":"en","lexicalCategory":{"id":"adjective","text":"Adjective"},"text":"vapid",
              "sentences":[{"text":"a vapid smile","regions":[{"id":"gb","text":"British"}],"senseIds":["m_en_gb0918290.001"]}]}]}]}
            """#)
        #expect(sentences.results[0].lexicalEntries[0].sentences[0].senseIds == ["m_en_gb0918290.001"])
        let inflections = try decode(OxfordInflections.self, #"""
            {"results":[{"id":"run","language":"en-gb","text":"run","lexicalEntries":[{"language":"en-gb","lexicalCategory":{"id":"verb","text":"Verb"},
              "inflections":[{"inflectedForm":"ran","grammaticalFeatures":[{"id":"past","text":"Past","type":"Tense"}]},{"inflectedForm":"running"}]}]}]}
            """#)
        #expect(inflections.results[0].lexicalEntries[0].inflections?.map(\.inflectedForm) == ["ran", "running"])
        let translations = try decode(OxfordRetrieveEntry.self, #"""
            {"id":"abode","metadata":{"operation":"translations","schema":"RetrieveTranslations"},"word":"abode",
             "results":[{"id":"abode","language":"en","word":"abode","lexicalEntries":[{"language":"en","lexicalCategory":{"id":"noun","text":"Noun"},"text":"abode",
               "entries":[{"senses":[{"id":"b-en-es0000010.001","translations":[{"language":"es","text":"morada","toneGroups":[{"tones":[{"type":"high","value":"1"}]}]}],
               "datasetCrossLinks":[{"entry_id":"abode","sense_id":"m_en_gbus0002430.004","language":"en"}]}]}]}]}]}
            """#)
        let sense = try #require(translations.results.first?.lexicalEntries.first?.entries?.first?.senses?.first)
        #expect(sense.translations?.first?.text == "morada")
        #expect(sense.translations?.first?.toneGroups?.first?.tones.first?.value == "1")
        #expect(sense.datasetCrossLinks?.first?.entryID == "abode")
    }

    @Test("LexiStats: word frequency (float normalizedFrequency), words, ngrams")
    func stats() throws {
        let word = try decode(OxfordWordFrequency.self, #"""
            {"metadata":{"language":"en","options":{"corpus":"nmc","lemma":"spring"},"provider":"Oxford University Press"},
             "result":{"frequency":522812,"lemma":"spring","matchCount":37,"normalizedFrequency":57.3541878552803}}
            """#)
        #expect(word.result.frequency == 522_812 && word.result.normalizedFrequency == 57.3541878552803)
        #expect(word.metadata?.options?["corpus"] == "nmc")
        let words = try decode(OxfordWordFrequencies.self, #"{"results":[{"frequency":10,"normalizedFrequency":1.5,"lemma":"test","lexicalCategory":"noun","trueCase":"test","wordform":"test"}]}"#)
        #expect(words.results.first?.lexicalCategory == "noun")
        let ngrams = try decode(OxfordNgrams.self, #"{"metadata":{"options":{"corpus":"nmc"}},"results":[{"frequency":42,"tokens":["the","cat"]}]}"#)
        #expect(ngrams.results.first?.tokens == ["the", "cat"])
    }

    @Test("the service's error bodies")
    func errors() throws {
        let notFound = try decode(OxfordServerError.self, #"{"error": "No entry found matching supplied source_lang, word and provided filters"}"#)
        #expect(notFound.reason == "No entry found matching supplied source_lang, word and provided filters")
        #expect(try decode(OxfordServerError.self, #"{"message": "404 Not Found: The requested URL was not found"}"#).reason == "404 Not Found: The requested URL was not found")
        let data = try JSONEncoder().encode(OxfordServerError(reason: "x"))
        #expect(String(decoding: data, as: UTF8.self) == #"{"error":"x"}"#)
    }
}
