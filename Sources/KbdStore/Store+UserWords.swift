import Foundation
import GRDB
import KbdText

/// What an import or a batch add did.
public struct WriteSummary: Sendable, Equatable, Codable {
    /// Words newly added.
    public var added = 0
    /// Words that were there already and got the new weight and locale.
    public var updated = 0
    /// Shortcuts newly added (one per shortcut→phrase pair).
    public var shortcutsAdded = 0
    /// Shortcuts that were there already.
    public var shortcutsUnchanged = 0

    public init() {}
}

extension Store {
    /// Adds or updates user words in one transaction; words are validated (``Validation``)
    /// before anything is written. Adding a blocked word unblocks it.
    ///
    /// - Parameter progress: called now and then with the number of words written so far.
    @discardableResult
    public func addWords(_ words: [UserWord], shortcuts: [Shortcut] = [],
                         progress: ((Int) -> Void)? = nil) throws -> WriteSummary {
        let words = try Store.sortedUnique(words.map(Store.validated))
        let shortcuts = try shortcuts.map(Store.validated)
        defer {
            // A big import leaves a big WAL: fold it into the database now (best effort: it
            // gives up at once if a reader is in the way), so later opens stay quick.
            if words.count > 10_000 {
                try? queue.writeWithoutTransaction { db in
                    _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                }
            }
        }
        return try write("add words") { db, recorder in
            var summary = WriteSummary()
            let before = try Int.fetchOne(db, sql: "SELECT count(*) FROM user_word") ?? 0
            let anyBlocked = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM blocked_word)") ?? false
            if words.count > 10_000 { try db.execute(sql: "PRAGMA cache_size = -65536") }  // 64 MB for a big import
            defer { try? db.execute(sql: "PRAGMA cache_size = -2000") }
            let upsert = try RawStatement(db, """
                INSERT INTO user_word(word, search_key, weight, locale, added_at, seq) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT(word) DO UPDATE SET weight = excluded.weight, locale = excluded.locale, seq = excluded.seq
                """)
            let unblock = try db.cachedStatement(sql: "DELETE FROM blocked_word WHERE word = ?")
            for (index, entry) in words.enumerated() {
                try upsert.run(entry.word, Normalization.searchKey(entry.word), entry.weight, entry.locale,
                               recorder.now, recorder.seq)
                if anyBlocked {
                    try unblock.execute(arguments: [entry.word])
                    if db.changesCount > 0 { try recorder.deleted(RowKind.blockedWord, entry.word) }
                }
                if let progress, index % 20_000 == 19_999 { progress(index + 1) }
            }
            recorder.touched(words.count)
            let after = try Int.fetchOne(db, sql: "SELECT count(*) FROM user_word") ?? 0
            summary.added = after - before
            summary.updated = words.count - summary.added
            let insertShortcut = try db.cachedStatement(sql: """
                INSERT INTO shortcut(shortcut, phrase, added_at, seq) VALUES (?, ?, ?, ?)
                ON CONFLICT(shortcut, phrase) DO NOTHING
                """)
            for entry in shortcuts {
                try insertShortcut.execute(arguments: [entry.shortcut, entry.phrase, recorder.now, recorder.seq])
                if db.changesCount > 0 {
                    summary.shortcutsAdded += 1
                    recorder.touched()
                } else {
                    summary.shortcutsUnchanged += 1
                }
            }
            progress?(words.count)
            return summary
        }
    }

    /// Sorted by UTF-8 bytes (the table's key order, so inserts append to the B-tree), one
    /// entry per word: the last one given wins.
    static func sortedUnique(_ words: [UserWord]) -> [UserWord] {
        guard words.count > 1 else { return words }
        // Sort by the first 8 bytes as a big-endian integer, then (rarely) by the whole word:
        // most comparisons are one integer compare, with no string retained.
        let keys: [UInt64] = words.map { entry in
            var key: UInt64 = 0, shift: UInt64 = 56
            for byte in entry.word.utf8.prefix(8) { key |= UInt64(byte) << shift; shift &-= 8 }
            return key
        }
        var order = Array(words.indices)
        keys.withUnsafeBufferPointer { keys in
            words.withUnsafeBufferPointer { words in
                order.sort { a, b in
                    if keys[a] != keys[b] { return keys[a] < keys[b] }
                    let c = compareUTF8(words[a].word, words[b].word)
                    return c != 0 ? c < 0 : a < b
                }
            }
        }
        var result: [UserWord] = []
        result.reserveCapacity(words.count)
        var lastKey: UInt64?
        for index in order {
            defer { lastKey = keys[index] }
            if let last = result.last, lastKey == keys[index], compareUTF8(last.word, words[index].word) == 0 {
                result[result.count - 1] = words[index]
            } else {
                result.append(words[index])
            }
        }
        return result
    }

    /// Removes user words.
    /// - Returns: the words that were not in the store (after NFC normalisation).
    @discardableResult
    public func removeWords(_ words: [String]) throws -> [String] {
        let words = try words.map(Validation.word)
        return try write("remove words") { db, recorder in
            var missing: [String] = []
            let delete = try db.cachedStatement(sql: "DELETE FROM user_word WHERE word = ?")
            for word in words {
                try delete.execute(arguments: [word])
                if db.changesCount > 0 {
                    try recorder.deleted(RowKind.userWord, word)
                } else {
                    missing.append(word)
                }
            }
            return missing
        }
    }

    /// The user's words, sorted by word (code-point order of the NFC text).
    public func userWords() throws -> [UserWord] {
        try read("list words") { db in
            try Row.fetchAll(db, sql: "SELECT word, weight, locale FROM user_word ORDER BY word").map {
                UserWord(word: $0[0], weight: $0[1], locale: $0[2])
            }
        }
    }

    /// Calls `body` with each user word, sorted by word, without loading them all: what
    /// `kbd-dict list` uses for a million words. Runs in one read transaction.
    public func forEachUserWord(_ body: (UserWord) throws -> Void) throws {
        try read("list words") { db in
            let cursor = try Row.fetchCursor(db, sql: "SELECT word, weight, locale FROM user_word ORDER BY word")
            while let row = try cursor.next() {
                try body(UserWord(word: row[0], weight: row[1], locale: row[2]))
            }
        }
    }

    /// User words whose search key (accent- and case-blind) contains `pattern`'s, or, when the
    /// pattern has `*` or `?`, matches it as a whole-word wildcard pattern. Sorted by word.
    public func searchWords(_ pattern: String) throws -> [UserWord] {
        let cleaned = pattern.trimmingWhitespace()
        guard !cleaned.isEmpty else { throw StoreError(.invalidInput, "search pattern \(pattern.debugDescription): empty") }
        let key = Normalization.searchKey(cleaned)
        let isGlob = key.contains("*") || key.contains("?")
        return try read("search words") { db in
            let rows: [Row]
            if isGlob {
                let glob = key.replacingOccurrences(of: "[", with: "[[]")
                rows = try Row.fetchAll(db, sql: "SELECT word, weight, locale FROM user_word WHERE search_key GLOB ? ORDER BY word", arguments: [glob])
            } else {
                rows = try Row.fetchAll(db, sql: "SELECT word, weight, locale FROM user_word WHERE instr(search_key, ?) > 0 ORDER BY word", arguments: [key])
            }
            return rows.map { UserWord(word: $0[0], weight: $0[1], locale: $0[2]) }
        }
    }


    static func validated(_ entry: UserWord) throws -> UserWord {
        UserWord(word: try Validation.word(entry.word), weight: try Validation.weight(entry.weight),
                 locale: try Validation.locale(entry.locale))
    }

    static func validated(_ entry: Shortcut) throws -> Shortcut {
        Shortcut(shortcut: try Validation.shortcut(entry.shortcut), phrase: try Validation.phrase(entry.phrase))
    }
}

/// Byte-wise comparison of two strings' UTF-8 (code-point order): <0, 0 or >0.
/// Unlike `String.<` and `==`, no Unicode canonical equivalence (the words are NFC already).
@inline(__always)
func compareUTF8(_ a: String, _ b: String) -> Int {
    var a = a, b = b
    return a.withUTF8 { x in
        b.withUTF8 { y in
            let n = Swift.min(x.count, y.count)
            if n > 0, let p = x.baseAddress, let q = y.baseAddress {
                let c = memcmp(p, q, n)
                if c != 0 { return Int(c) }
            }
            return x.count - y.count
        }
    }
}
