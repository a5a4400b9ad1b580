import Foundation

/// A word the user added, with its weight (a relative boost, ≥ 0) and locale (`""`: any).
public struct UserWord: Sendable, Hashable, Codable {
    public var word: String
    public var weight: Int64
    public var locale: String

    public init(word: String, weight: Int64 = Validation.defaultWeight, locale: String = "") {
        self.word = word
        self.weight = weight
        self.locale = locale
    }
}

/// A text replacement: typing `shortcut` offers (and on choice, expands to) `phrase`,
/// like a `UILexicon` entry. One shortcut may have several phrases.
public struct Shortcut: Sendable, Hashable, Codable {
    public var shortcut: String
    public var phrase: String

    public init(shortcut: String, phrase: String) {
        self.shortcut = shortcut
        self.phrase = phrase
    }
}

/// A word learned from what the user typed.
///
/// `count` is the decayed use count at the time the snapshot or list was taken: each use adds
/// 1, and the total halves every `learning-half-life-days` days without use.
public struct LearnedWord: Sendable, Hashable, Codable {
    public var word: String
    public var count: Double
    /// When it was last used.
    public var lastUsed: Date

    public init(word: String, count: Double, lastUsed: Date) {
        self.word = word
        self.count = count
        self.lastUsed = lastUsed
    }
}

/// A word pair learned from what the user typed: `word` followed `previous`.
/// `count` decays like ``LearnedWord/count``.
public struct LearnedPair: Sendable, Hashable, Codable {
    public var previous: String
    public var word: String
    public var count: Double
    public var lastUsed: Date

    public init(previous: String, word: String, count: Double, lastUsed: Date) {
        self.previous = previous
        self.word = word
        self.count = count
        self.lastUsed = lastUsed
    }
}

/// The key of a ``LearnedPair``.
public struct WordPair: Sendable, Hashable, Codable {
    public var previous: String
    public var word: String

    public init(previous: String, word: String) {
        self.previous = previous
        self.word = word
    }
}

/// How learned counts fade: each use adds 1; the total halves every `halfLife` without use.
/// A word used once a year ago, with the default 30-day half-life, counts 2⁻¹² ≈ 0.0002.
public struct LearningDecay: Sendable, Equatable {
    /// The half-life, in seconds.
    public var halfLife: TimeInterval
    /// Counts below this are treated as forgotten (left out of snapshots, pruned).
    public static let floor = 0.01

    public init(halfLifeDays: Int) {
        halfLife = TimeInterval(max(1, halfLifeDays)) * 86_400
    }

    /// `count` as of `now`, for a count stored at `lastUsed` (unix seconds).
    public func decayed(_ count: Double, lastUsed: Int64, now: Date) -> Double {
        let age = now.timeIntervalSince1970 - Double(lastUsed)
        if age <= 0 { return count }
        return count * exp2(-age / halfLife)
    }
}
