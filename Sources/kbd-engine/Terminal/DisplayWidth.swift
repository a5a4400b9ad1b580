/// How many terminal columns text takes (a small `wcwidth`): East Asian Wide and Fullwidth
/// characters and emoji in emoji presentation take 2, combining marks and other zero-width
/// characters 0, the rest 1.
///
/// A grapheme cluster takes the width of its first visible scalar, and 2 when it asks for emoji
/// presentation (`U+FE0F`) or is a flag (two regional indicators). Control characters take 0:
/// the caller shows them some other way.
enum DisplayWidth {
    /// Columns of one scalar: 0, 1 or 2.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v >= 0x20 ? 1 : 0 }
        if v < 0xA0 { return 0 } // DEL and the C1 controls
        if v == 0xAD { return 1 } // soft hyphen: shown as a hyphen by terminals
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        // Hangul jamo medial vowels and final consonants join the syllable before them.
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }
        if properties.isVariationSelector || properties.isDefaultIgnorableCodePoint { return 0 }
        if isWide(v) || properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Columns of one grapheme cluster.
    static func of(_ character: Character) -> Int {
        var width = 0
        var regionalIndicators = 0
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F {
                if width == 1 { width = 2 } // emoji presentation asked for (❤️)
                continue
            }
            if (0x1F1E6...0x1F1FF).contains(scalar.value) {
                regionalIndicators += 1
                if regionalIndicators == 2 { width = 2 }
            }
            if width == 0 { width = of(scalar) }
        }
        return width
    }

    /// Columns of a string laid out on one line (no tabs or newlines inside).
    static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for c in text { total += of(c) }
        return total
    }

    /// East Asian Width W or F (Unicode's EastAsianWidth.txt, assigned characters, merged
    /// across unassigned gaps; the CJK ideograph planes 2 and 3 whole). Sorted, for a binary
    /// search.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335,
        0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
        0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
        0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
        0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
        0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6DF,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A,
        0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD,
    ]

    private static func isWide(_ v: UInt32) -> Bool {
        guard v >= 0x1100 else { return false }
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if v < range.lowerBound { high = mid - 1 } else if v > range.upperBound { low = mid + 1 } else { return true }
        }
        return false
    }
}
