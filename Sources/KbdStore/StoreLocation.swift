import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the shared store lives: the app-group container and the database file in it.
///
/// Both programs (`kbd-dict` and `kbd-engine`) resolve it the same way, with no configuration:
/// `--store PATH` names the database directly; else `$KBD_APP_GROUP_DIR` is the container;
/// else `${XDG_DATA_HOME:-$HOME/.local/share}/kbd/app-groups/<group-id>/`, with the group id
/// `group.kbd.default` unless `--app-group ID` says otherwise. The database is `kbd.sqlite`
/// in the container; an advisory lock file `kbd.sqlite.lock` sits beside it.
///
/// The container is created 0700 and the database 0600. A container or store that belongs to
/// another user, or that other users can write, is refused (``checkPermissions()``).
public struct StoreLocation: Sendable, Equatable, CustomStringConvertible {
    /// The group id used when none is given.
    public static let defaultGroupID = "group.kbd.default"
    /// The database file name inside the container.
    public static let databaseName = "kbd.sqlite"

    /// The container directory (absolute, no trailing slash).
    public let containerPath: String
    /// The SQLite database file (absolute).
    public let databasePath: String
    /// The app-group id, or nil when `--store` or `$KBD_APP_GROUP_DIR` named the place.
    public let groupID: String?

    /// The advisory lock file beside the database, held while opening and migrating.
    public var lockPath: String { databasePath + ".lock" }

    /// The database path with the home folder shortened to `~`, for messages.
    public var description: String { displayPath(databasePath) }

    /// A location for an explicit database file (`--store PATH`); relative paths are taken
    /// from the current directory.
    public init(databasePath: String) {
        let absolute = StoreLocation.absolute(databasePath)
        self.databasePath = absolute
        self.containerPath = (absolute as NSString).deletingLastPathComponent
        self.groupID = nil
    }

    /// A location for a container directory; the database is `kbd.sqlite` in it.
    public init(containerPath: String, groupID: String? = nil) {
        var container = StoreLocation.absolute(containerPath)
        while container.count > 1 && container.hasSuffix("/") { container.removeLast() }
        self.containerPath = container
        self.databasePath = container == "/" ? "/" + StoreLocation.databaseName
            : container + "/" + StoreLocation.databaseName
        self.groupID = groupID
    }

    /// Resolves the location as DESIGN.md fixes it.
    ///
    /// - Parameters:
    ///   - appGroup: `--app-group ID`; `group.kbd.default` when nil.
    ///   - store: `--store PATH`; wins over everything else.
    ///   - environment: the process environment (`KBD_APP_GROUP_DIR`, `XDG_DATA_HOME`, `HOME`).
    /// - Throws: ``StoreError`` (`.invalidInput`) for a group id that is not one path component,
    ///   or when no home folder can be found.
    public static func resolve(
        appGroup: String? = nil,
        store: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> StoreLocation {
        if let store {
            guard !store.isEmpty else { throw StoreError(.invalidInput, "--store: the path is empty") }
            return StoreLocation(databasePath: store)
        }
        let group = appGroup ?? defaultGroupID
        guard !group.isEmpty, group != ".", group != "..", !group.contains("/"),
              !group.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw StoreError(.invalidInput, "--app-group \(group.debugDescription): not a valid group id (one path component, no control characters)")
        }
        if let dir = environment["KBD_APP_GROUP_DIR"], !dir.isEmpty {
            return StoreLocation(containerPath: dir, groupID: nil)
        }
        var dataHome = environment["XDG_DATA_HOME"] ?? ""
        if !dataHome.hasPrefix("/") {  // XDG: relative values are ignored
            guard let home = homeDirectory(environment) else {
                throw StoreError(.invalidInput, "app-group container: no home folder ($HOME is not set)")
            }
            dataHome = home + "/.local/share"
        }
        return StoreLocation(containerPath: dataHome + "/kbd/app-groups/" + group, groupID: group)
    }

    /// Creates the container (and its missing parents) with mode 0700 if it does not exist,
    /// then checks it (``checkPermissions()``).
    public func createContainer() throws {
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: containerPath, isDirectory: &isDir) {
            do {
                try FileManager.default.createDirectory(
                    atPath: containerPath, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError(.io, "container \(displayPath(containerPath)): cannot create it (\(StoreLocation.reason(error)))")
            }
            chmod(containerPath, 0o700)
        }
        try checkPermissions()
    }

    /// Checks that the container is a directory and that it, the database and the database's
    /// companion files (`-wal`, `-shm`, `.lock`) that exist belong to this user and cannot be
    /// written by anyone else.
    ///
    /// - Throws: ``StoreError`` `.permissions`, saying which file and why.
    public func checkPermissions() throws {
        try StoreLocation.checkOwnedAndPrivate(containerPath, what: "container", directory: true)
        for path in [databasePath, databasePath + "-wal", databasePath + "-shm", lockPath] {
            try StoreLocation.checkOwnedAndPrivate(path, what: "store", directory: false, mayBeMissing: true)
        }
    }

    /// Whether the database file exists.
    public var databaseExists: Bool { FileManager.default.fileExists(atPath: databasePath) }

    // MARK: - Helpers

    static func checkOwnedAndPrivate(_ path: String, what: String, directory: Bool, mayBeMissing: Bool = false) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if mayBeMissing && code == ENOENT { return }
            throw StoreError(.permissions, "\(what) \(displayPath(path)): cannot be examined (\(String(cString: strerror(code))))")
        }
        let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        if directory && !isDirectory {
            throw StoreError(.permissions, "\(what) \(displayPath(path)): not a directory")
        }
        if !directory && isDirectory {
            throw StoreError(.permissions, "\(what) \(displayPath(path)): is a directory, not a database file")
        }
        if info.st_uid != getuid() {
            throw StoreError(.permissions, "\(what) \(displayPath(path)): belongs to another user (uid \(info.st_uid), this is uid \(getuid()))")
        }
        let mode = info.st_mode & 0o7777
        if mode & 0o022 != 0 {
            throw StoreError(.permissions, "\(what) \(displayPath(path)): other users can write it (mode \(String(mode, radix: 8))); run chmod go-w on it")
        }
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return (path as NSString).standardizingPath }
        let cwd = FileManager.default.currentDirectoryPath
        return ((cwd as NSString).appendingPathComponent(path) as NSString).standardizingPath
    }

    static func homeDirectory(_ environment: [String: String]) -> String? {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
        return nil
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}
