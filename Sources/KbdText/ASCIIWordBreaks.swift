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

    /// The class of each ASCII byte.
    private static let classes: [Class] = (0..<128).map { b in
        switch UInt8(b) {
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

    @inline(__always)
    private static func classify(_ b: UInt8, _ table: UnsafeBufferPointer<Class>) -> Class { table[Int(b & 0x7F)] }

    /// The segments of `bytes` (byte ranges and kinds, as `TextSegmenter.segments()` gives them),
    /// or nil when ICU must decide.
    static func segments(_ bytes: UnsafeBufferPointer<UInt8>, into result: inout [(range: Range<Int>, kind: WordKind)]) -> Bool {
        result.removeAll(keepingCapacity: true)
        for b in bytes where b >= 0x80 || b == 0x5F { return false }  // non-ASCII, or `_` (ExtendNumLet)
        return classes.withUnsafeBufferPointer { segments(bytes, $0, into: &result) }
    }

    private static func segments(_ bytes: UnsafeBufferPointer<UInt8>, _ table: UnsafeBufferPointer<Class>,
                                 into result: inout [(range: Range<Int>, kind: WordKind)]) -> Bool {
        let n = bytes.count
        var i = 0
        while i < n {
            let start = i
            switch classify(bytes[i], table) {
            case .letter, .digit:
                var sawLetter = false, sawDigit = false
                while i < n {
                    let c = classify(bytes[i], table)
                    if c == .letter { sawLetter = true; i += 1; continue }
                    if c == .digit { sawDigit = true; i += 1; continue }
                    // WB6/7 (letters) and WB11/12 (digits): a middle character between two of a kind.
                    guard i + 1 < n else { break }
                    let previous = classify(bytes[i - 1], table), next = classify(bytes[i + 1], table)
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
