#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import KbdEngine

/// The keyboard as a person tries it on a terminal: the text with its cursor, a status line,
/// the suggestion bar and the keys of the mode, redrawn after every batch of keys.
///
/// Keys come from standard input (a terminal, in raw mode for the run); the screen is drawn
/// on standard output when it is a terminal, else on `/dev/tty`, else on standard error, so
/// `kbd-engine > note.txt` works. When the run ends — Ctrl-D, Ctrl-C, a signal, the terminal
/// gone — the terminal is restored and the text is written to standard output.
struct InteractiveMode {
    let engine: EngineSetup
    let screenFD: Int32

    /// Help shown on screen and in `--help`.
    static let keyHelp = """
    Interactive mode (standard input is a terminal, no other mode asked for): type, and see \
    the text, the cursor and the suggestion bar. Alt-1…Alt-9 (Alt-0 the tenth) or F1…F10 take a \
    suggestion; the autocorrection a space would make is shown [in brackets]; BackSpace right \
    after it undoes it. Ctrl-U clears the text, Ctrl-L redraws, Ctrl-Z suspends, Ctrl-D ends, \
    Ctrl-C ends with status 130. At the end the text is written to standard output \
    (kbd-engine > note.txt keeps it).
    """

    /// The file descriptor to draw on when standard input is a terminal, or nil (pipe mode).
    static func screen() -> Int32? {
        guard isTerminal(0) else { return nil }
        if isTerminal(1) { return 1 }
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        if tty >= 0 { return tty }
        if isTerminal(2) { return 2 }
        return nil
    }

    /// Why the run ended.
    enum Ending: Equatable {
        case finished
        case interrupted
        case signal(Int32)
        case inputClosed
    }

    func run() throws {
        let document = InMemoryDocument()
        let session = try engine.makeSession(document: document)
        let terminal = try RawTerminal(inputFD: 0, outputFD: screenFD)
        var ending = Ending.finished
        var failure: (any Error)?
        do {
            try terminal.enter()
            defer { terminal.leave() }
            var screen = InteractiveScreen(terminal: terminal, document: document, session: session,
                                preview: CorrectionPreview(engine: engine))
            ending = try screen.loop()
        } catch {
            failure = error
        }
        // The terminal is back to how it was: now the text (kept even when the loop failed).
        Output.write(document.text)
        if isTerminal(1), !document.text.isEmpty || failure == nil { Output.write("\n") }
        Output.flush()
        engine.runtime.close()
        if let failure { throw failure }
        switch ending {
        case .finished, .inputClosed: return
        case .interrupted: throw ExitCode(130)
        case .signal(let sig): throw ExitCode(128 + sig)
        }
    }
}

/// The running screen: reads keys, passes them on, redraws.
struct InteractiveScreen {
    let terminal: RawTerminal
    let document: InMemoryDocument
    let session: KeyboardSession
    let preview: CorrectionPreview

    /// The first text row shown (the view scrolls to keep the cursor in sight).
    var topRow = 0
    /// The correction the last key made, while BackSpace can undo it.
    var applied: (WordReplacement, terminator: String)?
    /// A word whose correction was undone: the engine leaves it alone until the next word end.
    var leftAlone: String?
    /// A message for the status line (until the next key).
    var message: String?
    var size: (rows: Int, columns: Int) = (24, 80)

    init(terminal: RawTerminal, document: InMemoryDocument, session: KeyboardSession, preview: CorrectionPreview) {
        self.terminal = terminal
        self.document = document
        self.session = session
        self.preview = preview
    }

    /// Waits this long for the rest of an escape sequence before taking a lone ESC as Escape.
    static let escapeTimeoutMilliseconds: Int32 = 40

    mutating func loop() throws -> InteractiveMode.Ending {
        var parser = TerminalInputParser()
        var buffer = [UInt8](repeating: 0, count: 4096)
        size = terminal.size()
        draw(clear: true)
        while true {
            var fds = [pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: terminal.signalFD, events: Int16(POLLIN), revents: 0)]
            let timeout = parser.isAwaitingMore ? Self.escapeTimeoutMilliseconds : -1
            let ready = poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw TerminalError("waiting for keys")
            }
            var ending: InteractiveMode.Ending?
            var redraw = false
            var clear = false
            if fds[1].revents != 0 {
                for sig in terminal.takeSignals() {
                    switch sig {
                    case SIGWINCH: redraw = true; clear = true
                    case SIGTSTP: try terminal.suspend(); redraw = true; clear = true
                    case SIGCONT: redraw = true; clear = true
                    default: ending = ending ?? .signal(sig)
                    }
                }
                terminal.acknowledgeSignals()
            }
            if let ending { return ending }
            if ready == 0 {
                parser.flushEscape { input in
                    if ending == nil { ending = handle(input, redraw: &redraw, clear: &clear) }
                }
            } else if fds[0].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(terminal.inputFD, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                // End of input, or the terminal is gone (EIO after a hang-up).
                if n <= 0 { return .inputClosed }
                message = nil
                parser.feed(buffer[0..<n]) { input in
                    if ending == nil { ending = handle(input, redraw: &redraw, clear: &clear) }
                }
                redraw = true
            }
            if let ending { return ending }
            if redraw {
                if clear { size = terminal.size() }
                draw(clear: clear)
            }
        }
    }

    /// Acts on one input; returns an ending when the run should end.
    private mutating func handle(_ input: TerminalInput, redraw: inout Bool, clear: inout Bool) -> InteractiveMode.Ending? {
        switch input {
        case .key(let key): type(key)
        case .pick(let index):
            if session.selectSuggestion(at: index) {
                applied = nil
                leftAlone = nil
            } else {
                message = "no suggestion \(index + 1)"
            }
        case .finish: return .finished
        case .interrupt: return .interrupted
        case .clear:
            document.replaceAll(before: "", after: "")
            session.textDidChange()
            session.reset()
            applied = nil
            leftAlone = nil
            topRow = 0
        case .redraw: clear = true
        case .suspend:
            // A process group without a job-control shell above it (`sh -c` in a terminal
            // window, tmux's pane command) is orphaned: the system ignores its stop signals.
            guard getpgrp() != getsid(0) else {
                message = "Ctrl-Z: no job control here"
                break
            }
            do { try terminal.suspend() } catch { return .inputClosed }
            size = terminal.size()
            clear = true
        case .ignored(let problem): message = "ignored: \(problem)"
        }
        redraw = true
        return nil
    }

    /// Passes a key to the session, following the autocorrections it makes and undoes.
    private mutating func type(_ key: KeyEvent) {
        let before = document.documentContextBeforeInput ?? ""
        let word = session.currentContext().wordPrefix
        var expected: WordReplacement?
        if !Self.continuesWord(key), leftAlone != word {
            expected = preview.replacement(of: word, before: before, after: document.documentContextAfterInput ?? "")
        }
        let undoable = applied
        applied = nil
        session.handle(key)
        let now = document.documentContextBeforeInput ?? ""

        if key.key == .named(.backSpace), let (correction, terminator) = undoable.map({ ($0.0, $0.terminator) }),
           before.hasSuffix(correction.replacement + terminator), now.hasSuffix(correction.typed),
           now.count == before.count - (correction.replacement + terminator).count + correction.typed.count {
            leftAlone = correction.typed
            message = "correction undone: \(correction.typed)"
            return
        }
        if !Self.continuesWord(key), key.key != .named(.backSpace) { leftAlone = nil }
        if let expected {
            let base = String(before.dropLast(expected.typed.count)) + expected.replacement
            if now.hasPrefix(base), now.count > base.count {
                applied = (expected, terminator: String(now.dropFirst(base.count)))
            }
        }
    }

    /// Keys that go on with the word being typed (letters, digits, marks, apostrophes, hyphens)
    /// or delete from it: they end no word, so no correction can happen.
    static func continuesWord(_ key: KeyEvent) -> Bool {
        switch key.key {
        case .named(.backSpace): return true
        case .named: return false
        case .character(let c):
            return c.isLetter || c.isNumber || c == "'" || c == "’" || c == "-"
                || c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark }
        }
    }
}
