import Foundation
import GRDB
import GRDBSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opening the shared database safely from any number of processes at once.
enum Connection {
    /// Creates the container and database if needed, and brings the schema up to date, all
    /// under the advisory lock beside the database. Returns a writable queue when
    /// `keepWritable`, after releasing the lock.
    ///
    /// A file that is not a SQLite database, or a SQLite database that is not a kbd store, is
    /// refused and left untouched; a newer schema is refused.
    static func prepare(_ location: StoreLocation, busyTimeout: TimeInterval, keepWritable: Bool) throws -> DatabaseQueue? {
        try location.createContainer()
        let lock = try FileLock(path: location.lockPath)
        defer { lock.unlock() }
        if !location.databaseExists {
            let fd = open(location.databasePath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 && errno != EEXIST {
                throw StoreError(.io, "store \(location): cannot create it (\(String(cString: strerror(errno))))")
            }
            if fd >= 0 { close(fd) }
        }
        try location.checkPermissions()
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: location.databasePath,
                                      configuration: configuration(readOnly: false, busyTimeout: busyTimeout))
        } catch {
            throw StoreError.wrap(error, "store \(location)")
        }
        do {
            let version = try queue.writeWithoutTransaction { db in
                try Schema.checkCompatible(db, location)
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                guard mode?.lowercased() == "wal" else {
                    throw StoreError(.io, "store \(location): cannot switch to WAL mode (journal mode \(mode ?? "?"))")
                }
                return try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            }
            if version < Schema.currentVersion {
                try Schema.migrator.migrate(queue)
            }
            // Files SQLite created (-wal, -shm) take the database's mode; check them too.
            try location.checkPermissions()
        } catch {
            try? queue.close()
            throw StoreError.wrap(error, "store \(location)")
        }
        if keepWritable { return queue }
        try? queue.close()
        return nil
    }

    /// Opens a read-only queue on a prepared store.
    static func openReadOnly(_ location: StoreLocation, busyTimeout: TimeInterval) throws -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue(path: location.databasePath,
                                          configuration: configuration(readOnly: true, busyTimeout: busyTimeout))
            try queue.inDatabase { db in try Schema.checkCompatible(db, location) }
            return queue
        } catch {
            throw StoreError.wrap(error, "store \(location)")
        }
    }

    static func configuration(readOnly: Bool, busyTimeout: TimeInterval) -> Configuration {
        var config = Configuration()
        config.readonly = readOnly
        config.busyMode = .timeout(busyTimeout)
        config.label = "kbd-store"
        // WAL is switched on in `prepare`, after the file is known to be ours: setting it
        // here would rewrite the header of a database that is not a kbd store.
        config.prepareDatabase { db in
            if !db.configuration.readonly {
                // Persistent WAL: the -wal and -shm files stay, so read-only connections
                // (an engine without full access) can always open the store.
                var flag: CInt = 1
                let code = withUnsafeMutablePointer(to: &flag) { pointer in
                    sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, pointer)
                }
                guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                // Persistent WAL keeps the -wal file; cap what stays of it after a checkpoint,
                // or every later open re-reads a WAL a big import left behind.
                try db.execute(sql: "PRAGMA journal_size_limit = 4194304")
            }
        }
        return config
    }
}

/// Records one write transaction's changes: its sequence number, the rows it touched, and
/// tombstones for deleted rows.
struct ChangeRecorder {
    let db: Database
    /// The transaction's sequence number (`change_batch.seq`), stamped on every row it writes.
    let seq: Int64
    let now: Int64
    private(set) var rows = 0

    init(_ db: Database, origin: String) throws {
        self.db = db
        now = Int64(Date().timeIntervalSince1970)
        try db.execute(sql: "INSERT INTO change_batch(origin, committed_at) VALUES (?, ?)", arguments: [origin, now])
        seq = db.lastInsertedRowID
    }

    mutating func touched(_ count: Int = 1) { rows += count }

    /// Notes that a row of `kind` was deleted.
    mutating func deleted(_ kind: String, _ key: String, _ key2: String = "") throws {
        try db.cachedStatement(sql: "INSERT INTO tombstone(seq, kind, key, key2) VALUES (?, ?, ?, ?)")
            .execute(arguments: [seq, kind, key, key2])
        rows += 1
    }

    func finish() throws {
        if rows == 0 {
            try db.execute(sql: "DELETE FROM change_batch WHERE seq = ?", arguments: [seq])
        } else {
            try db.execute(sql: "UPDATE change_batch SET rows = ? WHERE seq = ?", arguments: [rows, seq])
        }
        if seq % ChangeRecorder.pruneEvery == 0 { try pruneHistory() }
    }

    /// How often (in transactions) history older than ``historyKept`` is pruned.
    static let pruneEvery: Int64 = 256
    /// How long change batches and tombstones are kept, in seconds (30 days). A reader whose
    /// token is older than what was pruned gets a full snapshot instead of changes.
    static let historyKept: Int64 = 30 * 86_400

    /// Deletes change batches and tombstones older than ``historyKept`` and records the
    /// highest pruned sequence number as `meta.history_floor`.
    func pruneHistory() throws {
        guard let floor = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM change_batch WHERE committed_at < ?",
                                             arguments: [now - ChangeRecorder.historyKept]) else { return }
        try db.execute(sql: "DELETE FROM change_batch WHERE seq <= ?", arguments: [floor])
        try db.execute(sql: "DELETE FROM tombstone WHERE seq <= ?", arguments: [floor])
        try db.execute(sql: """
            INSERT INTO meta(key, value) VALUES ('history_floor', ?)
            ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, arguments: [String(floor)])
    }

    /// The newest change sequence number ever handed out (0 before any write).
    static func currentSequence(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'change_batch'") ?? 0
    }

    /// The highest sequence number whose history was pruned (0: none).
    static func historyFloor(_ db: Database) throws -> Int64 {
        Int64(try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'history_floor'") ?? "0") ?? 0
    }
}

/// Tombstone kinds.
enum RowKind {
    static let userWord = "user_word"
    static let blockedWord = "blocked_word"
    static let shortcut = "shortcut"
    static let learnedWord = "learned_word"
    static let learnedPair = "learned_pair"
    static let setting = "setting"
}
