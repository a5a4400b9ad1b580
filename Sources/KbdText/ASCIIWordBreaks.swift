/// Word segmentation of ASCII text without ICU: the rules of Unicode UAX #29 as ICU applies
/// them, restricted to the ASCII classes, for the key path (the context reader segments a few
/// hundred bytes on every key). It answers only when its answer is certainly ICU's: text with a
/// byte outside ASCII, an underscore, or a segment that mixes letters and digits (whose rule
/// status ICU decides by rule chaining) is left to ICU (`nil`). ICU takes `:` out of MidLetter
/// (`a:b` is two words), so no ASCII character is MidLetter here. Tests compare both on random
/// text and on real prose.
enum ASCIIWordBreaks {
    private enum Class: UInt8 {
        case other, letter, digit, space, cr, lf, newline, midNum, midNumLet, singleQuote
    }

    @inline(__always)
    private static func classify(_ b: UInt8) -> Class {
        switch b {
        case 0x61...0x7A, 0x41...0x5A: return .letter
        case 0x30...0x39: return .digit
        case 0x20: return .space
        case 0x0D: return .cr
        case 0x0A: return .lf
        case 0x0B, 0x0C: return .newline
        case 0x2C, 0x3B: return .midNum         // , ;
        case 0x2E: return .midNumLet            // .
        case 0x27: return .singleQuote          // '
        default: return .other
        }
    }

    /// The segments of `bytes` (byte ranges and kinds, as `TextSegmenter.segments()` gives them),
    /// or nil when ICU must decide.
    static func segments(_ bytes: UnsafeBufferPointer<UInt8>, into result: inout [(range: Range<Int>, kind: WordKind)]) -> Bool {
        result.removeAll(keepingCapacity: true)
        let n = bytes.count
        var i = 0
        while i < n {
            let b = bytes[i]
            if b >= 0x80 || b == 0x5F { return false }  // non-ASCII, or `_` (ExtendNumLet)
            let start = i
            switch classify(b) {
            case .letter, .digit:
                var sawLetter = false, sawDigit = false
                while i < n {
                    let c = classify(bytes[i])
                    if c == .letter { sawLetter = true; i += 1; continue }
                    if c == .digit { sawDigit = true; i += 1; continue }
                    if bytes[i] == 0x5F || bytes[i] >= 0x80 { return false }
                    // WB6/7 (letters) and WB11/12 (digits): a middle character between two of a kind.
                    guard i + 1 < n else { break }
                    let previous = classify(bytes[i - 1]), next = classify(bytes[i + 1])
                    let joinsLetters = previous == .letter && next == .letter && (c == .midNumLet || c == .singleQuote)
                    let joinsDigits = previous == .digit && next == .digit && (c == .midNum || c == .midNumLet || c == .singleQuote)
                    if joinsLetters || joinsDigits { i += 1; continue }
                    break
                }
                if sawLetter && sawDigit { return false }
                result.append((start..<i, sawLetter ? .letter : .number))
            case .space:
                while i < n, bytes[i] == 0x20 { i += 1 }  // WB3d
                result.append((start..<i, .none))
            case .cr:
                i += (i + 1 < n && bytes[i + 1] == 0x0A) ? 2 : 1  // WB3
                result.append((start..<i, .none))
            default:
                i += 1
                result.append((start..<i, .none))
            }
        }
        return true
    }
}
