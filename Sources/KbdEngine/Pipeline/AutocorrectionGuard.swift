/// What autocorrection never touches, judged on the word and the text before it: numbers and
/// words with digits, words with inner capitals (`iPhone`, `McDonald`), and words inside a token
/// that is a URL, a host name, an e-mail address, a `#tag` or an `@mention` (`www.exmaple`,
/// `a@exmaple`, `#tbt`, `@jdoe`, `exmaple.com`).
///
/// A word ended by `.` is decided only when the next key shows the `.` ended a sentence (a
/// space or a line break): `exmaple.com` is never corrected, `exmaple. ` is (see
/// ``WordEndProcessor``).
public enum AutocorrectionGuard {
    /// Whether `word`, the word that ends `before` (the text before the cursor), may be corrected.
    public static func allows(word: String, before: String) -> Bool {
        guard !word.isEmpty else { return false }
        var sawLower = false, innerCapital = false
        for (i, c) in word.enumerated() {
            if c.isNumber || c == "@" || c == "#" || c == "/" || c == ":" || c == "." || c == "_" { return false }
            if c.isUppercase && i > 0 { innerCapital = true }
            if c.isLowercase { sawLower = true }
        }
        // capitals after the first letter, unless the whole word is in capitals (`TEH`)
        if innerCapital && sawLower { return false }
        // The token: the text back to the last space, of which the word is the end.
        guard before.hasSuffix(word) else { return true }
        let head = before.dropLast(word.count)
        let lead = head.reversed().prefix(while: { !$0.isWhitespace })
        for c in lead {
            switch c {
            case "@", "#", "/", ":", ".", "\\", "_", "=", "&", "%", "~": return false
            default: if c.isNumber { return false }
            }
        }
        return true
    }
}
