/// One suggestion for the bar, in its canonical spelling (café, London): the engine applies
/// the typed case afterwards, but never lower-cases a proper noun.
public struct WordCandidate: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// Completes the word being typed (prefix non-empty).
        case completion
        /// Next word after a finished one (prefix empty).
        case prediction
        /// A word from the user's dictionary.
        case user
        /// A word the user typed before that the model does not know.
        case learned
    }

    public var text: String
    /// Natural log of the candidate's probability in context (higher is better; comparable
    /// within one `suggest` call).
    public var score: Double
    public var source: Source
    /// The spelling has capitals that must stay (London, I, iPhone).
    public var isProperNoun: Bool

    public init(text: String, score: Double, source: Source, isProperNoun: Bool = false) {
        self.text = text
        self.score = score
        self.source = source
        self.isProperNoun = isProperNoun
    }
}
