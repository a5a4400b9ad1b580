/// Turns a byte stream from a pipe or a terminal into key taps, incrementally.
///
/// UTF-8 text in which every Unicode scalar is a key tap; `0x7F` and `0x08` are BackSpace,
/// `\n`, `\r` and `\r\n` Return, `\t` Tab, `ESC [ A/B/C/D` the arrows (also `ESC O A…`),
/// `ESC [ H`/`F` Home/End, `ESC [ 3 ~` Delete, a lone ESC Escape. Invalid UTF-8 and other
/// control bytes are reported with their byte offset and skipped. Memory is bounded: at most a
/// few bytes are carried from one chunk to the next.
public struct TerminalKeyDecoder: Sendable {
    /// A problem in the input, at a byte offset from the start of the stream.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var byteOffset: Int
        public var message: String
        public var description: String { "input byte \(byteOffset): \(message)" }
    }

    private var pending: [UInt8] = []
    private var pendingOffset = 0
    /// Bytes consumed so far (the offset of the next byte).
    public private(set) var byteOffset = 0
    private var lastWasCR = false

    public init() {}

    /// Decodes `bytes`, calling `key` for every key and `problem` for every problem. Bytes that
    /// may start a sequence completed by the next chunk are kept until then (or `finish`).
    public mutating func feed(_ bytes: some Sequence<UInt8>, key: (KeyEvent) -> Void, problem: (Problem) -> Void) {
        for byte in bytes {
            if pending.isEmpty { pendingOffset = byteOffset }
            pending.append(byte)
            byteOffset += 1
            drain(final: false, key: key, problem: problem)
        }
    }

    /// Decodes what is left at the end of the stream.
    public mutating func finish(key: (KeyEvent) -> Void, problem: (Problem) -> Void) {
        drain(final: true, key: key, problem: problem)
    }

    private mutating func drain(final: Bool, key: (KeyEvent) -> Void, problem: (Problem) -> Void) {
        while !pending.isEmpty {
            let b = pending[0]
            switch b {
            case 0x1B:
                guard let consumed = escape(final: final, key: key) else { return }
                take(consumed)
                lastWasCR = false
                continue
            case 0x0D:
                key(.named(.return)); lastWasCR = true; take(1); continue
            case 0x0A:
                if !lastWasCR { key(.named(.return)) }
                lastWasCR = false; take(1); continue
            default:
                lastWasCR = false
            }
            switch b {
            case 0x09: key(.named(.tab)); take(1)
            case 0x08, 0x7F: key(.named(.backSpace)); take(1)
            case 0x00..<0x20:
                problem(Problem(byteOffset: pendingOffset, message: "control byte 0x\(hex(b)) is not a key, skipped"))
                take(1)
            case 0x20..<0x80:
                key(b == 0x20 ? .named(.space) : .character(Character(Unicode.Scalar(b))))
                take(1)
            default:
                guard let consumed = utf8Scalar(final: final, key: key, problem: problem) else { return }
                take(consumed)
            }
        }
    }

    private mutating func take(_ n: Int) {
        pending.removeFirst(n)
        pendingOffset += n
    }

    /// Handles an escape sequence at the start of `pending`; nil when more bytes are needed.
    private func escape(final: Bool, key: (KeyEvent) -> Void) -> Int? {
        if pending.count == 1 {
            if final { key(.named(.escape)); return 1 }
            return nil
        }
        let second = pending[1]
        guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else {
            key(.named(.escape))
            return 1
        }
        // CSI / SS3: parameters (digits, ';') then a final byte 0x40...0x7E.
        var i = 2
        while i < pending.count, (0x30...0x3F).contains(pending[i]) { i += 1 }
        guard i < pending.count else {
            if final || i > 16 { key(.named(.escape)); return 1 }
            return nil
        }
        let finalByte = pending[i]
        let params = String(decoding: pending[2..<i], as: UTF8.self)
        switch (finalByte, params) {
        case (UInt8(ascii: "A"), _): key(.named(.up))
        case (UInt8(ascii: "B"), _): key(.named(.down))
        case (UInt8(ascii: "C"), _): key(.named(.right))
        case (UInt8(ascii: "D"), _): key(.named(.left))
        case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): key(.named(.home))
        case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): key(.named(.end))
        case (UInt8(ascii: "~"), "3"): key(.named(.delete))
        case (UInt8(ascii: "~"), "5"): key(.named(.pageUp))
        case (UInt8(ascii: "~"), "6"): key(.named(.pageDown))
        case (UInt8(ascii: "Z"), _): key(.named(.tab))
        default: break // Unknown sequences (function keys, mouse reports) are dropped whole.
        }
        return i + 1
    }

    /// Decodes one multi-byte UTF-8 scalar at the start of `pending`; nil when more are needed.
    private func utf8Scalar(final: Bool, key: (KeyEvent) -> Void, problem: (Problem) -> Void) -> Int? {
        let lead = pending[0]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default:
            problem(Problem(byteOffset: pendingOffset, message: "invalid UTF-8 byte 0x\(hex(lead)), skipped"))
            return 1
        }
        for i in 1..<length {
            guard i < pending.count else {
                if final {
                    problem(Problem(byteOffset: pendingOffset, message: "truncated UTF-8 sequence at end of input, skipped"))
                    return pending.count
                }
                return nil
            }
            let b = pending[i]
            guard b & 0xC0 == 0x80 else {
                problem(Problem(byteOffset: pendingOffset, message: "invalid UTF-8 sequence starting 0x\(hex(lead)), skipped"))
                return i
            }
            value = value << 6 | UInt32(b & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else {
            problem(Problem(byteOffset: pendingOffset, message: "invalid UTF-8 sequence (overlong or surrogate), skipped"))
            return length
        }
        if scalar.properties.generalCategory == .control {
            problem(Problem(byteOffset: pendingOffset, message: "control character U+\(hex(value)) is not a key, skipped"))
        } else {
            key(.character(Character(scalar)))
        }
        return length
    }
}

func hex<T: BinaryInteger>(_ value: T) -> String {
    let s = String(value, radix: 16, uppercase: true)
    return s.count % 2 == 1 ? "0" + s : s
}
