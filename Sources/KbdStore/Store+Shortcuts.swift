import GRDB

extension Store {
    /// Adds a shortcut → phrase text replacement.
    /// - Returns: false when exactly this pair was there already.
    @discardableResult
    public func addShortcut(_ shortcut: Shortcut) throws -> Bool {
        try addWords([], shortcuts: [shortcut]).shortcutsAdded == 1
    }

    /// Removes a shortcut's phrases (all of them, or just `phrase`).
    /// - Returns: how many shortcut → phrase pairs were removed.
    @discardableResult
    public func removeShortcut(_ shortcut: String, phrase: String? = nil) throws -> Int {
        let shortcut = try Validation.shortcut(shortcut)
        let phrase = try phrase.map(Validation.phrase)
        return try write("remove shortcut") { db, recorder in
            let phrases = try String.fetchAll(db, sql: "SELECT phrase FROM shortcut WHERE shortcut = ?", arguments: [shortcut])
                .filter { phrase == nil || $0 == phrase }
            for item in phrases {
                try db.execute(sql: "DELETE FROM shortcut WHERE shortcut = ? AND phrase = ?", arguments: [shortcut, item])
                try recorder.deleted(RowKind.shortcut, shortcut, item)
            }
            return phrases.count
        }
    }

    /// All shortcuts, sorted by shortcut then phrase.
    public func shortcuts() throws -> [Shortcut] {
        try read("list shortcuts") { db in
            try Row.fetchAll(db, sql: "SELECT shortcut, phrase FROM shortcut ORDER BY shortcut, phrase")
                .map { Shortcut(shortcut: $0[0], phrase: $0[1]) }
        }
    }
}
