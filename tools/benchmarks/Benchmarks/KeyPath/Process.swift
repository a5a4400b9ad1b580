import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The release kbd-engine of the checkout (tools/bench builds it first).
func enginePath() -> String {
    guard let path = findUpwards(".build/release/kbd-engine") else {
        fatalError("kbd benchmarks: .build/release/kbd-engine not found: run tools/bench")
    }
    return path
}

/// A child process with pipes on its standard input and output.
struct Child {
    let pid: pid_t
    let stdinFD: Int32
    let stdoutFD: Int32

    static func spawn(_ path: String, _ arguments: [String]) -> Child {
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0]
        _ = pipe(&inPipe)
        _ = pipe(&outPipe)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, inPipe[1])
        posix_spawn_file_actions_addclose(&actions, outPipe[0])
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
        precondition(rc == 0, "posix_spawn \(path) failed: \(rc)")
        for p in argv { free(p) }
        posix_spawn_file_actions_destroy(&actions)
        close(inPipe[0])
        close(outPipe[1])
        return Child(pid: pid, stdinFD: inPipe[1], stdoutFD: outPipe[0])
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(stdinFD, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Reads until `count` newlines have arrived (or end of output).
    func readLines(_ count: Int) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var seen = 0
        while seen < count {
            let n = buffer.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            for i in 0..<n where buffer[i] == 0x0A { seen += 1 }
        }
    }

    /// The process's private dirty (anonymous, written) memory now, in KiB: what a phone's
    /// memory limit counts; clean pages of the mapped model and program are not in it.
    func privateDirtyKiB() -> Int { procField("smaps_rollup", "Private_Dirty:") }

    /// The process's peak resident memory so far, in KiB (`VmHWM`: of this program image only;
    /// `wait4`'s `ru_maxrss` can report the benchmark's own size, inherited at spawn).
    func peakRSSKiB() -> Int { procField("status", "VmHWM:") }

    private func procField(_ file: String, _ name: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/\(file)", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// Closes standard input, drains standard output, waits; returns `wait4`'s peak RSS in KiB.
    @discardableResult
    func finish() -> Int {
        close(stdinFD)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while buffer.withUnsafeMutableBytes({ read(stdoutFD, $0.baseAddress, $0.count) }) > 0 {}
        close(stdoutFD)
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        return usage.ru_maxrss
    }
}

/// The prose as JSON-lines key requests.
func proseRequests(limit: Int) -> [UInt8] {
    var out: [UInt8] = []
    for key in proseKeys().prefix(limit) {
        let name: String
        switch key.key {
        case .character(let c):
            name = c == "\"" ? "\\\"" : c == "\\" ? "\\\\" : String(c)
        case .named(let k):
            name = k.rawValue
        }
        out.append(contentsOf: "{\"key\":\"\(name)\"}\n".utf8)
    }
    return out
}
