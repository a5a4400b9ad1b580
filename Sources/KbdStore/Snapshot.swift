import Foundation

/// A point in the store's history: the sequence number of the last write transaction seen.
/// Tokens only grow; compare them to order two loads.
public struct ChangeToken: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The `change_batch.seq` of the newest write included.
    public let sequence: Int64

    public init(sequence: Int64) { self.sequence = sequence }

    /// Before any write.
    public static let origin = ChangeToken(sequence: 0)

    public static func < (a: ChangeToken, b: ChangeToken) -> Bool { a.sequence < b.sequence }
    public var description: String { "#\(sequence)" }
}

/// Everything an engine needs from the store, read in one consistent transaction.
public struct StoreSnapshot: Sendable {
    /// The newest write included; pass it to ``StoreReader`` for what changed since.
    public var token: ChangeToken
    /// The user's words: suggested, never autocorrected.
    public var userWords: UserWordTable
    /// Words never to offer.
    public var blockedWords: Set<String>
    /// Text replacements, sorted by shortcut then phrase.
    public var shortcuts: [Shortcut]
    /// Learned words, counts decayed to the load time; those below ``LearningDecay/floor`` are left out.
    public var learnedWords: [LearnedWord]
    /// Learned pairs, counts decayed to the load time; those below the floor are left out.
    public var learnedPairs: [LearnedPair]
    /// The settings.
    public var settings: StoreSettings
}

/// What changed in the store between two tokens.
///
/// Each kind comes as upserts (the current row) and removals (keys), disjoint: a row removed
/// and added again is only in the upserts. Learned counts are decayed to the load time.
public struct StoreChanges: Sendable {
    /// The token before these changes.
    public var from: ChangeToken
    /// The token after them: pass it next time.
    public var token: ChangeToken
    public var userWordsUpserted: [UserWord] = []
    public var userWordsRemoved: [String] = []
    public var blockedWordsAdded: [String] = []
    public var blockedWordsRemoved: [String] = []
    public var shortcutsAdded: [Shortcut] = []
    public var shortcutsRemoved: [Shortcut] = []
    public var learnedWordsUpserted: [LearnedWord] = []
    public var learnedWordsRemoved: [String] = []
    public var learnedPairsUpserted: [LearnedPair] = []
    public var learnedPairsRemoved: [WordPair] = []
    /// The full settings when any setting changed, else nil.
    public var settings: StoreSettings?

    /// Whether nothing changed.
    public var isEmpty: Bool {
        userWordsUpserted.isEmpty && userWordsRemoved.isEmpty && blockedWordsAdded.isEmpty
            && blockedWordsRemoved.isEmpty && shortcutsAdded.isEmpty && shortcutsRemoved.isEmpty
            && learnedWordsUpserted.isEmpty && learnedWordsRemoved.isEmpty
            && learnedPairsUpserted.isEmpty && learnedPairsRemoved.isEmpty && settings == nil
    }

    /// The number of rows in these changes.
    public var rowCount: Int {
        userWordsUpserted.count + userWordsRemoved.count + blockedWordsAdded.count + blockedWordsRemoved.count
            + shortcutsAdded.count + shortcutsRemoved.count + learnedWordsUpserted.count
            + learnedWordsRemoved.count + learnedPairsUpserted.count + learnedPairsRemoved.count
            + (settings == nil ? 0 : 1)
    }
}

/// What ``StoreReader/poll(maxRows:)`` and ``StoreReader/loadUpdate(snapshotAbove:)`` found.
public enum StoreUpdate: Sendable {
    /// Nothing was committed since the last load.
    case unchanged
    /// These rows changed: apply them, removals and upserts.
    case changes(StoreChanges)
    /// Too much changed for an incremental update: replace everything (``loadUpdate``).
    case snapshot(StoreSnapshot)
    /// Something changed, but loading it could take long (a big import) or another thread is
    /// loading: call ``StoreReader/loadUpdate(snapshotAbove:)`` off the key path. (``poll`` only.)
    case reloadNeeded
    /// The store could not be read; the engine goes on with what it has. (``poll`` only.)
    case failed(StoreError)
}
