import Foundation

/// A program running on a real terminal: a detached tmux session of its own (a private server
/// socket), driven with `send-keys` and read with `capture-pane`.
///
/// The program runs in a small shell script that records `stty -g` before and after it, its
/// exit status, and its standard output (to a file, or on the terminal itself), in a temporary
/// directory.
final class TerminalScreen {
    /// The tmux executable, if installed.
    static let tmux: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/tmux"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    enum StandardOutput {
        /// Redirected to a file (`kbd-engine > out`): the screen is drawn on /dev/tty.
        case file
        /// Left on the terminal.
        case terminal
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static let spawnLock = NSLock()

    let socket: String
    /// The server's socket file (tmux leaves it behind).
    private var socketPath: String?
    let directory: URL
    private(set) var columns: Int
    private(set) var rows: Int

    /// Starts `kbd-engine arguments` on a `columns` × `rows` terminal.
    ///
    /// With `jobControl`, the script is a job-control shell (`set -m`) that expects the program
    /// to stop once (Ctrl-Z): it records `stty -g` while the program is stopped (`suspended`),
    /// then brings it back with `fg`.
    init(_ arguments: [String], columns: Int = 80, rows: Int = 24, output: StandardOutput = .file,
         jobControl: Bool = false) throws {
        self.columns = columns
        self.rows = rows
        socket = "kbd-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let redirect = output == .file ? "> \"$D/out\" 2> \"$D/err\"" : ""
        let resume = jobControl ? """
        echo $? > "$D/stopped"
        stty -g > "$D/suspended"
        fg > /dev/null
        """ : ""
        let script = """
        \(jobControl ? "set -m" : "")
        D='\(directory.path)'
        stty -g > "$D/before"
        '\(ProgramRunner.url("kbd-engine").path)' \(quoted) \(redirect)
        \(resume)
        echo $? > "$D/status.tmp"
        stty -g > "$D/after"
        mv "$D/status.tmp" "$D/status"
        """
        try script.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        // The pane stays on screen after the script ends (remain-on-exit), to be read.
        try tmux(["-f", "/dev/null", "start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
                  "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
                  "sh", directory.appendingPathComponent("run.sh").path], output: false)
        socketPath = try? tmux(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        // A program still running holds the terminal open, and tmux waits for it: end it first.
        if !FileManager.default.fileExists(atPath: directory.appendingPathComponent("status").path),
           let pid = try? programPID() {
            kill(pid, SIGKILL)
        }
        _ = try? tmux(["kill-server"])
        if let socketPath, !socketPath.isEmpty { unlink(socketPath) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs tmux on this screen's server; returns its standard output.
    ///
    /// Spawned directly rather than with Foundation's `Process`: the tmux server that the first
    /// command starts would inherit the descriptors `Process` watches and keep it waiting.
    @discardableResult
    func tmux(_ arguments: [String], output: Bool = true) throws -> String {
        guard let tmux = Self.tmux else { throw Failure(description: "tmux is not installed") }
        let argv = [tmux, "-u", "-L", socket] + arguments
        var fds: [Int32] = [-1, -1]
        // Close-on-exec, and made under a lock that spawns take too: another test's tmux server,
        // spawned meanwhile, must not inherit the write end (its read would never end).
        Self.spawnLock.lock()
        guard pipe(&fds) == 0 else {
            Self.spawnLock.unlock()
            throw Failure(description: "pipe failed")
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if output {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        // Test threads block most signals, and a child inherits that mask: the tmux server would
        // never see its children end. Start tmux with no signal blocked, default handlers.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tmux, &actions, &attributes, &cArgs, environ)
        Self.spawnLock.unlock()
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else { throw Failure(description: "could not start tmux (\(spawned))") }
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (status \(status))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Types `text` literally.
    func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }

    /// Presses keys by tmux's names (`BSpace`, `C-d`, `M-1`, `F2`, `Left`).
    func press(_ keys: String...) throws { try tmux(["send-keys"] + keys) }

    /// The screen's lines (after the history's, with `history`), trailing spaces removed.
    func lines(history: Bool = false) throws -> [String] {
        try tmux(["capture-pane", "-p"] + (history ? ["-S", "-"] : [])).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// The cursor's column and row, 0-based.
    func cursor() throws -> (column: Int, row: Int) {
        let parts = try tmux(["display-message", "-p", "#{cursor_x} #{cursor_y}"])
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        guard parts.count == 2 else { throw Failure(description: "no cursor position") }
        return (parts[0], parts[1])
    }

    /// Polls the screen until `condition` holds; throws, showing the screen, after `timeout` seconds.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 10, _ condition: ([String]) throws -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen: [String] = []
        while Date() < deadline {
            screen = try lines()
            if try condition(screen) { return screen }
            usleep(20_000)
        }
        throw Failure(description: "timed out waiting for \(what); the screen:\n" + screen.joined(separator: "\n"))
    }

    /// Waits until a line of the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) throws -> [String] {
        try waitFor("\"\(text)\"", timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Waits for the interactive screen to be up (its help line shown).
    func waitUntilReady() throws { try waitFor("Ctrl-D done") }

    /// Changes the terminal's size (the program gets SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
        self.columns = columns
        self.rows = rows
    }

    /// The process id of the program (the child of the pane's shell).
    func programPID() throws -> Int32 {
        let shell = try tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        guard let pid = children.split(separator: " ").first.flatMap({ Int32($0) }) else {
            throw Failure(description: "the program is not running")
        }
        return pid
    }

    /// What the run left once the program has ended: exit status, standard output, and the
    /// terminal settings before and after.
    struct Ending {
        var status: Int32
        var output: String
        var errors: String
        var settingsBefore: String
        var settingsAfter: String
    }

    /// The contents of a file the script wrote (`stopped`, `suspended`), once it exists.
    func waitForFile(_ name: String, timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        let url = directory.appendingPathComponent(name)
        while true {
            if let text = try? String(contentsOf: url, encoding: .utf8), text.hasSuffix("\n") { return text }
            guard Date() < deadline else { throw Failure(description: "no \(name) after \(timeout) s") }
            usleep(20_000)
        }
    }

    func waitForExit(timeout: Double = 10) throws -> Ending {
        let deadline = Date().addingTimeInterval(timeout)
        let statusFile = directory.appendingPathComponent("status")
        while !FileManager.default.fileExists(atPath: statusFile.path) {
            guard Date() < deadline else {
                throw Failure(description: "the program did not end; the screen:\n" + ((try? lines()) ?? []).joined(separator: "\n"))
            }
            usleep(20_000)
        }
        func read(_ name: String) -> String {
            (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        return Ending(status: Int32(read("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
                      output: read("out"), errors: read("err"),
                      settingsBefore: read("before"), settingsAfter: read("after"))
    }
}
