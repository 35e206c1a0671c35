import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Seed 001's `OxfordAPIRequest`, re-implemented faithfully as the baseline: the URL is built by
/// string concatenation (`getURLString`, `addFilters`, `getQueryParameterString`,
/// `getProcessedWord`), parsed with `URL(string:)`, and given its headers in a `URLRequest`
/// (`getURLRequest`). The only change is that the credentials are passed in rather than read from
/// constants.
struct SeedOxfordRequest {
    enum Endpoint: String {
        case entries
        case wordlist
    }

    enum Filter {
        case lexicalCategory([String])
        case domains([String])
        case registers([String])

        func getDebugName() -> String {
            switch self {
            case .lexicalCategory: "lexicalCategory"
            case .domains: "domains"
            case .registers: "registers"
            }
        }

        func getQueryParameterString(isLastQueryParameter: Bool) -> String {
            var queryString = "\(getDebugName())="
            switch self {
            case .lexicalCategory(let parameterValues):
                queryString = parameterValues.reduce(queryString, { $0.appending("\($1),") })
                queryString.removeLast()
            case .domains(let parameterValues):
                queryString = parameterValues.reduce(queryString, { $0.appending("\($1),") })
                queryString.removeLast()
            case .registers(let parameterValues):
                queryString = parameterValues.reduce(queryString, { $0.appending("\($1),") })
                queryString.removeLast()
            }
            if !isLastQueryParameter { queryString.append(";") }
            return queryString
        }
    }

    static let baseURLString = "https://od-api.oxforddictionaries.com/api/v1"

    let endpoint: Endpoint
    let language: String
    let word: String
    let filters: [Filter]?
    let appID: String
    let appKey: String
    var hasRequestAntonyms = false
    var hasRequestedSynonyms = false
    var hasRequestedExampleSentences = false

    func generateURLRequest() -> URLRequest {
        let urlString = getURLString()
        let url = URL(string: urlString)!
        return getURLRequest(forURL: url)
    }

    private func getURLString() -> String {
        let baseURLString = SeedOxfordRequest.baseURLString.appending("/")
        let endpointStr = self.endpoint.rawValue.appending("/")
        let endpointURLString = baseURLString.appending(endpointStr)
        let languageStr = self.language.appending("/")
        var languageURLString = endpointURLString.appending(languageStr)
        if self.endpoint == .wordlist {
            if self.filters == nil {
                languageURLString.removeLast()
                return languageURLString
            } else {
                let allFilters = self.filters!
                addFilters(filters: allFilters, toURLString: &languageURLString)
                return languageURLString
            }
        } else {
            let wordStr = self.getProcessedWord().appending("/")
            var wordURLString = languageURLString.appending(wordStr)
            if self.endpoint == .entries {
                if hasRequestAntonyms || hasRequestedSynonyms {
                    if hasRequestedSynonyms && hasRequestAntonyms {
                        return wordURLString.appending("synonyms;antonyms")
                    } else if hasRequestedSynonyms {
                        return wordURLString.appending("synonyms")
                    } else if hasRequestAntonyms {
                        return wordURLString.appending("antonyms")
                    }
                } else if hasRequestedExampleSentences {
                    return wordURLString.appending("sentences")
                } else if self.filters != nil {
                    let allFilters = self.filters!
                    addFilters(filters: allFilters, toURLString: &wordURLString)
                    return wordURLString
                } else {
                    wordURLString.removeLast()
                    return wordURLString
                }
            } else {
                if self.filters != nil {
                    let allFilters = self.filters!
                    addFilters(filters: allFilters, toURLString: &wordURLString)
                    return wordURLString
                }
            }
        }
        return String()
    }

    private func addFilters(filters: [Filter], toURLString urlString: inout String) {
        if filters.isEmpty { return }
        filters.forEach({
            let filterString = $0.getQueryParameterString(isLastQueryParameter: false)
            urlString = urlString.appending(filterString)
        })
        repeat {
            if urlString.last! == ";" { urlString.removeLast() }
        } while urlString.last! == ";"
    }

    private func getProcessedWord() -> String {
        var word_id = self.word
        word_id = word_id.lowercased()
        let percentEncoded_word_id = word_id.addingPercentEncoding(withAllowedCharacters: CharacterSet.urlQueryAllowed)
        word_id = percentEncoded_word_id == nil ? word_id : percentEncoded_word_id!
        word_id = word_id.replacingOccurrences(of: " ", with: "_")
        return word_id
    }

    private func getURLRequest(forURL url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.addValue("application/json", forHTTPHeaderField: "Accept")
        request.addValue(appID, forHTTPHeaderField: "app_id")
        request.addValue(appKey, forHTTPHeaderField: "app_key")
        return request
    }
}
