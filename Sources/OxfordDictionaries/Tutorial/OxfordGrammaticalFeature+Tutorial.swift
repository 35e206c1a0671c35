// The tutorial's (seed 000's) spellings of the grammatical feature identifiers whose Swift names differ from
// today's camel case. The others have one name in both.
extension OxfordGrammaticalFeature {
    /// The tutorial's `past_participle`: ``pastParticiple`` (`past_participle`).
    public static let past_participle: OxfordGrammaticalFeature = .pastParticiple
    /// The tutorial's `present_participle`: ``presentParticiple`` (`present_participle`).
    public static let present_participle: OxfordGrammaticalFeature = .presentParticiple
}
