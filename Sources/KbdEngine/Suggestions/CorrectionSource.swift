import KbdLexicon
import KbdText

/// Corrections of the word being typed, for the bar (kind `.correction`) and for autocorrection
/// at word end (``WordCorrector``), through a ``Corrector`` sharing the session's learning
/// overlay: the user's and learned words are never corrected and blocked words never offered.
///
/// Keeps the typed case (`Teh` → The, `TEH` → THE) except where the word's own capitals must
/// stay (`im` → I'm). A capitalised word inside a sentence is taken for a name and left alone at
/// the modest level. Owned by one session.
public final class CorrectionSource: CandidateSource, WordCorrector {
    public let corrector: Corrector
    /// The locale whose case rules apply.
    public var locale: String
    private var buffer: [Corrector.Correction] = []
    private var previous: [Substring] = []

    public init(corrector: Corrector, locale: String = "en_US") {
        self.corrector = corrector
        self.locale = locale
    }

    /// A source over `predictor`'s model and overlay, with the layout `settings` name or the
    /// locale's usual one (read from the layouts beside the model).
    public convenience init(predictor: Predictor, settings: SessionSettings) {
        let layout = KeyboardLayout.forLocale(settings.locale, name: settings.keyboardLayout, modelPath: predictor.model.path)
        self.init(corrector: Corrector(model: predictor.model, overlay: predictor.overlay, errorModel: ErrorModel(layout: layout)),
                  locale: settings.locale)
    }

    // MARK: CandidateSource

    public func candidates(for context: TextContext, limit: Int, into candidates: inout [Candidate]) {
        let word = context.wordPrefix
        guard !word.isEmpty, context.wordSuffix.isEmpty, AutocorrectionGuard.allows(word: word, before: word) else { return }
        setPrevious(context.previousWords)
        corrector.corrections(for: word, previousWords: previous, limit: min(limit, 3), into: &buffer)
        for c in buffer {
            candidates.append(Candidate(c.text, kind: .correction, score: c.logProb - Double(c.cost), keepsCase: c.isProperNoun))
        }
    }

    // MARK: WordCorrector

    public func correction(for word: String, previousWords: [String], level: AutocorrectionLevel) -> String? {
        guard level != .off else { return nil }
        // A capitalised word inside a sentence is most likely a name.
        if level == .modest, !previousWords.isEmpty, CaseMapping.startsUppercase(word), !CaseMapping.isAllUppercase(word) || word.count < 2 {
            return nil
        }
        setPrevious(previousWords)
        guard let c = corrector.autocorrection(for: word, previousWords: previous, policy: level == .aggressive ? .aggressive : .modest) else {
            return nil
        }
        return Self.matchCase(of: word, c.text, keepsCase: c.isProperNoun, locale: locale)
    }

    /// `replacement` in the case `typed` was typed in: ALL CAPS for a word of two or more
    /// capitals, a capital first letter for a capitalised one; else as spelled.
    static func matchCase(of typed: String, _ replacement: String, keepsCase: Bool, locale: String) -> String {
        if typed.count >= 2, CaseMapping.isAllUppercase(typed) { return CaseMapping.uppercased(replacement, locale: locale) }
        if CaseMapping.startsUppercase(typed) { return CaseMapping.capitalizedFirst(replacement, locale: locale) }
        return replacement
    }

    private func setPrevious(_ words: [String]) {
        previous.removeAll(keepingCapacity: true)
        for w in words { previous.append(w[...]) }
    }
}
