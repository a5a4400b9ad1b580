import Foundation
import GRDB

/// The shared store, opened for reading and writing: what `kbd-dict` uses.
///
/// Every write is one short `BEGIN IMMEDIATE` transaction, waiting up to the busy timeout for
/// other writers; each gets a new change sequence number, stamped on the rows it writes, so
/// that running engines can load just what changed (see ``StoreReader``).
///
/// Thread-safe: calls are serialised on one SQLite connection.
public final class Store: Sendable {
    /// Where the store is.
    public let location: StoreLocation
    let queue: DatabaseQueue
    /// Recorded in `change_batch.origin` for every write, e.g. `kbd-dict`.
    let origin: String

    /// Opens (creating and migrating if needed) the store at `location`.
    ///
    /// - Parameters:
    ///   - origin: names the writer in the change log, e.g. `kbd-dict add`.
    ///   - busyTimeout: how long a write waits for another process's write, in seconds.
    /// - Throws: ``StoreError``: unsafe permissions, not a kbd store, schema too new, I/O.
    public init(location: StoreLocation, origin: String = "kbd-dict", busyTimeout: TimeInterval = 30) throws {
        self.location = location
        self.origin = origin
        queue = try Connection.prepare(location, busyTimeout: busyTimeout, keepWritable: true)!
    }

    /// Closes the connection. Further calls fail.
    public func close() {
        try? queue.close()
    }

    /// Runs `body` in one IMMEDIATE write transaction with a change recorder.
    func write<T>(_ what: String, _ body: (Database, inout ChangeRecorder) throws -> T) throws -> T {
        do {
            return try queue.write { db in
                var recorder = try ChangeRecorder(db, origin: origin)
                let result = try body(db, &recorder)
                try recorder.finish()
                return result
            }
        } catch {
            throw StoreError.wrap(error, "\(what) in store \(location)")
        }
    }

    /// Runs `body` in a read transaction.
    func read<T>(_ what: String, _ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.read(body)
        } catch {
            throw StoreError.wrap(error, "\(what) in store \(location)")
        }
    }

    // MARK: - Settings

    /// The current settings (defaults for keys never set).
    public func settings() throws -> StoreSettings {
        try read("read settings") { db in try Store.settings(db) }
    }

    static func settings(_ db: Database) throws -> StoreSettings {
        var rows: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting") {
            rows[row[0]] = row[1]
        }
        return StoreSettings(rows: rows)
    }

    /// Sets one setting by key (see ``StoreSettings/keys``), validating the value.
    /// - Returns: the settings after the change.
    @discardableResult
    public func setSetting(_ key: String, to value: String) throws -> StoreSettings {
        var probe = StoreSettings()
        try probe.set(key, to: value)  // validate before opening a transaction
        return try write("set \(key)") { db, recorder in
            var settings = try Store.settings(db)
            try settings.set(key, to: value)
            let stored = settings.value(for: key)!
            try db.execute(sql: """
                INSERT INTO setting(key, value, seq) VALUES (?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET value = excluded.value, seq = excluded.seq
                """, arguments: [key, stored, recorder.seq])
            recorder.touched()
            return settings
        }
    }

    // MARK: - Stats and check

    /// Counts of what the store holds.
    public struct Stats: Sendable, Equatable, Codable {
        public var userWords: Int
        public var blockedWords: Int
        public var shortcuts: Int
        public var learnedWords: Int
        public var learnedPairs: Int
        public var schemaVersion: Int
        /// The latest change sequence number (the change token of the newest write).
        public var changeSequence: Int64
        /// Size of the database and its WAL, in bytes.
        public var bytes: Int64
    }

    /// Counts rows and sizes files.
    public func stats() throws -> Stats {
        let location = self.location
        return try read("count") { db in
            func count(_ table: String) throws -> Int { try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0 }
            var bytes: Int64 = 0
            for path in [location.databasePath, location.databasePath + "-wal"] {
                if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber {
                    bytes += size.int64Value
                }
            }
            return Stats(
                userWords: try count("user_word"), blockedWords: try count("blocked_word"),
                shortcuts: try count("shortcut"), learnedWords: try count("learned_word"),
                learnedPairs: try count("learned_pair"),
                schemaVersion: try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
                changeSequence: try ChangeRecorder.currentSequence(db),
                bytes: bytes)
        }
    }

    /// Checks integrity (`PRAGMA integrity_check`), the schema version, that stored text is
    /// valid, and the permissions of the container and files.
    /// - Returns: the problems found, one line each; empty when all is well.
    public func check() throws -> [String] {
        var problems: [String] = []
        do { try location.checkPermissions() } catch { problems.append("\(error)") }
        let location = self.location
        problems += try read("check") { db in
            var found: [String] = []
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            if integrity != ["ok"] {
                found += integrity.prefix(10).map { "store \(location): integrity: \($0)" }
            }
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            if version != Schema.currentVersion {
                found.append("store \(location): schema v\(version), this build expects v\(Schema.currentVersion)")
            }
            let applied = try Schema.migrator.appliedIdentifiers(db)
            let known = Set(Schema.migrations.map(\.name))
            if !applied.isSubset(of: known) || applied.count != known.count {
                found.append("store \(location): migrations applied \(applied.sorted()), expected \(known.sorted())")
            }
            let bad = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM user_word WHERE word = '' OR weight < 0
                """) ?? 0
            if bad > 0 { found.append("store \(location): \(bad) user words are empty or have a negative weight") }
            return found
        }
        return problems
    }
}
