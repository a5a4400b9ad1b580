/// Character classes the key processors decide by.
enum CharacterClass {
    /// Letters, digits and marks: characters words are made of.
    static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }

    /// Spaces, tabs and line breaks.
    static func isSpace(_ c: Character) -> Bool { c.isWhitespace }

    /// Punctuation that ends a word when typed after it (`.`, `,`, `!`, `)`, quotes …), but not
    /// the apostrophe, hyphen or other characters that can sit inside a word.
    static func endsWord(_ c: Character) -> Bool {
        guard !isWordCharacter(c), !c.isWhitespace else { return false }
        switch c {
        case "'", "’", "-", "‐", "_", "@", "#", "/", "\\", "&", "+", "=", "%", "$", "€", "£", "*", "~", "^", "|", "<", ">":
            return false
        default:
            return c.isPunctuation || c.isSymbol == false
        }
    }

    /// Punctuation that attaches to the preceding word (a smart space before it is removed).
    static func attachesToPrevious(_ c: Character) -> Bool {
        switch c {
        case ".", ",", "!", "?", ";", ":", ")", "]", "}", "…", "”", "’", "»", "%": return true
        default: return false
        }
    }

    /// Opening punctuation that may stand before the first letter of a word or sentence.
    static func opens(_ c: Character) -> Bool {
        switch c {
        case "(", "[", "{", "\"", "'", "“", "‘", "«", "¿", "¡": return true
        default: return false
        }
    }

    /// Sentence-ending punctuation.
    static func endsSentence(_ c: Character) -> Bool {
        c == "." || c == "!" || c == "?" || c == "…" || c == "。" || c == "！" || c == "？"
    }
}
