#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and writes through the C library (KbdLexicon does not use Foundation).
enum FileIO {
    static func errnoText() -> String { String(cString: strerror(errno)) }

    static func read(_ path: String) throws(LexiconError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw LexiconError(.unreadable, path: path, errnoText()) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw LexiconError(.unreadable, path: path, errnoText()) }
        let size = Int(st.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 { if errno == EINTR { continue }; throw LexiconError(.unreadable, path: path, errnoText()) }
            if n == 0 { break }
            done += n
        }
        if done < size { bytes.removeLast(size - done) }
        return bytes
    }

    /// Writes `bytes` to a temporary file beside `path` and renames it into place.
    static func write(_ bytes: [UInt8], to path: String) throws(LexiconError) {
        let temp = path + ".tmp\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LexiconError(.unwritable, path: path, errnoText()) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                let why = errnoText()
                close(fd); unlink(temp)
                throw LexiconError(.unwritable, path: path, why)
            }
            done += n
        }
        guard close(fd) == 0, rename(temp, path) == 0 else {
            let why = errnoText()
            unlink(temp)
            throw LexiconError(.unwritable, path: path, why)
        }
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
