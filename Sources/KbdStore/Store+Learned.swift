import Foundation
import GRDB

extension Store {
    /// Learned words with their decayed counts, most used first (ties by word).
    public func learnedWords(now: Date = Date()) throws -> [LearnedWord] {
        try read("list learned words") { db in
            let decay = try Store.settings(db).decay
            return try Row.fetchAll(db, sql: "SELECT word, count, last_used FROM learned_word").map { row in
                let last: Int64 = row[2]
                return LearnedWord(word: row[0], count: decay.decayed(row[1], lastUsed: last, now: now),
                                   lastUsed: Date(timeIntervalSince1970: TimeInterval(last)))
            }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.word < $1.word }
        }
    }

    /// Forgets a learned word and every pair it is part of.
    /// - Returns: whether anything was forgotten.
    @discardableResult
    public func forgetLearned(_ word: String) throws -> Bool {
        let word = try Validation.word(word)
        return try write("forget \(word)") { db, recorder in
            let before = recorder.rows
            try Store.forgetLearned(db, &recorder, word)
            return recorder.rows > before
        }
    }

    /// Forgets everything learned.
    /// - Returns: the number of words and pairs removed.
    @discardableResult
    public func clearLearned() throws -> Int {
        try write("clear learned words") { db, recorder in
            try db.execute(sql: """
                INSERT INTO tombstone(seq, kind, key, key2) SELECT ?, 'learned_word', word, '' FROM learned_word
                """, arguments: [recorder.seq])
            let words = db.changesCount
            try db.execute(sql: """
                INSERT INTO tombstone(seq, kind, key, key2) SELECT ?, 'learned_pair', previous, word FROM learned_pair
                """, arguments: [recorder.seq])
            let pairs = db.changesCount
            try db.execute(sql: "DELETE FROM learned_word")
            try db.execute(sql: "DELETE FROM learned_pair")
            recorder.touched(words + pairs)
            return words + pairs
        }
    }

    static func forgetLearned(_ db: Database, _ recorder: inout ChangeRecorder, _ word: String) throws {
        try db.execute(sql: "DELETE FROM learned_word WHERE word = ?", arguments: [word])
        if db.changesCount > 0 { try recorder.deleted(RowKind.learnedWord, word) }
        let pairs = try Row.fetchAll(db, sql: "SELECT previous, word FROM learned_pair WHERE word = ? OR previous = ?",
                                     arguments: [word, word])
        for pair in pairs {
            try db.execute(sql: "DELETE FROM learned_pair WHERE previous = ? AND word = ?", arguments: [pair[0], pair[1]])
            try recorder.deleted(RowKind.learnedPair, pair[0], pair[1])
        }
    }
}
