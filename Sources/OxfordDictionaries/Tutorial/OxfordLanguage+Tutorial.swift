/// The tutorial's name of ``OxfordLanguage``: its cases are here under the same names
/// (``OxfordLanguage/English`` is `en`, ``OxfordLanguage/NorthernSoho`` is `nso`, …).
public typealias OxfordAPILanguage = OxfordLanguage
