import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory `flock(2)` lock on a file, held from `init` until `unlock()` or deinit.
///
/// Serialises opening and migrating the store across processes: several processes creating
/// a brand-new database at once otherwise collide (`journal_mode=WAL` or the migration table).
final class FileLock {
    private var fd: Int32

    /// Opens (creating it 0600) and locks `path` exclusively, waiting for other holders.
    init(path: String) throws {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw StoreError(.io, "lock file \(displayPath(path)): cannot open it (\(String(cString: strerror(errno))))")
        }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StoreError(.io, "lock file \(displayPath(path)): cannot lock it (\(reason))")
        }
    }

    func unlock() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit { unlock() }
}
