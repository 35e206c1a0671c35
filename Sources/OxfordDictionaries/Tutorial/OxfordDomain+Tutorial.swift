// The tutorial's (seed 000's) spellings of the domain identifiers whose Swift names differ from
// today's camel case. The others have one name in both.
extension OxfordDomain {
    /// The tutorial's `air_force`: ``airForce`` (`air_force`).
    public static let air_force: OxfordDomain = .airForce
    /// The tutorial's `american_civil_war`: ``americanCivilWar`` (`american_civil_war`).
    public static let american_civil_war: OxfordDomain = .americanCivilWar
    /// The tutorial's `american_football`: ``americanFootball`` (`american_football`).
    public static let american_football: OxfordDomain = .americanFootball
    /// The tutorial's `ancient_history`: ``ancientHistory`` (`ancient_history`).
    public static let ancient_history: OxfordDomain = .ancientHistory
    /// The tutorial's `arts_and_humanities`: ``artsAndHumanities`` (`arts_and_humanities`).
    public static let arts_and_humanities: OxfordDomain = .artsAndHumanities
    /// The tutorial's `australian_rules`: ``australianRules`` (`australian_rules`).
    public static let australian_rules: OxfordDomain = .australianRules
    /// The tutorial's `church_architecture`: ``churchArchitecture`` (`church_architecture`).
    public static let church_architecture: OxfordDomain = .churchArchitecture
    /// The tutorial's `civil_engineering`: ``civilEngineering`` (`civil_engineering`).
    public static let civil_engineering: OxfordDomain = .civilEngineering
    /// The tutorial's `clock_making`: ``clockMaking`` (`clock_making`).
    public static let clock_making: OxfordDomain = .clockMaking
    /// The tutorial's `commercial_fishing`: ``commercialFishing`` (`commercial_fishing`).
    public static let commercial_fishing: OxfordDomain = .commercialFishing
    /// The tutorial's `complementary_medicine`: ``complementaryMedicine`` (`complementary_medicine`).
    public static let complementary_medicine: OxfordDomain = .complementaryMedicine
    /// The tutorial's `early_modern_history`: ``earlyModernHistory`` (`early_modern_history`).
    public static let early_modern_history: OxfordDomain = .earlyModernHistory
    /// The tutorial's `egyptian_history`: ``egyptianHistory`` (`egyptian_history`).
    public static let egyptian_history: OxfordDomain = .egyptianHistory
    /// The tutorial's `english_civil_war`: ``englishCivilWar`` (`english_civil_war`).
    public static let english_civil_war: OxfordDomain = .englishCivilWar
    /// The tutorial's `fire_service`: ``fireService`` (`fire_service`).
    public static let fire_service: OxfordDomain = .fireService
    /// The tutorial's `first_world_war`: ``firstWorldWar`` (`first_world_war`).
    public static let first_world_war: OxfordDomain = .firstWorldWar
    /// The tutorial's `forestr`, a misspelling: this is ``forestry`` (`forestry`), the identifier the API knows.
    public static let forestr: OxfordDomain = .forestry
    /// The tutorial's `french_revolution`: ``frenchRevolution`` (`french_revolution`).
    public static let french_revolution: OxfordDomain = .frenchRevolution
    /// The tutorial's `goods_vehicles`: ``goodsVehicles`` (`goods_vehicles`).
    public static let goods_vehicles: OxfordDomain = .goodsVehicles
    /// The tutorial's `greek_histroy`, a misspelling: this is ``greekHistory`` (`greek_history`), the identifier the API knows.
    public static let greek_histroy: OxfordDomain = .greekHistory
    /// The tutorial's `lower_plant`: ``lowerPlant`` (`lower_plant`).
    public static let lower_plant: OxfordDomain = .lowerPlant
    /// The tutorial's `martial_arts`: ``martialArts`` (`martial_arts`).
    public static let martial_arts: OxfordDomain = .martialArts
    /// The tutorial's `medieval_histor`, a misspelling: this is ``medievalHistory`` (`medieval_history`), the identifier the API knows.
    public static let medieval_histor: OxfordDomain = .medievalHistory
    /// The tutorial's `military_history`: ``militaryHistory`` (`military_history`).
    public static let military_history: OxfordDomain = .militaryHistory
    /// The tutorial's `motor_racing`: ``motorRacing`` (`motor_racing`).
    public static let motor_racing: OxfordDomain = .motorRacing
    /// The tutorial's `musical_direction`: ``musicalDirection`` (`musical_direction`).
    public static let musical_direction: OxfordDomain = .musicalDirection
    /// The tutorial's `napoleonic_wars`: ``napoleonicWars`` (`napoleonic_wars`).
    public static let napoleonic_wars: OxfordDomain = .napoleonicWars
    /// The tutorial's `oil_industry`: ``oilIndustry`` (`oil_industry`).
    public static let oil_industry: OxfordDomain = .oilIndustry
    /// The tutorial's `popular_music`: ``popularMusic`` (`popular_music`).
    public static let popular_music: OxfordDomain = .popularMusic
    /// The tutorial's `potter`, a misspelling: this is ``pottery`` (`pottery`), the identifier the API knows.
    public static let potter: OxfordDomain = .pottery
    /// The tutorial's `roman_catholic_church`: ``romanCatholicChurch`` (`roman_catholic_church`).
    public static let roman_catholic_church: OxfordDomain = .romanCatholicChurch
    /// The tutorial's `roman_history`: ``romanHistory`` (`roman_history`).
    public static let roman_history: OxfordDomain = .romanHistory
    /// The tutorial's `second_world_war`: ``secondWorldWar`` (`second_world_war`).
    public static let second_world_war: OxfordDomain = .secondWorldWar
    /// The tutorial's `stock_exchange`: ``stockExchange`` (`stock_exchange`).
    public static let stock_exchange: OxfordDomain = .stockExchange
    /// The tutorial's `team_sports`: ``teamSports`` (`team_sports`).
    public static let team_sports: OxfordDomain = .teamSports
    /// The tutorial's `trade_unionism`: ``tradeUnionism`` (`trade_unionism`).
    public static let trade_unionism: OxfordDomain = .tradeUnionism
    /// The tutorial's `veterinar`, a misspelling: this is ``veterinary`` (`veterinary`), the identifier the API knows.
    public static let veterinar: OxfordDomain = .veterinary
    /// The tutorial's `war_of_american_independence`: ``warOfAmericanIndependence`` (`war_of_american_independence`).
    public static let war_of_american_independence: OxfordDomain = .warOfAmericanIndependence
}
