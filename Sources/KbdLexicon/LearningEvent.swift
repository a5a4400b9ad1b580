/// Something the session learned, for the store's writer to persist (drained from
/// `LearningOverlay.drainEvents()` or observed through `LearningOverlay.onEvent`).
public enum LearningEvent: Sendable, Equatable {
    /// `word` was committed; `count` is its learned count afterwards.
    case word(String, count: Int)
    /// `second` was committed right after `first`; `count` is the pair's count afterwards.
    case pair(String, String, count: Int)
}

/// A word the user added (e.g. through `kbd-dict add`), with a weight (1 = an ordinary word).
public struct UserWord: Sendable, Equatable {
    public var text: String
    public var weight: Double
    public init(_ text: String, weight: Double = 1) { self.text = text; self.weight = weight }
}

/// A learned word or pair with its count, as the store keeps them.
public struct LearnedCount: Sendable, Equatable {
    /// One word, or two for a pair (first, second).
    public var words: [String]
    public var count: Int
    public init(_ words: [String], count: Int) { self.words = words; self.count = count }
}
