import Foundation

/// Before and after an optimisation in one interleaved end-to-end run: with
/// `ENDPOINTKIT_BENCH_EARLIER` naming another build of this benchmark (built from the commit
/// before), every measured contender but each family's raw baseline also runs, in the same rounds,
/// from that binary, as `<name>@earlier`.
enum EarlierBuild {
    static let suffix = "@earlier"

    /// The earlier build's binary, when one is named.
    static let executable: URL? = ProcessInfo.processInfo.environment["ENDPOINTKIT_BENCH_EARLIER"].map {
        URL(fileURLWithPath: $0).absoluteURL
    }

    /// `contenders`, each followed by its earlier build's run unless it is its family's baseline
    /// (the first of the family), which both builds share.
    static func pairing(_ contenders: [EndToEnd.Contender]) -> [EndToEnd.Contender] {
        guard executable != nil else { return contenders }
        var baselines = Set<String>()
        return contenders.flatMap { contender -> [EndToEnd.Contender] in
            if baselines.insert(contender.family).inserted { return [contender] }
            var earlier = contender
            earlier.name += suffix
            earlier.note = "the same, built from the commit before (ENDPOINTKIT_BENCH_EARLIER)"
            return [contender, earlier]
        }
    }
}
