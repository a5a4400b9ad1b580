import KbdText

/// The rules every word, shortcut, phrase and locale passes before it reaches the store.
///
/// Text is stored NFC-normalised, with surrounding white space trimmed; control characters
/// (including tabs and newlines), line and paragraph separators and U+FFFD are refused.
public enum Validation {
    /// The longest word or shortcut accepted, in grapheme clusters (`Character`s).
    public static let maxWordLength = 64
    /// The longest shortcut phrase accepted, in grapheme clusters.
    public static let maxPhraseLength = 512
    /// The range of word weights accepted.
    public static let weightRange: ClosedRange<Int64> = 0...1_000_000_000
    /// The weight given to a word when none is named.
    public static let defaultWeight: Int64 = 1

    /// A word, NFC-normalised and trimmed, or a `.invalidInput` error naming the problem.
    public static func word(_ text: String) throws -> String {
        try clean(text, what: "word", maxLength: maxWordLength)
    }

    /// A shortcut (what the user types), NFC-normalised and trimmed.
    public static func shortcut(_ text: String) throws -> String {
        try clean(text, what: "shortcut", maxLength: maxWordLength)
    }

    /// A phrase a shortcut expands to, NFC-normalised and trimmed.
    public static func phrase(_ text: String) throws -> String {
        try clean(text, what: "phrase", maxLength: maxPhraseLength)
    }

    /// A locale id such as `en`, `en-US` or `pt_BR` (normalised to `pt-BR`), or `""` for any.
    public static func locale(_ text: String) throws -> String {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { return "" }
        let parts = trimmed.replacingUnderscores().split(separator: "-", omittingEmptySubsequences: false)
        let ok = parts.count <= 6 && parts.enumerated().allSatisfy { index, part in
            let scalars = part.unicodeScalars
            guard (index == 0 ? 2...8 : 1...8).contains(scalars.count) else { return false }
            return scalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || (index > 0 && ("0"..."9").contains($0))) }
        }
        guard ok else {
            throw StoreError(.invalidInput, "locale \(text.debugDescription): not a locale id (like en or en-US)")
        }
        return parts.joined(separator: "-")
    }

    /// A weight, or a `.invalidInput` error.
    public static func weight(_ value: Int64) throws -> Int64 {
        guard weightRange.contains(value) else {
            throw StoreError(.invalidInput, "weight \(value): out of range (\(weightRange.lowerBound)…\(weightRange.upperBound))")
        }
        return value
    }

    static func clean(_ text: String, what: String, maxLength: Int) throws -> String {
        // Fast path: printable ASCII with no surrounding space is already clean and NFC.
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20,
           utf8.count <= maxLength, utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return text
        }
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty {
            throw StoreError(.invalidInput, "\(what) \(text.debugDescription): empty")
        }
        for scalar in trimmed.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                throw StoreError(.invalidInput, "\(what) \(text.debugDescription): contains a control character (U+\(hex(v)))")
            }
            if v == 0xFFFD {
                throw StoreError(.invalidInput, "\(what) \(text.debugDescription): contains U+FFFD (text that was not valid UTF-8)")
            }
        }
        let normalized = Normalization.nfc(trimmed)
        // Cheap bound first: a string with few UTF-8 bytes has few characters.
        if normalized.utf8.count > maxLength && normalized.count > maxLength {
            throw StoreError(.invalidInput, "\(what) \(String(normalized.prefix(20)).debugDescription)…: too long (\(normalized.count) characters, at most \(maxLength))")
        }
        return normalized
    }

    static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension String {
    /// Without leading and trailing white space (spaces, tabs, newlines, NBSP, BOM).
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        func isSpace(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace || s.value == 0xFEFF }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    func replacingUnderscores() -> String {
        String(unicodeScalars.map { $0 == "_" ? "-" : Character($0) })
    }
}
