#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered reads from a file descriptor, in chunks, retrying on EINTR.
struct ChunkReader {
    let fd: Int32
    var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(fd: Int32 = 0) { self.fd = fd }

    /// Calls `body` with each chunk until end of input (or a read error, reported once).
    mutating func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                Diagnostics.shared.report("reading standard input failed: \(String(cString: strerror(errno)))")
                return
            }
            if n == 0 { return }
            buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<n])) }
        }
    }
}

/// Buffered standard output (the process is single-threaded; flushed explicitly).
enum Output {
    nonisolated(unsafe) private static var buffer: [UInt8] = {
        var b: [UInt8] = []
        b.reserveCapacity(1 << 16)
        return b
    }()

    static func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    static func flush() {
        writeAll(1, buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Writes all of `bytes` to `fd`, retrying on EINTR and short writes.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}

/// One-line messages on standard error, with a cap so that endless bad input cannot flood it.
final class Diagnostics {
    nonisolated(unsafe) static let shared = Diagnostics()
    /// After this many messages only a count is kept.
    let limit = 100
    private(set) var count = 0

    func report(_ message: String) {
        count += 1
        if count <= limit {
            writeAll(2, Array("kbd-engine: \(message)\n".utf8))
        } else if count == limit + 1 {
            writeAll(2, Array("kbd-engine: further problems are counted, not shown\n".utf8))
        }
    }

    /// Prints how many messages were not shown.
    func finish() {
        if count > limit {
            writeAll(2, Array("kbd-engine: \(count - limit) more problems not shown\n".utf8))
        }
    }
}

/// Whether a file descriptor is a terminal.
func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
