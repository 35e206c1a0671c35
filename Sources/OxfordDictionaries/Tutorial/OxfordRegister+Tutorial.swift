/// The tutorial's name of ``OxfordRegister``.
public typealias OxfordLanguageRegister = OxfordRegister

// The tutorial's (seed 000's) spellings of the register identifiers whose Swift names differ from
// today's camel case. The others have one name in both.
extension OxfordRegister {
    /// The tutorial's `army_slang`: ``armySlang`` (`army_slang`).
    public static let army_slang: OxfordRegister = .armySlang
    /// The tutorial's `black_english`: ``blackEnglish`` (`black_english`).
    public static let black_english: OxfordRegister = .blackEnglish
    /// The tutorial's `coarse_slang`: ``coarseSlang`` (`coarse_slang`).
    public static let coarse_slang: OxfordRegister = .coarseSlang
    /// The tutorial's `college_slang`: ``collegeSlang`` (`college_slang`).
    public static let college_slang: OxfordRegister = .collegeSlang
    /// The tutorial's `military_slang`: ``militarySlang`` (`military_slang`).
    public static let military_slang: OxfordRegister = .militarySlang
    /// The tutorial's `nautical_slang`: ``nauticalSlang`` (`nautical_slang`).
    public static let nautical_slang: OxfordRegister = .nauticalSlang
    /// The tutorial's `police_slang`: ``policeSlang`` (`police_slang`).
    public static let police_slang: OxfordRegister = .policeSlang
    /// The tutorial's `prison_slang`: ``prisonSlang`` (`prison_slang`).
    public static let prison_slang: OxfordRegister = .prisonSlang
    /// The tutorial's `pseuodo_archaic`, a misspelling: this is ``pseudoArchaic`` (`pseudo_archaic`), the identifier the API knows.
    public static let pseuodo_archaic: OxfordRegister = .pseudoArchaic
    /// The tutorial's `rhyming_slang`: ``rhymingSlang`` (`rhyming_slang`).
    public static let rhyming_slang: OxfordRegister = .rhymingSlang
    /// The tutorial's `school_slang`: ``schoolSlang`` (`school_slang`).
    public static let school_slang: OxfordRegister = .schoolSlang
    /// The tutorial's `theatrical_slang`: ``theatricalSlang`` (`theatrical_slang`).
    public static let theatrical_slang: OxfordRegister = .theatricalSlang
    /// The tutorial's `trademark_in_uk`: ``trademarkInUk`` (`trademark_in_uk`).
    public static let trademark_in_uk: OxfordRegister = .trademarkInUk
    /// The tutorial's `trademark_in_us`: ``trademarkInUs`` (`trademark_in_us`).
    public static let trademark_in_us: OxfordRegister = .trademarkInUs
    /// The tutorial's `university_slang`: ``universitySlang`` (`university_slang`).
    public static let university_slang: OxfordRegister = .universitySlang
    /// The tutorial's `vulgar_slang`: ``vulgarSlang`` (`vulgar_slang`).
    public static let vulgar_slang: OxfordRegister = .vulgarSlang
    /// The tutorial's `non_standard`: ``nonStandard`` (`non-standard`).
    public static let non_standard: OxfordRegister = .nonStandard
    /// The tutorial's `nonce_use`: ``nonceUse`` (`nonce-use`).
    public static let nonce_use: OxfordRegister = .nonceUse
    /// The tutorial's `RAF_slang`: ``rafSlang`` (`R.A.F_slang`).
    public static let RAF_slang: OxfordRegister = .rafSlang
}
