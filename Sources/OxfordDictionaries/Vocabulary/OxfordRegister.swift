/// A register of a sense: the style or social context it belongs to, such as `informal`, `archaic`
/// or `non-standard` (a filter of entries and of the v1 wordlist).
///
/// Every register of the seed, keeping its raw values (`non-standard`, `nonce-use`,
/// `R.A.F_slang`), with the seed's misspelt `pseuodo_archaic` corrected to ``pseudoArchaic``
/// (`pseudo_archaic`).
public struct OxfordRegister: OxfordVocabulary {
    /// The identifier as the API spells it.
    public let rawValue: String

    /// Wraps a register identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `allusive`.
    public static let allusive: OxfordRegister = "allusive"
    /// `archaic`.
    public static let archaic: OxfordRegister = "archaic"
    /// `allusively`.
    public static let allusively: OxfordRegister = "allusively"
    /// `army_slang`.
    public static let armySlang: OxfordRegister = "army_slang"
    /// `black_english`.
    public static let blackEnglish: OxfordRegister = "black_english"
    /// `coarse_slang`.
    public static let coarseSlang: OxfordRegister = "coarse_slang"
    /// `cant`.
    public static let cant: OxfordRegister = "cant"
    /// `college_slang`.
    public static let collegeSlang: OxfordRegister = "college_slang"
    /// `concrete`.
    public static let concrete: OxfordRegister = "concrete"
    /// `contemptuous`.
    public static let contemptuous: OxfordRegister = "contemptuous"
    /// `dated`.
    public static let dated: OxfordRegister = "dated"
    /// `depreciative`.
    public static let depreciative: OxfordRegister = "depreciative"
    /// `depreciatively`.
    public static let depreciatively: OxfordRegister = "depreciatively"
    /// `derogatory`.
    public static let derogatory: OxfordRegister = "derogatory"
    /// `dialect`.
    public static let dialect: OxfordRegister = "dialect"
    /// `dismissive`.
    public static let dismissive: OxfordRegister = "dismissive"
    /// `disused`.
    public static let disused: OxfordRegister = "disused"
    /// `emphatically`.
    public static let emphatically: OxfordRegister = "emphatically"
    /// `especially`.
    public static let especially: OxfordRegister = "especially"
    /// `euphemism`.
    public static let euphemism: OxfordRegister = "euphemism"
    /// `euphemistic`.
    public static let euphemistic: OxfordRegister = "euphemistic"
    /// `figurative`.
    public static let figurative: OxfordRegister = "figurative"
    /// `generally`.
    public static let generally: OxfordRegister = "generally"
    /// `historical`.
    public static let historical: OxfordRegister = "historical"
    /// `humorous`.
    public static let humorous: OxfordRegister = "humorous"
    /// `humorously`.
    public static let humorously: OxfordRegister = "humorously"
    /// `hyperbolical`.
    public static let hyperbolical: OxfordRegister = "hyperbolical"
    /// `hyperbolically`.
    public static let hyperbolically: OxfordRegister = "hyperbolically"
    /// `informal`.
    public static let informal: OxfordRegister = "informal"
    /// `ironic`.
    public static let ironic: OxfordRegister = "ironic"
    /// `ironically`.
    public static let ironically: OxfordRegister = "ironically"
    /// `literal`.
    public static let literal: OxfordRegister = "literal"
    /// `literary`.
    public static let literary: OxfordRegister = "literary"
    /// `military_slang`.
    public static let militarySlang: OxfordRegister = "military_slang"
    /// `nautical_slang`.
    public static let nauticalSlang: OxfordRegister = "nautical_slang"
    /// `nursery`.
    public static let nursery: OxfordRegister = "nursery"
    /// `obsolete`.
    public static let obsolete: OxfordRegister = "obsolete"
    /// `offensive`.
    public static let offensive: OxfordRegister = "offensive"
    /// `personified`.
    public static let personified: OxfordRegister = "personified"
    /// `poetic`.
    public static let poetic: OxfordRegister = "poetic"
    /// `police_slang`.
    public static let policeSlang: OxfordRegister = "police_slang"
    /// `prison_slang`.
    public static let prisonSlang: OxfordRegister = "prison_slang"
    /// `proverb`.
    public static let proverb: OxfordRegister = "proverb"
    /// `pseudo_archaic`.
    public static let pseudoArchaic: OxfordRegister = "pseudo_archaic"
    /// `rare`.
    public static let rare: OxfordRegister = "rare"
    /// `rarely`.
    public static let rarely: OxfordRegister = "rarely"
    /// `rhyming_slang`.
    public static let rhymingSlang: OxfordRegister = "rhyming_slang"
    /// `school_slang`.
    public static let schoolSlang: OxfordRegister = "school_slang"
    /// `slang`.
    public static let slang: OxfordRegister = "slang"
    /// `technical`.
    public static let technical: OxfordRegister = "technical"
    /// `temporary`.
    public static let temporary: OxfordRegister = "temporary"
    /// `theatrical_slang`.
    public static let theatricalSlang: OxfordRegister = "theatrical_slang"
    /// `trademark`.
    public static let trademark: OxfordRegister = "trademark"
    /// `trademark_in_uk`.
    public static let trademarkInUk: OxfordRegister = "trademark_in_uk"
    /// `trademark_in_us`.
    public static let trademarkInUs: OxfordRegister = "trademark_in_us"
    /// `transferred`.
    public static let transferred: OxfordRegister = "transferred"
    /// `university_slang`.
    public static let universitySlang: OxfordRegister = "university_slang"
    /// `vulgar_slang`.
    public static let vulgarSlang: OxfordRegister = "vulgar_slang"
    /// `non-standard`.
    public static let nonStandard: OxfordRegister = "non-standard"
    /// `nonce-use`.
    public static let nonceUse: OxfordRegister = "nonce-use"
    /// `R.A.F_slang`.
    public static let rafSlang: OxfordRegister = "R.A.F_slang"

    /// Every register above.
    public static let known: [OxfordRegister] = [
        .allusive,
        .archaic,
        .allusively,
        .armySlang,
        .blackEnglish,
        .coarseSlang,
        .cant,
        .collegeSlang,
        .concrete,
        .contemptuous,
        .dated,
        .depreciative,
        .depreciatively,
        .derogatory,
        .dialect,
        .dismissive,
        .disused,
        .emphatically,
        .especially,
        .euphemism,
        .euphemistic,
        .figurative,
        .generally,
        .historical,
        .humorous,
        .humorously,
        .hyperbolical,
        .hyperbolically,
        .informal,
        .ironic,
        .ironically,
        .literal,
        .literary,
        .militarySlang,
        .nauticalSlang,
        .nursery,
        .obsolete,
        .offensive,
        .personified,
        .poetic,
        .policeSlang,
        .prisonSlang,
        .proverb,
        .pseudoArchaic,
        .rare,
        .rarely,
        .rhymingSlang,
        .schoolSlang,
        .slang,
        .technical,
        .temporary,
        .theatricalSlang,
        .trademark,
        .trademarkInUk,
        .trademarkInUs,
        .transferred,
        .universitySlang,
        .vulgarSlang,
        .nonStandard,
        .nonceUse,
        .rafSlang,
    ]
}
