import Foundation
import GRDB

/// The store's schema: named, forward-only migrations.
///
/// `PRAGMA user_version` holds the schema version (the number of migrations applied) and
/// `PRAGMA application_id` marks the file as a kbd store, so that a SQLite file that is not
/// ours is never touched and a store written by a newer build is refused with a clear message.
enum Schema {
    /// `'kbd1'`: marks a SQLite file as a kbd store.
    static let applicationID: Int32 = 0x6B62_6431

    /// The migrations, oldest first. Never edit or reorder one that has shipped: append.
    static let migrations: [(name: String, sql: String)] = [
        ("v1-initial", """
        -- One row per write transaction: its sequence number is the change token.
        CREATE TABLE change_batch (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            origin TEXT NOT NULL,
            rows INTEGER NOT NULL DEFAULT 0,
            committed_at INTEGER NOT NULL
        );
        -- Deleted rows, so that readers can apply deletions incrementally.
        CREATE TABLE tombstone (
            seq INTEGER NOT NULL,
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            key2 TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX tombstone_seq ON tombstone(seq);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

        CREATE TABLE user_word (
            word TEXT NOT NULL PRIMARY KEY,
            search_key TEXT NOT NULL,
            weight INTEGER NOT NULL DEFAULT 1,
            locale TEXT NOT NULL DEFAULT '',
            added_at INTEGER NOT NULL,
            seq INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX user_word_seq ON user_word(seq);

        CREATE TABLE blocked_word (
            word TEXT NOT NULL PRIMARY KEY,
            search_key TEXT NOT NULL,
            added_at INTEGER NOT NULL,
            seq INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX blocked_word_seq ON blocked_word(seq);

        CREATE TABLE shortcut (
            shortcut TEXT NOT NULL,
            phrase TEXT NOT NULL,
            added_at INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            PRIMARY KEY (shortcut, phrase)
        ) WITHOUT ROWID;
        CREATE INDEX shortcut_seq ON shortcut(seq);

        CREATE TABLE learned_word (
            word TEXT NOT NULL PRIMARY KEY,
            count REAL NOT NULL,
            last_used INTEGER NOT NULL,
            seq INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX learned_word_seq ON learned_word(seq);

        CREATE TABLE learned_pair (
            previous TEXT NOT NULL,
            word TEXT NOT NULL,
            count REAL NOT NULL,
            last_used INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            PRIMARY KEY (previous, word)
        ) WITHOUT ROWID;
        CREATE INDEX learned_pair_seq ON learned_pair(seq);
        CREATE INDEX learned_pair_word ON learned_pair(word);

        CREATE TABLE setting (
            key TEXT NOT NULL PRIMARY KEY,
            value TEXT NOT NULL,
            seq INTEGER NOT NULL
        ) WITHOUT ROWID;
        """),
    ]

    /// The schema version this build writes and understands.
    static var currentVersion: Int { migrations.count }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (index, migration) in migrations.enumerated() {
            let version = index + 1
            migrator.registerMigration(migration.name) { db in
                try db.execute(sql: migration.sql)
                try db.execute(sql: "PRAGMA user_version = \(version)")
                try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            }
        }
        return migrator
    }

    /// Refuses a file that is a SQLite database but not a kbd store, or whose schema is newer.
    /// A brand-new (empty) database passes.
    static func checkCompatible(_ db: Database, _ location: StoreLocation) throws {
        let appID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if appID != applicationID {
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
            if tables > 0 || version != 0 {
                throw StoreError(.notAStore, "store \(location): a SQLite database that is not a kbd store (application_id \(appID)); it is left as it is")
            }
            return
        }
        if version > currentVersion {
            throw StoreError(.schemaTooNew, "store \(location): schema v\(version) is newer than this build (v\(currentVersion)); update kbd")
        }
    }
}
