import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// The engine's view of the shared store: a full snapshot at start, then cheap change
/// detection and incremental reloads.
///
/// Opens two read-only connections: a *probe*, on which ``poll(maxRows:)`` runs
/// `PRAGMA data_version` (under a µs; it changes whenever another connection, in any
/// process, commits), and a *loader* for snapshots and changes. Reading never takes a lock a
/// writer waits for (WAL), and never waits for a writer.
///
/// Usage in an engine:
/// ```swift
/// let reader = try StoreReader(location: try StoreLocation.resolve())
/// var model = Model(try reader.loadSnapshot())          // at start
/// // on every keystroke (µs when nothing changed; never blocks, never throws):
/// switch reader.poll(maxRows: 256) {
/// case .changes(let changes): model.apply(changes)
/// case .reloadNeeded: background { model.apply(try reader.loadUpdate()) }
/// case .unchanged, .snapshot, .failed: break
/// }
/// ```
/// Thread-safe: any thread may call any method; ``poll(maxRows:)`` never waits for a load
/// running on another thread (it answers `.reloadNeeded`). Each change is handed out once
/// (the reader's token advances): use one reader per in-memory model, not one per session.
public final class StoreReader: Sendable {
    /// Where the store is.
    public let location: StoreLocation
    private let probe: DataVersionProbe
    private let loader: DatabaseQueue
    /// Held while loading; `poll` only tries it.
    private let loading = Mutex(())
    private struct State {
        var token = ChangeToken.origin
        var seenDataVersion: Int64 = -1
    }
    private let state = Mutex(State())

    /// Opens the store for reading (creating or migrating it first, under the lock file, if
    /// needed — that writes no user data), without loading anything.
    ///
    /// - Throws: ``StoreError``: unsafe permissions, not a kbd store, schema too new, I/O.
    public init(location: StoreLocation, busyTimeout: TimeInterval = 2) throws {
        self.location = location
        // Fast path (a few ms): an existing, current store opens read-only straight away.
        // Otherwise create or migrate it under the lock, then open read-only.
        if let current = StoreReader.openCurrent(location, busyTimeout: busyTimeout) {
            loader = current
        } else {
            _ = try Connection.prepare(location, busyTimeout: busyTimeout, keepWritable: false)
            loader = try Connection.openReadOnly(location, busyTimeout: busyTimeout)
        }
        probe = try DataVersionProbe(path: location.databasePath, location: location)
    }

    /// A read-only queue on `location` when it is safe and already at this build's schema; nil
    /// when it must be created or migrated first (or cannot be opened that way).
    private static func openCurrent(_ location: StoreLocation, busyTimeout: TimeInterval) -> DatabaseQueue? {
        guard location.databaseExists,
              FileManager.default.fileExists(atPath: location.databasePath + "-shm"),
              (try? location.checkPermissions()) != nil,
              let queue = try? Connection.openReadOnly(location, busyTimeout: busyTimeout) else { return nil }
        let current = try? queue.inDatabase { db in
            try Int32.fetchOne(db, sql: "PRAGMA application_id") == Schema.applicationID
                && Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.currentVersion
        }
        if current == true { return queue }
        try? queue.close()
        return nil
    }

    /// Closes both connections.
    public func close() {
        probe.close()
        try? loader.close()
    }

    /// The token of the last snapshot or changes handed out.
    public var token: ChangeToken { state.withLock { $0.token } }

    // MARK: - Key path

    /// The key-path check: whether another connection committed since the last load, and if
    /// so and the change is small (≤ `maxRows` rows), the changes themselves.
    ///
    /// Costs one `PRAGMA data_version` (µs) when nothing changed. Never throws and never
    /// waits: when the change is bigger than `maxRows`, or another thread is loading, it
    /// answers `.reloadNeeded` and the caller runs ``loadUpdate(snapshotAbove:)`` off the key
    /// path. The token advances with each `.changes` answer: apply every one.
    public func poll(maxRows: Int = 256) -> StoreUpdate {
        guard let version = probe.read() else {
            return .failed(StoreError(.io, "store \(location): cannot read PRAGMA data_version"))
        }
        if state.withLock({ $0.seenDataVersion }) == version { return .unchanged }
        let result: StoreUpdate? = loading.withLockIfAvailable { _ in
            do {
                let from = state.withLock { $0.token }
                guard let changes = try loadChanges(since: from, maxRows: maxRows) else { return .reloadNeeded }
                state.withLock { $0.token = changes.token; $0.seenDataVersion = version }
                return changes.isEmpty ? .unchanged : .changes(changes)
            } catch {
                return .failed(StoreError.wrap(error, "store \(location)"))
            }
        }
        return result ?? .reloadNeeded
    }

    /// Whether another connection committed since the last load (one `PRAGMA data_version`).
    /// Never throws: a failure counts as a change.
    public func hasChanged() -> Bool {
        guard let version = try? probeVersion() else { return true }
        return state.withLock { $0.seenDataVersion } != version
    }

    // MARK: - Off the key path

    /// How many user words the store holds (one `count(*)`: milliseconds for a million).
    public func userWordCount() throws -> Int {
        do {
            return try loader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM user_word") ?? 0 }
        } catch {
            throw StoreError.wrap(error, "store \(location)")
        }
    }

    /// Loads everything (see ``StoreSnapshot``) in one read transaction and makes its token
    /// current. Blocks while it reads: call it at start or on a background thread.
    /// About 0.1–0.3 s for a million user words in a release build (see docs/STORE.md).
    public func loadSnapshot(now: Date = Date()) throws -> StoreSnapshot {
        try loading.withLock { _ in
            let version = try probeVersion()
            let snapshot = try readSnapshot(now: now)
            state.withLock { $0.token = snapshot.token; $0.seenDataVersion = version }
            return snapshot
        }
    }

    /// The store's settings (full access, learning, autocorrection…): one small read.
    public func loadSettings() throws -> StoreSettings {
        do {
            return try loader.read { db in try Store.settings(db) }
        } catch {
            throw StoreError.wrap(error, "store \(location)")
        }
    }

    /// Loads whatever changed since the last load: `.unchanged`, `.changes`, or a whole
    /// `.snapshot` when more than `snapshotAbove` rows changed. Blocks: call it off the key
    /// path (after `poll` said `.reloadNeeded`).
    public func loadUpdate(snapshotAbove: Int = 50_000, now: Date = Date()) throws -> StoreUpdate {
        try loading.withLock { _ in
            let version = try probeVersion()
            let from = state.withLock { $0.token }
            if let changes = try loadChanges(since: from, maxRows: snapshotAbove, now: now) {
                state.withLock { $0.token = changes.token; $0.seenDataVersion = version }
                return changes.isEmpty ? .unchanged : .changes(changes)
            }
            let snapshot = try readSnapshot(now: now)
            state.withLock { $0.token = snapshot.token; $0.seenDataVersion = version }
            return .snapshot(snapshot)
        }
    }

    /// The changes between `token` and now, whatever their size, without touching the
    /// reader's own token; nil when `token` is older than the kept history (30 days of
    /// writes): load a snapshot instead. Blocks.
    public func changes(since token: ChangeToken, now: Date = Date()) throws -> StoreChanges? {
        try loadChanges(since: token, maxRows: .max, now: now)
    }

    // MARK: - Reading

    private func probeVersion() throws -> Int64 {
        guard let version = probe.read() else {
            throw StoreError(.io, "store \(location): cannot read PRAGMA data_version")
        }
        return version
    }

    /// nil when more than `maxRows` rows changed.
    private func loadChanges(since from: ChangeToken, maxRows: Int, now: Date = Date()) throws -> StoreChanges? {
        do {
            return try loader.read { db -> StoreChanges? in
                let to = ChangeToken(sequence: try ChangeRecorder.currentSequence(db))
                var changes = StoreChanges(from: from, token: to)
                if to <= from { return changes }
                // History older than the floor was pruned: only a snapshot is complete.
                if from.sequence < (try ChangeRecorder.historyFloor(db)) { return nil }
                let rows = try Int.fetchOne(db, sql: "SELECT coalesce(sum(rows), 0) FROM change_batch WHERE seq > ?",
                                            arguments: [from.sequence]) ?? 0
                if rows == 0 { return changes }
                if rows > maxRows { return nil }
                try StoreReader.fill(&changes, db, since: from.sequence, now: now)
                return changes
            }
        } catch {
            throw StoreError.wrap(error, "store \(location)")
        }
    }

    private static func fill(_ changes: inout StoreChanges, _ db: Database, since seq: Int64, now: Date) throws {
        let settings = try Store.settings(db)
        let decay = settings.decay
        var removed: [String: [(String, String)]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT kind, key, key2 FROM tombstone WHERE seq > ? ORDER BY seq", arguments: [seq]) {
            removed[row[0], default: []].append((row[1], row[2]))
        }
        changes.userWordsUpserted = try Row.fetchAll(db, sql: "SELECT word, weight, locale FROM user_word WHERE seq > ?", arguments: [seq])
            .map { UserWord(word: $0[0], weight: $0[1], locale: $0[2]) }
        changes.blockedWordsAdded = try String.fetchAll(db, sql: "SELECT word FROM blocked_word WHERE seq > ?", arguments: [seq])
        changes.shortcutsAdded = try Row.fetchAll(db, sql: "SELECT shortcut, phrase FROM shortcut WHERE seq > ?", arguments: [seq])
            .map { Shortcut(shortcut: $0[0], phrase: $0[1]) }
        changes.learnedWordsUpserted = try Row.fetchAll(db, sql: "SELECT word, count, last_used FROM learned_word WHERE seq > ?", arguments: [seq])
            .map { LearnedWord(word: $0[0], count: decay.decayed($0[1], lastUsed: $0[2], now: now), lastUsed: Date(timeIntervalSince1970: TimeInterval($0[2] as Int64))) }
        changes.learnedPairsUpserted = try Row.fetchAll(db, sql: "SELECT previous, word, count, last_used FROM learned_pair WHERE seq > ?", arguments: [seq])
            .map { LearnedPair(previous: $0[0], word: $0[1], count: decay.decayed($0[2], lastUsed: $0[3], now: now), lastUsed: Date(timeIntervalSince1970: TimeInterval($0[3] as Int64))) }
        let settingsChanged = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM setting WHERE seq > ?)", arguments: [seq]) ?? false
        if settingsChanged || removed[RowKind.setting] != nil { changes.settings = settings }

        // Removals, minus rows that are back.
        func keys(_ kind: String) -> [String] { Array(Set((removed[kind] ?? []).map(\.0))) }
        let upsertedWords = Set(changes.userWordsUpserted.map(\.word))
        changes.userWordsRemoved = keys(RowKind.userWord).filter { !upsertedWords.contains($0) }.sorted()
        let blocked = Set(changes.blockedWordsAdded)
        changes.blockedWordsRemoved = keys(RowKind.blockedWord).filter { !blocked.contains($0) }.sorted()
        let shortcuts = Set(changes.shortcutsAdded)
        changes.shortcutsRemoved = Set((removed[RowKind.shortcut] ?? []).map { Shortcut(shortcut: $0.0, phrase: $0.1) })
            .filter { !shortcuts.contains($0) }.sorted { ($0.shortcut, $0.phrase) < ($1.shortcut, $1.phrase) }
        let learned = Set(changes.learnedWordsUpserted.map(\.word))
        changes.learnedWordsRemoved = keys(RowKind.learnedWord).filter { !learned.contains($0) }.sorted()
        let pairs = Set(changes.learnedPairsUpserted.map { WordPair(previous: $0.previous, word: $0.word) })
        changes.learnedPairsRemoved = Set((removed[RowKind.learnedPair] ?? []).map { WordPair(previous: $0.0, word: $0.1) })
            .filter { !pairs.contains($0) }.sorted { ($0.previous, $0.word) < ($1.previous, $1.word) }
    }

    private func readSnapshot(now: Date) throws -> StoreSnapshot {
        do {
            return try loader.read { db in
                let settings = try Store.settings(db)
                let decay = settings.decay
                let token = ChangeToken(sequence: try ChangeRecorder.currentSequence(db))
                let userWords = try StoreReader.readUserWords(db)
                let blocked = Set(try String.fetchAll(db, sql: "SELECT word FROM blocked_word"))
                let shortcuts = try Row.fetchAll(db, sql: "SELECT shortcut, phrase FROM shortcut ORDER BY shortcut, phrase")
                    .map { Shortcut(shortcut: $0[0], phrase: $0[1]) }
                var learned: [LearnedWord] = []
                for row in try Row.fetchAll(db, sql: "SELECT word, count, last_used FROM learned_word") {
                    let last: Int64 = row[2]
                    let count = decay.decayed(row[1], lastUsed: last, now: now)
                    if count >= LearningDecay.floor {
                        learned.append(LearnedWord(word: row[0], count: count, lastUsed: Date(timeIntervalSince1970: TimeInterval(last))))
                    }
                }
                var pairs: [LearnedPair] = []
                for row in try Row.fetchAll(db, sql: "SELECT previous, word, count, last_used FROM learned_pair") {
                    let last: Int64 = row[3]
                    let count = decay.decayed(row[2], lastUsed: last, now: now)
                    if count >= LearningDecay.floor {
                        pairs.append(LearnedPair(previous: row[0], word: row[1], count: count, lastUsed: Date(timeIntervalSince1970: TimeInterval(last))))
                    }
                }
                return StoreSnapshot(token: token, userWords: userWords, blockedWords: blocked, shortcuts: shortcuts,
                                     learnedWords: learned, learnedPairs: pairs, settings: settings)
            }
        } catch {
            throw StoreError.wrap(error, "store \(location)")
        }
    }

    /// Reads `user_word` in key order straight into a ``UserWordTable`` (no `String` per word).
    static func readUserWords(_ db: Database) throws -> UserWordTable {
        var table = UserWordTable()
        let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM user_word") ?? 0
        table.reserve(words: total, bytes: total * 10)
        var statement: OpaquePointer?
        let sql = "SELECT word, weight, locale FROM user_word ORDER BY word"
        guard sqlite3_prepare_v2(db.sqliteConnection, sql, -1, &statement, nil) == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: sqlite3_errcode(db.sqliteConnection)),
                                message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
        }
        defer { sqlite3_finalize(statement) }
        var lastLocale = ""
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
            }
            let text = sqlite3_column_text(statement, 0)
            let length = Int(sqlite3_column_bytes(statement, 0))
            let weight = sqlite3_column_int64(statement, 1)
            let localeLength = Int(sqlite3_column_bytes(statement, 2))
            if localeLength == 0 {
                lastLocale = ""
            } else if let localeText = sqlite3_column_text(statement, 2) {
                let bytes = UnsafeBufferPointer(start: localeText, count: localeLength)
                if !lastLocale.utf8.elementsEqual(bytes) { lastLocale = String(decoding: bytes, as: UTF8.self) }
            }
            table.appendSorted(bytes: UnsafeBufferPointer(start: text, count: length), weight: weight, locale: lastLocale)
        }
        return table
    }
}
