import Foundation
import GRDB

/// Everything that can go wrong in the store, as one `Sendable` value.
///
/// `description` is one line that reads "what failed: why (context)", e.g.
/// `store ~/.local/share/kbd/app-groups/group.kbd.default/kbd.sqlite: schema v5 is newer than this build (v3)`.
/// Command-line programs print it on stderr as it is.
public struct StoreError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The broad kind of failure, for programs that branch on it.
    public enum Kind: String, Sendable, Equatable {
        /// The container or store is unsafe: wrong owner, writable by others, not a directory…
        case permissions
        /// The file is not a SQLite database, or not a kbd store.
        case notAStore
        /// The store's schema is newer than this build.
        case schemaTooNew
        /// SQLite reported corruption, or `check` found problems.
        case corrupt
        /// Another process held the database for longer than the busy timeout.
        case busy
        /// A word, shortcut, setting or option given by the user is not acceptable.
        case invalidInput
        /// An import file could not be read or understood.
        case badFile
        /// A write was attempted on a store opened read-only.
        case readOnly
        /// Any other SQLite or file-system failure.
        case io
    }

    /// The broad kind of failure.
    public let kind: Kind
    /// The one-line message: "what failed: why (context)".
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// Wraps any error thrown while working on `subject` (a path or an operation)
    /// into a `StoreError` with a readable one-line message.
    static func wrap(_ error: any Error, _ subject: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError {
            let why = error.message ?? "SQLite error \(error.resultCode.rawValue)"
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return StoreError(.busy, "\(subject): the store stayed locked by another process (\(why))")
            case .SQLITE_NOTADB:
                return StoreError(.notAStore, "\(subject): not a SQLite database")
            case .SQLITE_CORRUPT:
                return StoreError(.corrupt, "\(subject): the database is corrupt (\(why))")
            case .SQLITE_READONLY:
                return StoreError(.readOnly, "\(subject): the store is open read-only (\(why))")
            case .SQLITE_CANTOPEN:
                return StoreError(.io, "\(subject): cannot open the database file (\(why))")
            case .SQLITE_FULL:
                return StoreError(.io, "\(subject): the disk is full (\(why))")
            default:
                return StoreError(.io, "\(subject): \(why) (SQLite error \(error.extendedResultCode.rawValue))")
            }
        }
        return StoreError(.io, "\(subject): \(error)")
    }
}

/// Shortens `path` for messages: the home folder becomes `~`.
func displayPath(_ path: String) -> String {
    if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty, home != "/",
       path.hasPrefix(home + "/") {
        return "~" + path.dropFirst(home.count)
    }
    return path
}
