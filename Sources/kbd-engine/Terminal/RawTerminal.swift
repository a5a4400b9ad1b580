#if canImport(Glibc)
import Glibc
#endif

/// A failure to take over the terminal.
struct TerminalError: Error, CustomStringConvertible {
    var description: String
    init(_ what: String, errno code: Int32 = errno) {
        description = "\(what): \(String(cString: strerror(code)))"
    }
}

/// The terminal in raw mode with the screen to draw on, and the signals that concern it.
///
/// Keys are read from `inputFD` (standard input); the screen is drawn on `outputFD` (standard
/// output, or `/dev/tty` or standard error when standard output is redirected). `enter()` saves
/// the terminal's settings, switches to raw mode and the alternate screen; `leave()` puts
/// everything back and is safe to call more than once. Signals arrive as bytes on a self-pipe
/// (``signalFD``), read by the main loop with ``takeSignals()``; a second terminating signal
/// before the loop answers, and crashes, restore the terminal from the handler itself.
///
/// One per process, used from the main thread.
final class RawTerminal {
    let inputFD: Int32
    let outputFD: Int32
    /// The read end of the self-pipe the signal handlers write to.
    var signalFD: Int32 { SignalState.pipe[0] }
    private var saved = termios()
    private(set) var isActive = false

    /// Signals that end the mode (the loop leaves cleanly, exit status 128 + signal).
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// Signals that end the process abruptly: the handler restores the terminal and passes them on.
    static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    init(inputFD: Int32, outputFD: Int32) throws {
        self.inputFD = inputFD
        self.outputFD = outputFD
        guard tcgetattr(inputFD, &saved) == 0 else { throw TerminalError("terminal settings") }
        try SignalState.install(saved: saved, inputFD: inputFD, outputFD: outputFD)
    }

    deinit { leave() }

    /// Raw mode (no echo, no line editing, no signals from keys, bytes as they come) and the
    /// alternate screen.
    func enter() throws {
        var raw = saved
        cfmakeraw(&raw)
        // cfmakeraw also turns off output processing: the screen is drawn with explicit moves.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // TCSADRAIN keeps keys typed before the switch (type-ahead).
        guard tcsetattr(inputFD, TCSADRAIN, &raw) == 0 else { throw TerminalError("raw terminal mode") }
        isActive = true
        SignalState.active = 1
        write(Self.enterScreen)
    }

    /// Back to the settings found at start and the normal screen. Idempotent.
    func leave() {
        guard isActive else { return }
        write(Self.leaveScreen)
        _ = tcsetattr(inputFD, TCSADRAIN, &saved)
        isActive = false
        SignalState.active = 0
    }

    /// Alternate screen, cursor home, screen cleared, keypad in normal (cursor) mode.
    static let enterScreen = "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"
    /// Attributes reset, cursor shown, normal screen back.
    static let leaveScreen = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// The screen size in rows and columns (24 × 80 when the terminal does not say).
    func size() -> (rows: Int, columns: Int) {
        var ws = winsize()
        if ioctl(outputFD, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_row > 0, ws.ws_col > 0 {
            return (Int(ws.ws_row), Int(ws.ws_col))
        }
        if ioctl(inputFD, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_row > 0, ws.ws_col > 0 {
            return (Int(ws.ws_row), Int(ws.ws_col))
        }
        return (24, 80)
    }

    /// Writes `text` to the screen (errors are ignored: a gone terminal ends the loop by its input).
    func write(_ text: String) {
        writeAll(outputFD, Array(text.utf8))
    }

    /// The signals received since the last call, in order.
    func takeSignals() -> [Int32] {
        var signals: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(signalFD, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            signals.append(contentsOf: buffer[0..<n].map { Int32($0) })
        }
        return signals
    }

    /// Stops the process as Ctrl-Z does in a shell: the terminal is restored first and taken
    /// over again when the shell continues the process.
    func suspend() throws {
        leave()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Continued.
        SignalState.handle(SIGTSTP)
        _ = tcgetattr(inputFD, &saved)
        SignalState.saved.pointee = saved
        try enter()
    }
}

/// What the signal handlers use. They can reach only globals, set up before the handlers are
/// installed; the terminal settings live in memory allocated once, never moved or freed.
private enum SignalState {
    nonisolated(unsafe) static var pipe: [Int32] = [-1, -1]
    nonisolated(unsafe) static var pipeWrite: Int32 = -1
    nonisolated(unsafe) static var inputFD: Int32 = -1
    nonisolated(unsafe) static var outputFD: Int32 = -1
    /// 1 while the terminal is in raw mode (then the handlers have something to restore).
    nonisolated(unsafe) static var active: sig_atomic_t = 0
    /// Terminating signals not yet answered by the main loop.
    nonisolated(unsafe) static var unanswered: sig_atomic_t = 0
    nonisolated(unsafe) static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    nonisolated(unsafe) static let leaveBytes: UnsafeMutableBufferPointer<UInt8> = {
        let bytes = Array(RawTerminal.leaveScreen.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }()
    nonisolated(unsafe) static var installed = false

    static func install(saved settings: termios, inputFD: Int32, outputFD: Int32) throws {
        saved.pointee = settings
        self.inputFD = inputFD
        self.outputFD = outputFD
        _ = leaveBytes
        guard !installed else { return }
        var fds: [Int32] = [-1, -1]
        guard Glibc.pipe(&fds) == 0 else { throw TerminalError("signal pipe") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        pipe = fds
        pipeWrite = fds[1]
        for sig in RawTerminal.terminating + [SIGWINCH, SIGTSTP, SIGCONT] { handle(sig) }
        for sig in RawTerminal.crashes {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = onCrash
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, previousActions + Int(sig))
        }
        // A closed standard output must not kill the process before the terminal is restored.
        signal(SIGPIPE, SIG_IGN)
        installed = true
    }

    /// Routes `sig` to the self-pipe.
    static func handle(_ sig: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = onSignal
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0 // no SA_RESTART: poll() returns EINTR at once
        sigaction(sig, &action, nil)
    }

    /// Async-signal-safe: raw mode off, normal screen back.
    static func restoreNow() {
        guard active == 1 else { return }
        _ = Glibc.write(outputFD, leaveBytes.baseAddress, leaveBytes.count)
        _ = tcsetattr(inputFD, TCSANOW, saved)
        active = 0
    }
}

private func onSignal(_ sig: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: sig)
    _ = write(SignalState.pipeWrite, &byte, 1)
    if sig == SIGINT || sig == SIGTERM || sig == SIGHUP || sig == SIGQUIT {
        SignalState.unanswered += 1
        if SignalState.unanswered >= 2 {
            // The main loop did not answer the first one: restore from here and go.
            SignalState.restoreNow()
            _exit(128 + sig)
        }
    }
    errno = savedErrno
}

private func onCrash(_ sig: Int32) {
    let savedErrno = errno
    SignalState.restoreNow()
    // Hand the signal to whoever had it before (the Swift runtime's backtracer, or the default
    // action): it is delivered again as soon as this handler returns, and a real fault faults
    // again. A process that lives on (the signal was only sent with kill, and the previous
    // handler returned) finds it on the self-pipe and ends cleanly.
    var byte = UInt8(truncatingIfNeeded: sig)
    _ = write(SignalState.pipeWrite, &byte, 1)
    sigaction(sig, SignalState.previousActions + Int(sig), nil)
    raise(sig)
    errno = savedErrno
}

extension RawTerminal {
    /// The main loop answered the terminating signals received so far.
    func acknowledgeSignals() { SignalState.unanswered = 0 }
}
