import KbdEngine

/// What a key press on the terminal means to the interactive mode: a key for the keyboard, or
/// one of the mode's own commands.
enum TerminalInput: Equatable {
    case key(KeyEvent)
    /// Take suggestion `index` (0-based) of the bar.
    case pick(Int)
    /// Ctrl-D: done, write the text and leave.
    case finish
    /// Ctrl-C: leave (the text is still written), exit status 130.
    case interrupt
    /// Ctrl-U: clear the text.
    case clear
    /// Ctrl-L: redraw the screen.
    case redraw
    /// Ctrl-Z: suspend to the shell.
    case suspend
    /// Input that is not a key (a problem of the decoder), shown on the status line.
    case ignored(String)
}

/// Splits the bytes a terminal sends into the interactive mode's commands and keys.
///
/// The commands are control bytes (Ctrl-C, Ctrl-D, Ctrl-L, Ctrl-U, Ctrl-Z) and the keys that
/// pick suggestions: Alt-1…Alt-9, Alt-0 (`ESC 1`…; the tenth) and F1…F10 as xterm, rxvt, tmux
/// and the Linux console send them (`ESC O P`…, `ESC [ 11 ~`…, `ESC [ 1 ; 2 P`, `ESC [ [ A`…).
/// Everything else goes through ``TerminalKeyDecoder``: characters, BackSpace, Return, Tab,
/// arrows, Home/End/Delete. A lone ESC is held until more bytes come or the caller sees none
/// arrive for a moment and calls ``flushEscape(_:)`` (the terminal sends a sequence at once).
struct TerminalInputParser {
    private var decoder = TerminalKeyDecoder()
    /// An escape sequence being collected (starts with ESC), empty when none.
    private var escape: [UInt8] = []
    /// Longer sequences are not keys we know: they are handed to the decoder as they are.
    static let maximumSequenceBytes = 32

    /// True while an escape sequence is incomplete: the caller waits briefly for the rest,
    /// then calls ``flushEscape(_:)``.
    var isAwaitingMore: Bool { !escape.isEmpty }

    mutating func feed(_ bytes: some Sequence<UInt8>, _ emit: (TerminalInput) -> Void) {
        for byte in bytes { feed(byte, emit) }
    }

    /// Ends an incomplete escape sequence: a lone ESC is the Escape key; the bytes after it are
    /// decoded as keys.
    mutating func flushEscape(_ emit: (TerminalInput) -> Void) {
        guard !escape.isEmpty else { return }
        let rest = escape.dropFirst()
        escape.removeAll()
        emit(.key(.named(.escape)))
        passThrough(rest, emit)
    }

    private mutating func feed(_ byte: UInt8, _ emit: (TerminalInput) -> Void) {
        if !escape.isEmpty {
            continueEscape(byte, emit)
            return
        }
        switch byte {
        case 0x03: emit(.interrupt)
        case 0x04: emit(.finish)
        case 0x0C: emit(.redraw)
        case 0x15: emit(.clear)
        case 0x1A: emit(.suspend)
        case 0x1B: escape = [byte]
        default: passThrough(CollectionOfOne(byte), emit)
        }
    }

    private mutating func continueEscape(_ byte: UInt8, _ emit: (TerminalInput) -> Void) {
        escape.append(byte)
        if escape.count == 2 {
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "O"): return
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                escape.removeAll()
                emit(.pick(byte == UInt8(ascii: "0") ? 9 : Int(byte - UInt8(ascii: "1"))))
                return
            default:
                // ESC then something else (Alt with a key, or ESC typed alone before a key):
                // Escape, then that byte on its own.
                escape.removeAll()
                emit(.key(.named(.escape)))
                feed(byte, emit)
                return
            }
        }
        let introducer = escape[1]
        if introducer == UInt8(ascii: "O") {
            // SS3: one final byte. F1…F4 are P Q R S.
            finishSequence(pickIndex: (UInt8(ascii: "P")...UInt8(ascii: "S")).contains(byte) ? Int(byte - UInt8(ascii: "P")) : nil, emit)
            return
        }
        // CSI. The Linux console's F1…F5 are ESC [ [ A…E.
        if escape.count == 3, byte == UInt8(ascii: "[") { return }
        if escape.count == 4, escape[2] == UInt8(ascii: "[") {
            let index = (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(byte) ? Int(byte - UInt8(ascii: "A")) : nil
            finishSequence(pickIndex: index, emit)
            return
        }
        if (0x20...0x3F).contains(byte) {
            if escape.count > Self.maximumSequenceBytes {
                let bytes = escape
                escape.removeAll()
                passThrough(bytes[...], emit)
            }
            return
        }
        finishSequence(pickIndex: Self.functionKeyIndex(csi: escape), emit)
    }

    /// Ends the collected sequence: a pick when it is a function key, else a key for the decoder.
    private mutating func finishSequence(pickIndex: Int?, _ emit: (TerminalInput) -> Void) {
        let bytes = escape
        escape.removeAll()
        if let pickIndex {
            emit(.pick(pickIndex))
        } else {
            passThrough(bytes[...], emit)
        }
    }

    /// F1…F10 in a complete CSI sequence (`ESC [ params final`), as an index 0…9.
    static func functionKeyIndex(csi: [UInt8]) -> Int? {
        guard let final = csi.last, csi.count >= 3 else { return nil }
        let params = String(decoding: csi[2..<(csi.count - 1)], as: UTF8.self)
        let first = Int(params.split(separator: ";", omittingEmptySubsequences: false).first ?? "") ?? 0
        switch final {
        case UInt8(ascii: "~"):
            switch first {
            case 11...15: return first - 11
            case 17...21: return first - 12
            default: return nil
            }
        case UInt8(ascii: "P")...UInt8(ascii: "S"):
            // xterm's F1…F4 with modifiers (ESC [ 1 ; 2 P); a bare CSI P is never input.
            return Int(final - UInt8(ascii: "P"))
        default:
            return nil
        }
    }

    private mutating func passThrough(_ bytes: some Sequence<UInt8>, _ emit: (TerminalInput) -> Void) {
        // Sequences arrive here complete, so the decoder never holds an ESC back.
        decoder.feed(bytes, key: { emit(.key($0)) }, problem: { emit(.ignored($0.message)) })
    }
}
