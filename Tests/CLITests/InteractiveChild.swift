import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run with pipes on its standard input and output, driven one line at a time
/// (posix_spawn: no file descriptors of other tests leak into it).
final class InteractiveChild {
    let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []

    init(_ program: String, _ arguments: [String], environment: [String: String]) throws {
        signal(SIGPIPE, SIG_IGN)
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0 else { throw POSIXError(.EMFILE) }
        for fd in inPipe + outPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        let path = ProgramRunner.url(program).path
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, nil, argv, envp)
        close(inPipe[0])
        close(outPipe[1])
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
        pid = child
        input = inPipe[1]
        output = outPipe[0]
    }

    /// Sends one line and returns the reply line ("" if the program ended).
    func send(_ line: String) -> String {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        return readLine()
    }

    func readLine() -> String {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let i = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<i], as: UTF8.self)
                buffer.removeFirst(i + 1)
                return line
            }
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n <= 0 { return "" }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// Closes standard input and waits for the exit status.
    @discardableResult
    func finish() -> Int32 {
        close(input)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while chunk.withUnsafeMutableBytes({ read(output, $0.baseAddress, $0.count) }) > 0 {}
        close(output)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status
    }
}
