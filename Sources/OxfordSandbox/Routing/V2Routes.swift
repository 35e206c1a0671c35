import Foundation
import HTTPTypes
import OxfordDictionaries

extension OxfordSandbox {
    /// The v2 endpoints (spec §2), by path after `/api/v2`.
    func routeV2(_ request: SandboxRequest, _ path: [String]) throws(SandboxFailure) -> SandboxResponse {
        let utilityLists: Set<String> = ["domains", "registers", "lexicalCategories", "grammaticalFeatures"]
        switch (path.first ?? "", path.count) {
        case ("entries", 3): return try entries(request, language: path[1], word: path[2])
        case ("words", 2): return try words(request, language: path[1])
        case ("lemmas", 3): return try lemmas(request, language: path[1], word: path[2], version: .v2)
        case ("inflections", 3): return try inflections(request, language: path[1], word: path[2])
        case ("translations", 4): return try translations(request, source: path[1], target: path[2], word: path[3], version: .v2)
        case ("thesaurus", 3): return try thesaurus(request, language: path[1], word: path[2], version: .v2)
        case ("sentences", 3): return try sentences(request, language: path[1], word: path[2], version: .v2)
        case ("search", 2): return try search(request, kind: .dictionary, source: path[1], target: nil, version: .v2)
        case ("search", 3) where path[1] == "thesaurus": return try search(request, kind: .thesaurus, source: path[2], target: nil, version: .v2)
        case ("search", 4) where path[1] == "translations":
            return try search(request, kind: .translations, source: path[2], target: path[3], version: .v2)
        case ("languages", 1): return try languages(request)
        case ("filters", 1), ("filters", 2): return try filterList(request, endpoint: path.count == 2 ? path[1] : nil, version: .v2)
        case ("fields", 1), ("fields", 2): return try fieldList(request, endpoint: path.count == 2 ? path[1] : nil)
        case (let list, 2) where utilityLists.contains(list): return try utilityList(request, list, source: path[1], target: nil, version: .v2)
        case (let list, 3) where utilityLists.contains(list): return try utilityList(request, list, source: path[1], target: path[2], version: .v2)
        case ("stats", _) where path.count >= 4 && path[1] == "frequency": return try stats(request, Array(path.dropFirst(2)))
        default: throw .unknownRoute
        }
    }
}
