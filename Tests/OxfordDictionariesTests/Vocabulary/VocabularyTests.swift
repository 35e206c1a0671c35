import Foundation
import OxfordDictionaries
import Testing

@Suite("Vocabulary and status codes")
struct VocabularyTests {
    @Test("the seed's identifiers, with its typos corrected")
    func corrections() {
        #expect(OxfordDomain.forestry.rawValue == "forestry")
        #expect(OxfordDomain.greekHistory.rawValue == "greek_history")
        #expect(OxfordDomain.medievalHistory.rawValue == "medieval_history")
        #expect(OxfordDomain.veterinary.rawValue == "veterinary")
        #expect(OxfordDomain.pottery.rawValue == "pottery")
        #expect(OxfordRegister.pseudoArchaic.rawValue == "pseudo_archaic")
        for typo in ["forestr", "greek_histroy", "medieval_histor", "veterinar", "potter"] {
            #expect(!OxfordDomain(typo).isKnown)
        }
        #expect(!OxfordRegister("pseuodo_archaic").isKnown)
    }

    @Test("raw values such as non-standard and nonce-use")
    func rawValues() {
        #expect(OxfordRegister.nonStandard.rawValue == "non-standard")
        #expect(OxfordRegister.nonceUse.rawValue == "nonce-use")
        #expect(OxfordRegister.rafSlang.rawValue == "R.A.F_slang")
        #expect(OxfordDomain.airForce.rawValue == "air_force")
        #expect(OxfordLexicalCategory.combiningForm.rawValue == "combining_form")
        #expect(OxfordGrammaticalFeature.pastParticiple.rawValue == "past_participle")
    }

    @Test("known lists: counts and no repeats")
    func known() {
        #expect(OxfordLexicalCategory.allPartsOfSpeech.count == 19)
        #expect(OxfordGrammaticalFeature.known.count == 30)
        #expect(OxfordRegister.known.count == 61)
        #expect(OxfordDomain.known.count > 250)
        #expect(Set(OxfordDomain.known).count == OxfordDomain.known.count)
        #expect(Set(OxfordLanguage.known).count == OxfordLanguage.known.count)
        #expect(OxfordLanguage.seedLanguages.count == 15)
        #expect(OxfordLanguage.monolingual.contains("en-gb"))
        #expect(OxfordRegion.known == [.gb, .us])
        #expect(OxfordRegion.us.englishDataset == .americanEnglish)
        #expect(OxfordGrammaticalFeature.plural.featureType == "Number")
        #expect(OxfordGrammaticalFeature.mass.featureType == "Countability")
    }

    @Test("identifiers the service adds later still work, and round-trip through JSON")
    func openVocabulary() throws {
        let future = OxfordDomain("quantum_computing")
        #expect(!future.isKnown)
        #expect(future.rawValue == "quantum_computing")
        let data = try JSONEncoder().encode([OxfordLanguage.britishEnglish, "tpi"])
        #expect(String(decoding: data, as: UTF8.self) == #"["en-gb","tpi"]"#)
        #expect(try JSONDecoder().decode([OxfordLanguage].self, from: data) == ["en-gb", "tpi"])
    }

    @Test("status codes map from any HTTP status, with their messages", arguments: [
        (200, OxfordStatus.success), (400, .badRequest), (403, .authenticationFailed), (404, .notFound),
        (500, .internalServerError), (502, .badGateway), (503, .serviceUnavailable), (504, .gatewayTimeout), (429, .other(429)),
    ])
    func statuses(code: Int, status: OxfordStatus) {
        #expect(OxfordStatus(code: code) == status)
        #expect(status.code == code)
        #expect(!status.message.isEmpty)
    }

    @Test("status messages")
    func messages() {
        #expect(OxfordStatus.success.message == "Success!")
        #expect(OxfordStatus.badGateway.message == "Oxford Dictionaries API is down or being upgraded.")
        #expect(OxfordStatus.other(418).description == "418: Unknown HTTP status code received (418).")
        #expect(OxfordStatus.authenticationFailed.message.hasPrefix("The request failed due to invalid credentials."))
    }
}
