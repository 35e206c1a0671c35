// The tutorial's (seed 000's) spellings of the lexical category identifiers whose Swift names differ from
// today's camel case. The others have one name in both.
extension OxfordLexicalCategory {
    /// The tutorial's `combining_form`: ``combiningForm`` (`combining_form`).
    public static let combining_form: OxfordLexicalCategory = .combiningForm
}
