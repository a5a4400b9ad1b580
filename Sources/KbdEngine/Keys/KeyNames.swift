/// Names of keys as users write them: X11 keysym names for named keys and for the printable
/// ASCII characters (`comma`, `braceleft`), and single characters for themselves.
public enum KeyNames {
    /// X11 keysym names of printable ASCII punctuation.
    static let punctuation: [String: Character] = [
        "exclam": "!", "quotedbl": "\"", "numbersign": "#", "dollar": "$", "percent": "%",
        "ampersand": "&", "apostrophe": "'", "quoteright": "'", "parenleft": "(", "parenright": ")",
        "asterisk": "*", "plus": "+", "comma": ",", "minus": "-", "period": ".", "slash": "/",
        "colon": ":", "semicolon": ";", "less": "<", "equal": "=", "greater": ">", "question": "?",
        "at": "@", "bracketleft": "[", "backslash": "\\", "bracketright": "]", "asciicircum": "^",
        "underscore": "_", "grave": "`", "quoteleft": "`", "braceleft": "{", "bar": "|",
        "braceright": "}", "asciitilde": "~",
    ]

    static let named: [String: NamedKey] = {
        var table: [String: NamedKey] = [:]
        for key in NamedKey.allCases { table[key.rawValue] = key }
        // Common aliases.
        table["Enter"] = .return
        table["Backspace"] = .backSpace
        table["Esc"] = .escape
        table["Shift"] = .shiftLeft
        table["Prior"] = .pageUp
        table["Next"] = .pageDown
        table["ISO_Left_Tab"] = .tab
        return table
    }()

    /// The key a name stands for: a keysym name (`BackSpace`, `comma`, `a`, `U+00E9`), or a
    /// single character standing for itself. Nil for an unknown name.
    public static func key(named name: String) -> KeyEvent.Key? {
        if let named = named[name] { return .named(named) }
        if let c = punctuation[name] { return .character(c) }
        if name.count == 1, let c = name.first {
            if c == " " { return .named(.space) }
            if c == "\n" || c == "\r" { return .named(.return) }
            if c == "\t" { return .named(.tab) }
            return .character(c)
        }
        if name.hasPrefix("U+") || name.hasPrefix("U"), name.count >= 5,
           let value = UInt32(name.drop(while: { $0 == "U" || $0 == "+" }), radix: 16),
           let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .control {
            return .character(Character(scalar))
        }
        return nil
    }
}
