import Foundation
import GRDB
import KbdText

extension Store {
    /// Blocks words: engines never offer them. A blocked word is also removed from the user's
    /// words and from what was learned.
    /// - Returns: the words that were blocked already.
    @discardableResult
    public func blockWords(_ words: [String]) throws -> [String] {
        let words = try words.map(Validation.word)
        return try write("block words") { db, recorder in
            var already: [String] = []
            let insert = try db.cachedStatement(sql: """
                INSERT INTO blocked_word(word, search_key, added_at, seq) VALUES (?, ?, ?, ?)
                ON CONFLICT(word) DO NOTHING
                """)
            for word in words {
                try insert.execute(arguments: [word, Normalization.searchKey(word), recorder.now, recorder.seq])
                if db.changesCount > 0 { recorder.touched() } else { already.append(word) }
                try db.execute(sql: "DELETE FROM user_word WHERE word = ?", arguments: [word])
                if db.changesCount > 0 { try recorder.deleted(RowKind.userWord, word) }
                try Store.forgetLearned(db, &recorder, word)
            }
            return already
        }
    }

    /// Unblocks words.
    /// - Returns: the words that were not blocked.
    @discardableResult
    public func unblockWords(_ words: [String]) throws -> [String] {
        let words = try words.map(Validation.word)
        return try write("unblock words") { db, recorder in
            var missing: [String] = []
            for word in words {
                try db.execute(sql: "DELETE FROM blocked_word WHERE word = ?", arguments: [word])
                if db.changesCount > 0 { try recorder.deleted(RowKind.blockedWord, word) } else { missing.append(word) }
            }
            return missing
        }
    }

    /// The blocked words, sorted.
    public func blockedWords() throws -> [String] {
        try read("list blocked words") { db in try String.fetchAll(db, sql: "SELECT word FROM blocked_word ORDER BY word") }
    }
}
