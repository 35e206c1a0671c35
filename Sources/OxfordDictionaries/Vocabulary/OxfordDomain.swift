/// A subject domain of a sense, such as `art` or `computing` (a filter of entries and of the v1 wordlist).
///
/// Every domain of the seed, with its truncated or misspelt identifiers corrected: `forestr` is
/// ``forestry``, `greek_histroy` is ``greekHistory``, `medieval_histor` is ``medievalHistory``,
/// `veterinar` is ``veterinary`` and `potter` is ``pottery``. Swift names are camel case
/// (`air_force` is ``airForce``); the raw value is the API's identifier.
public struct OxfordDomain: OxfordVocabulary {
    /// The identifier as the API spells it.
    public let rawValue: String

    /// Wraps a domain identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `air_force`.
    public static let airForce: OxfordDomain = "air_force"
    /// `alcoholic`.
    public static let alcoholic: OxfordDomain = "alcoholic"
    /// `american_civil_war`.
    public static let americanCivilWar: OxfordDomain = "american_civil_war"
    /// `american_football`.
    public static let americanFootball: OxfordDomain = "american_football"
    /// `amerindian`.
    public static let amerindian: OxfordDomain = "amerindian"
    /// `anatomy`.
    public static let anatomy: OxfordDomain = "anatomy"
    /// `ancient_history`.
    public static let ancientHistory: OxfordDomain = "ancient_history"
    /// `angling`.
    public static let angling: OxfordDomain = "angling"
    /// `anthropology`.
    public static let anthropology: OxfordDomain = "anthropology"
    /// `archaeology`.
    public static let archaeology: OxfordDomain = "archaeology"
    /// `archery`.
    public static let archery: OxfordDomain = "archery"
    /// `architecture`.
    public static let architecture: OxfordDomain = "architecture"
    /// `art`.
    public static let art: OxfordDomain = "art"
    /// `artefacts`.
    public static let artefacts: OxfordDomain = "artefacts"
    /// `arts_and_humanities`.
    public static let artsAndHumanities: OxfordDomain = "arts_and_humanities"
    /// `astrology`.
    public static let astrology: OxfordDomain = "astrology"
    /// `astronomy`.
    public static let astronomy: OxfordDomain = "astronomy"
    /// `athletics`.
    public static let athletics: OxfordDomain = "athletics"
    /// `audio`.
    public static let audio: OxfordDomain = "audio"
    /// `australian_rules`.
    public static let australianRules: OxfordDomain = "australian_rules"
    /// `aviation`.
    public static let aviation: OxfordDomain = "aviation"
    /// `ballet`.
    public static let ballet: OxfordDomain = "ballet"
    /// `baseball`.
    public static let baseball: OxfordDomain = "baseball"
    /// `basketball`.
    public static let basketball: OxfordDomain = "basketball"
    /// `bellringing`.
    public static let bellringing: OxfordDomain = "bellringing"
    /// `biblical`.
    public static let biblical: OxfordDomain = "biblical"
    /// `billiards`.
    public static let billiards: OxfordDomain = "billiards"
    /// `biochemistry`.
    public static let biochemistry: OxfordDomain = "biochemistry"
    /// `biology`.
    public static let biology: OxfordDomain = "biology"
    /// `bird`.
    public static let bird: OxfordDomain = "bird"
    /// `bookbinding`.
    public static let bookbinding: OxfordDomain = "bookbinding"
    /// `botany`.
    public static let botany: OxfordDomain = "botany"
    /// `bowling`.
    public static let bowling: OxfordDomain = "bowling"
    /// `bowls`.
    public static let bowls: OxfordDomain = "bowls"
    /// `boxing`.
    public static let boxing: OxfordDomain = "boxing"
    /// `breed`.
    public static let breed: OxfordDomain = "breed"
    /// `brewing`.
    public static let brewing: OxfordDomain = "brewing"
    /// `bridge`.
    public static let bridge: OxfordDomain = "bridge"
    /// `broadcasting`.
    public static let broadcasting: OxfordDomain = "broadcasting"
    /// `buddhism`.
    public static let buddhism: OxfordDomain = "buddhism"
    /// `building`.
    public static let building: OxfordDomain = "building"
    /// `bullfighting`.
    public static let bullfighting: OxfordDomain = "bullfighting"
    /// `camping`.
    public static let camping: OxfordDomain = "camping"
    /// `canals`.
    public static let canals: OxfordDomain = "canals"
    /// `cards`.
    public static let cards: OxfordDomain = "cards"
    /// `carpentry`.
    public static let carpentry: OxfordDomain = "carpentry"
    /// `chemistry`.
    public static let chemistry: OxfordDomain = "chemistry"
    /// `chess`.
    public static let chess: OxfordDomain = "chess"
    /// `christian`.
    public static let christian: OxfordDomain = "christian"
    /// `church_architecture`.
    public static let churchArchitecture: OxfordDomain = "church_architecture"
    /// `civil_engineering`.
    public static let civilEngineering: OxfordDomain = "civil_engineering"
    /// `clock_making`.
    public static let clockMaking: OxfordDomain = "clock_making"
    /// `clothing`.
    public static let clothing: OxfordDomain = "clothing"
    /// `coffee`.
    public static let coffee: OxfordDomain = "coffee"
    /// `commerce`.
    public static let commerce: OxfordDomain = "commerce"
    /// `commercial_fishing`.
    public static let commercialFishing: OxfordDomain = "commercial_fishing"
    /// `complementary_medicine`.
    public static let complementaryMedicine: OxfordDomain = "complementary_medicine"
    /// `computing`.
    public static let computing: OxfordDomain = "computing"
    /// `cooking`.
    public static let cooking: OxfordDomain = "cooking"
    /// `cosmetics`.
    public static let cosmetics: OxfordDomain = "cosmetics"
    /// `cricket`.
    public static let cricket: OxfordDomain = "cricket"
    /// `crime`.
    public static let crime: OxfordDomain = "crime"
    /// `croquet`.
    public static let croquet: OxfordDomain = "croquet"
    /// `crystallography`.
    public static let crystallography: OxfordDomain = "crystallography"
    /// `currency`.
    public static let currency: OxfordDomain = "currency"
    /// `cycling`.
    public static let cycling: OxfordDomain = "cycling"
    /// `dance`.
    public static let dance: OxfordDomain = "dance"
    /// `dentistry`.
    public static let dentistry: OxfordDomain = "dentistry"
    /// `drink`.
    public static let drink: OxfordDomain = "drink"
    /// `dyeing`.
    public static let dyeing: OxfordDomain = "dyeing"
    /// `early_modern_history`.
    public static let earlyModernHistory: OxfordDomain = "early_modern_history"
    /// `ecclesiastical`.
    public static let ecclesiastical: OxfordDomain = "ecclesiastical"
    /// `ecology`.
    public static let ecology: OxfordDomain = "ecology"
    /// `economics`.
    public static let economics: OxfordDomain = "economics"
    /// `education`.
    public static let education: OxfordDomain = "education"
    /// `egyptian_history`.
    public static let egyptianHistory: OxfordDomain = "egyptian_history"
    /// `electoral`.
    public static let electoral: OxfordDomain = "electoral"
    /// `electrical`.
    public static let electrical: OxfordDomain = "electrical"
    /// `electronics`.
    public static let electronics: OxfordDomain = "electronics"
    /// `element`.
    public static let element: OxfordDomain = "element"
    /// `english_civil_war`.
    public static let englishCivilWar: OxfordDomain = "english_civil_war"
    /// `falconry`.
    public static let falconry: OxfordDomain = "falconry"
    /// `farming`.
    public static let farming: OxfordDomain = "farming"
    /// `fashion`.
    public static let fashion: OxfordDomain = "fashion"
    /// `fencing`.
    public static let fencing: OxfordDomain = "fencing"
    /// `film`.
    public static let film: OxfordDomain = "film"
    /// `finance`.
    public static let finance: OxfordDomain = "finance"
    /// `fire_service`.
    public static let fireService: OxfordDomain = "fire_service"
    /// `first_world_war`.
    public static let firstWorldWar: OxfordDomain = "first_world_war"
    /// `fish`.
    public static let fish: OxfordDomain = "fish"
    /// `food`.
    public static let food: OxfordDomain = "food"
    /// `forestry`.
    public static let forestry: OxfordDomain = "forestry"
    /// `freemasonry`.
    public static let freemasonry: OxfordDomain = "freemasonry"
    /// `french_revolution`.
    public static let frenchRevolution: OxfordDomain = "french_revolution"
    /// `furniture`.
    public static let furniture: OxfordDomain = "furniture"
    /// `gambling`.
    public static let gambling: OxfordDomain = "gambling"
    /// `games`.
    public static let games: OxfordDomain = "games"
    /// `gaming`.
    public static let gaming: OxfordDomain = "gaming"
    /// `genetics`.
    public static let genetics: OxfordDomain = "genetics"
    /// `geography`.
    public static let geography: OxfordDomain = "geography"
    /// `geology`.
    public static let geology: OxfordDomain = "geology"
    /// `geometry`.
    public static let geometry: OxfordDomain = "geometry"
    /// `glassmaking`.
    public static let glassmaking: OxfordDomain = "glassmaking"
    /// `golf`.
    public static let golf: OxfordDomain = "golf"
    /// `goods_vehicles`.
    public static let goodsVehicles: OxfordDomain = "goods_vehicles"
    /// `grammar`.
    public static let grammar: OxfordDomain = "grammar"
    /// `greek_history`.
    public static let greekHistory: OxfordDomain = "greek_history"
    /// `gymnastics`.
    public static let gymnastics: OxfordDomain = "gymnastics"
    /// `hairdressing`.
    public static let hairdressing: OxfordDomain = "hairdressing"
    /// `handwriting`.
    public static let handwriting: OxfordDomain = "handwriting"
    /// `heraldry`.
    public static let heraldry: OxfordDomain = "heraldry"
    /// `hinduism`.
    public static let hinduism: OxfordDomain = "hinduism"
    /// `history`.
    public static let history: OxfordDomain = "history"
    /// `hockey`.
    public static let hockey: OxfordDomain = "hockey"
    /// `honour`.
    public static let honour: OxfordDomain = "honour"
    /// `horology`.
    public static let horology: OxfordDomain = "horology"
    /// `horticulture`.
    public static let horticulture: OxfordDomain = "horticulture"
    /// `hotels`.
    public static let hotels: OxfordDomain = "hotels"
    /// `hunting`.
    public static let hunting: OxfordDomain = "hunting"
    /// `insect`.
    public static let insect: OxfordDomain = "insect"
    /// `instruments`.
    public static let instruments: OxfordDomain = "instruments"
    /// `intelligence`.
    public static let intelligence: OxfordDomain = "intelligence"
    /// `invertebrate`.
    public static let invertebrate: OxfordDomain = "invertebrate"
    /// `islam`.
    public static let islam: OxfordDomain = "islam"
    /// `jazz`.
    public static let jazz: OxfordDomain = "jazz"
    /// `jewellery`.
    public static let jewellery: OxfordDomain = "jewellery"
    /// `journalism`.
    public static let journalism: OxfordDomain = "journalism"
    /// `judaism`.
    public static let judaism: OxfordDomain = "judaism"
    /// `knitting`.
    public static let knitting: OxfordDomain = "knitting"
    /// `language`.
    public static let language: OxfordDomain = "language"
    /// `law`.
    public static let law: OxfordDomain = "law"
    /// `leather`.
    public static let leather: OxfordDomain = "leather"
    /// `linguistics`.
    public static let linguistics: OxfordDomain = "linguistics"
    /// `literature`.
    public static let literature: OxfordDomain = "literature"
    /// `logic`.
    public static let logic: OxfordDomain = "logic"
    /// `lower_plant`.
    public static let lowerPlant: OxfordDomain = "lower_plant"
    /// `mammal`.
    public static let mammal: OxfordDomain = "mammal"
    /// `marriage`.
    public static let marriage: OxfordDomain = "marriage"
    /// `martial_arts`.
    public static let martialArts: OxfordDomain = "martial_arts"
    /// `mathematics`.
    public static let mathematics: OxfordDomain = "mathematics"
    /// `measure`.
    public static let measure: OxfordDomain = "measure"
    /// `mechanics`.
    public static let mechanics: OxfordDomain = "mechanics"
    /// `medicine`.
    public static let medicine: OxfordDomain = "medicine"
    /// `medieval_history`.
    public static let medievalHistory: OxfordDomain = "medieval_history"
    /// `metallurgy`.
    public static let metallurgy: OxfordDomain = "metallurgy"
    /// `meteorology`.
    public static let meteorology: OxfordDomain = "meteorology"
    /// `microbiology`.
    public static let microbiology: OxfordDomain = "microbiology"
    /// `military`.
    public static let military: OxfordDomain = "military"
    /// `military_history`.
    public static let militaryHistory: OxfordDomain = "military_history"
    /// `mineral`.
    public static let mineral: OxfordDomain = "mineral"
    /// `mining`.
    public static let mining: OxfordDomain = "mining"
    /// `motor_racing`.
    public static let motorRacing: OxfordDomain = "motor_racing"
    /// `motoring`.
    public static let motoring: OxfordDomain = "motoring"
    /// `music`.
    public static let music: OxfordDomain = "music"
    /// `mountaineering`.
    public static let mountaineering: OxfordDomain = "mountaineering"
    /// `musical_direction`.
    public static let musicalDirection: OxfordDomain = "musical_direction"
    /// `mythology`.
    public static let mythology: OxfordDomain = "mythology"
    /// `napoleonic_wars`.
    public static let napoleonicWars: OxfordDomain = "napoleonic_wars"
    /// `narcotics`.
    public static let narcotics: OxfordDomain = "narcotics"
    /// `nautical`.
    public static let nautical: OxfordDomain = "nautical"
    /// `naval`.
    public static let naval: OxfordDomain = "naval"
    /// `needlework`.
    public static let needlework: OxfordDomain = "needlework"
    /// `numismatics`.
    public static let numismatics: OxfordDomain = "numismatics"
    /// `occult`.
    public static let occult: OxfordDomain = "occult"
    /// `oceanography`.
    public static let oceanography: OxfordDomain = "oceanography"
    /// `office`.
    public static let office: OxfordDomain = "office"
    /// `oil_industry`.
    public static let oilIndustry: OxfordDomain = "oil_industry"
    /// `optics`.
    public static let optics: OxfordDomain = "optics"
    /// `palaeontology`.
    public static let palaeontology: OxfordDomain = "palaeontology"
    /// `parliament`.
    public static let parliament: OxfordDomain = "parliament"
    /// `pathology`.
    public static let pathology: OxfordDomain = "pathology"
    /// `penal`.
    public static let penal: OxfordDomain = "penal"
    /// `people`.
    public static let people: OxfordDomain = "people"
    /// `pharmaceutics`.
    public static let pharmaceutics: OxfordDomain = "pharmaceutics"
    /// `philately`.
    public static let philately: OxfordDomain = "philately"
    /// `philosophy`.
    public static let philosophy: OxfordDomain = "philosophy"
    /// `phonetics`.
    public static let phonetics: OxfordDomain = "phonetics"
    /// `photography`.
    public static let photography: OxfordDomain = "photography"
    /// `physics`.
    public static let physics: OxfordDomain = "physics"
    /// `physiology`.
    public static let physiology: OxfordDomain = "physiology"
    /// `plant`.
    public static let plant: OxfordDomain = "plant"
    /// `plumbing`.
    public static let plumbing: OxfordDomain = "plumbing"
    /// `politics`.
    public static let politics: OxfordDomain = "politics"
    /// `police`.
    public static let police: OxfordDomain = "police"
    /// `popular_music`.
    public static let popularMusic: OxfordDomain = "popular_music"
    /// `postal`.
    public static let postal: OxfordDomain = "postal"
    /// `pottery`.
    public static let pottery: OxfordDomain = "pottery"
    /// `printing`.
    public static let printing: OxfordDomain = "printing"
    /// `professions`.
    public static let professions: OxfordDomain = "professions"
    /// `prosody`.
    public static let prosody: OxfordDomain = "prosody"
    /// `psychiatry`.
    public static let psychiatry: OxfordDomain = "psychiatry"
    /// `psychology`.
    public static let psychology: OxfordDomain = "psychology"
    /// `publishing`.
    public static let publishing: OxfordDomain = "publishing"
    /// `racing`.
    public static let racing: OxfordDomain = "racing"
    /// `railways`.
    public static let railways: OxfordDomain = "railways"
    /// `rank`.
    public static let rank: OxfordDomain = "rank"
    /// `relationships`.
    public static let relationships: OxfordDomain = "relationships"
    /// `religion`.
    public static let religion: OxfordDomain = "religion"
    /// `reptile`.
    public static let reptile: OxfordDomain = "reptile"
    /// `restaurants`.
    public static let restaurants: OxfordDomain = "restaurants"
    /// `retail`.
    public static let retail: OxfordDomain = "retail"
    /// `rhetoric`.
    public static let rhetoric: OxfordDomain = "rhetoric"
    /// `riding`.
    public static let riding: OxfordDomain = "riding"
    /// `roads`.
    public static let roads: OxfordDomain = "roads"
    /// `rock`.
    public static let rock: OxfordDomain = "rock"
    /// `roman_catholic_church`.
    public static let romanCatholicChurch: OxfordDomain = "roman_catholic_church"
    /// `roman_history`.
    public static let romanHistory: OxfordDomain = "roman_history"
    /// `rowing`.
    public static let rowing: OxfordDomain = "rowing"
    /// `royalty`.
    public static let royalty: OxfordDomain = "royalty"
    /// `rugby`.
    public static let rugby: OxfordDomain = "rugby"
    /// `savoury`.
    public static let savoury: OxfordDomain = "savoury"
    /// `scouting`.
    public static let scouting: OxfordDomain = "scouting"
    /// `second_world_war`.
    public static let secondWorldWar: OxfordDomain = "second_world_war"
    /// `sex`.
    public static let sex: OxfordDomain = "sex"
    /// `shoemaking`.
    public static let shoemaking: OxfordDomain = "shoemaking"
    /// `sikhism`.
    public static let sikhism: OxfordDomain = "sikhism"
    /// `skateboarding`.
    public static let skateboarding: OxfordDomain = "skateboarding"
    /// `skating`.
    public static let skating: OxfordDomain = "skating"
    /// `skiing`.
    public static let skiing: OxfordDomain = "skiing"
    /// `smoking`.
    public static let smoking: OxfordDomain = "smoking"
    /// `snowboarding`.
    public static let snowboarding: OxfordDomain = "snowboarding"
    /// `soccer`.
    public static let soccer: OxfordDomain = "soccer"
    /// `sociology`.
    public static let sociology: OxfordDomain = "sociology"
    /// `space`.
    public static let space: OxfordDomain = "space"
    /// `sport`.
    public static let sport: OxfordDomain = "sport"
    /// `statistics`.
    public static let statistics: OxfordDomain = "statistics"
    /// `stock_exchange`.
    public static let stockExchange: OxfordDomain = "stock_exchange"
    /// `surfing`.
    public static let surfing: OxfordDomain = "surfing"
    /// `surgery`.
    public static let surgery: OxfordDomain = "surgery"
    /// `surveying`.
    public static let surveying: OxfordDomain = "surveying"
    /// `sweet`.
    public static let sweet: OxfordDomain = "sweet"
    /// `swimming`.
    public static let swimming: OxfordDomain = "swimming"
    /// `tea`.
    public static let tea: OxfordDomain = "tea"
    /// `team_sports`.
    public static let teamSports: OxfordDomain = "team_sports"
    /// `technology`.
    public static let technology: OxfordDomain = "technology"
    /// `telecommunications`.
    public static let telecommunications: OxfordDomain = "telecommunications"
    /// `tennis`.
    public static let tennis: OxfordDomain = "tennis"
    /// `textiles`.
    public static let textiles: OxfordDomain = "textiles"
    /// `theatre`.
    public static let theatre: OxfordDomain = "theatre"
    /// `theology`.
    public static let theology: OxfordDomain = "theology"
    /// `timber`.
    public static let timber: OxfordDomain = "timber"
    /// `title`.
    public static let title: OxfordDomain = "title"
    /// `tools`.
    public static let tools: OxfordDomain = "tools"
    /// `trade_unionism`.
    public static let tradeUnionism: OxfordDomain = "trade_unionism"
    /// `transport`.
    public static let transport: OxfordDomain = "transport"
    /// `university`.
    public static let university: OxfordDomain = "university"
    /// `variety`.
    public static let variety: OxfordDomain = "variety"
    /// `veterinary`.
    public static let veterinary: OxfordDomain = "veterinary"
    /// `video`.
    public static let video: OxfordDomain = "video"
    /// `war_of_american_independence`.
    public static let warOfAmericanIndependence: OxfordDomain = "war_of_american_independence"
    /// `weapons`.
    public static let weapons: OxfordDomain = "weapons"
    /// `weightlifting`.
    public static let weightlifting: OxfordDomain = "weightlifting"
    /// `wine`.
    public static let wine: OxfordDomain = "wine"
    /// `wrestling`.
    public static let wrestling: OxfordDomain = "wrestling"
    /// `yoga`.
    public static let yoga: OxfordDomain = "yoga"
    /// `zoology`.
    public static let zoology: OxfordDomain = "zoology"

    /// Every domain above.
    public static let known: [OxfordDomain] = [
        .airForce,
        .alcoholic,
        .americanCivilWar,
        .americanFootball,
        .amerindian,
        .anatomy,
        .ancientHistory,
        .angling,
        .anthropology,
        .archaeology,
        .archery,
        .architecture,
        .art,
        .artefacts,
        .artsAndHumanities,
        .astrology,
        .astronomy,
        .athletics,
        .audio,
        .australianRules,
        .aviation,
        .ballet,
        .baseball,
        .basketball,
        .bellringing,
        .biblical,
        .billiards,
        .biochemistry,
        .biology,
        .bird,
        .bookbinding,
        .botany,
        .bowling,
        .bowls,
        .boxing,
        .breed,
        .brewing,
        .bridge,
        .broadcasting,
        .buddhism,
        .building,
        .bullfighting,
        .camping,
        .canals,
        .cards,
        .carpentry,
        .chemistry,
        .chess,
        .christian,
        .churchArchitecture,
        .civilEngineering,
        .clockMaking,
        .clothing,
        .coffee,
        .commerce,
        .commercialFishing,
        .complementaryMedicine,
        .computing,
        .cooking,
        .cosmetics,
        .cricket,
        .crime,
        .croquet,
        .crystallography,
        .currency,
        .cycling,
        .dance,
        .dentistry,
        .drink,
        .dyeing,
        .earlyModernHistory,
        .ecclesiastical,
        .ecology,
        .economics,
        .education,
        .egyptianHistory,
        .electoral,
        .electrical,
        .electronics,
        .element,
        .englishCivilWar,
        .falconry,
        .farming,
        .fashion,
        .fencing,
        .film,
        .finance,
        .fireService,
        .firstWorldWar,
        .fish,
        .food,
        .forestry,
        .freemasonry,
        .frenchRevolution,
        .furniture,
        .gambling,
        .games,
        .gaming,
        .genetics,
        .geography,
        .geology,
        .geometry,
        .glassmaking,
        .golf,
        .goodsVehicles,
        .grammar,
        .greekHistory,
        .gymnastics,
        .hairdressing,
        .handwriting,
        .heraldry,
        .hinduism,
        .history,
        .hockey,
        .honour,
        .horology,
        .horticulture,
        .hotels,
        .hunting,
        .insect,
        .instruments,
        .intelligence,
        .invertebrate,
        .islam,
        .jazz,
        .jewellery,
        .journalism,
        .judaism,
        .knitting,
        .language,
        .law,
        .leather,
        .linguistics,
        .literature,
        .logic,
        .lowerPlant,
        .mammal,
        .marriage,
        .martialArts,
        .mathematics,
        .measure,
        .mechanics,
        .medicine,
        .medievalHistory,
        .metallurgy,
        .meteorology,
        .microbiology,
        .military,
        .militaryHistory,
        .mineral,
        .mining,
        .motorRacing,
        .motoring,
        .music,
        .mountaineering,
        .musicalDirection,
        .mythology,
        .napoleonicWars,
        .narcotics,
        .nautical,
        .naval,
        .needlework,
        .numismatics,
        .occult,
        .oceanography,
        .office,
        .oilIndustry,
        .optics,
        .palaeontology,
        .parliament,
        .pathology,
        .penal,
        .people,
        .pharmaceutics,
        .philately,
        .philosophy,
        .phonetics,
        .photography,
        .physics,
        .physiology,
        .plant,
        .plumbing,
        .politics,
        .police,
        .popularMusic,
        .postal,
        .pottery,
        .printing,
        .professions,
        .prosody,
        .psychiatry,
        .psychology,
        .publishing,
        .racing,
        .railways,
        .rank,
        .relationships,
        .religion,
        .reptile,
        .restaurants,
        .retail,
        .rhetoric,
        .riding,
        .roads,
        .rock,
        .romanCatholicChurch,
        .romanHistory,
        .rowing,
        .royalty,
        .rugby,
        .savoury,
        .scouting,
        .secondWorldWar,
        .sex,
        .shoemaking,
        .sikhism,
        .skateboarding,
        .skating,
        .skiing,
        .smoking,
        .snowboarding,
        .soccer,
        .sociology,
        .space,
        .sport,
        .statistics,
        .stockExchange,
        .surfing,
        .surgery,
        .surveying,
        .sweet,
        .swimming,
        .tea,
        .teamSports,
        .technology,
        .telecommunications,
        .tennis,
        .textiles,
        .theatre,
        .theology,
        .timber,
        .title,
        .tools,
        .tradeUnionism,
        .transport,
        .university,
        .variety,
        .veterinary,
        .video,
        .warOfAmericanIndependence,
        .weapons,
        .weightlifting,
        .wine,
        .wrestling,
        .yoga,
        .zoology,
    ]
}
