import GRDB
import GRDBSQLite

/// A prepared statement driven through the SQLite C API, for bulk inserts where GRDB's
/// argument boxing costs more than the insert itself. Lives inside one `Database` access.
final class RawStatement {
    private let connection: OpaquePointer
    private var statement: OpaquePointer?
    private let sql: String

    init(_ db: Database, _ sql: String) throws {
        connection = db.sqliteConnection!
        self.sql = sql
        let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK else { throw error(code) }
    }

    deinit { sqlite3_finalize(statement) }

    /// Binds text and integer arguments (in order, from 1) and steps once.
    func run(_ a: String, _ b: String, _ c: Int64, _ d: String, _ e: Int64, _ f: Int64) throws {
        sqlite3_reset(statement)
        try bind(1, a); try bind(2, b)
        sqlite3_bind_int64(statement, 3, c)
        try bind(4, d)
        sqlite3_bind_int64(statement, 5, e)
        sqlite3_bind_int64(statement, 6, f)
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw error(code) }
    }

    private func bind(_ index: Int32, _ text: String) throws {
        var text = text
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)  // SQLite copies the bytes
        let code = text.withUTF8 { buffer -> Int32 in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return sqlite3_bind_text(statement, index, "", 0, transient)
            }
            return sqlite3_bind_text(statement, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
                                     Int32(buffer.count), transient)
        }
        guard code == SQLITE_OK else { throw error(code) }
    }

    private func error(_ code: Int32) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }
}
