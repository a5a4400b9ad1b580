/// Modifier keys held during a key press (X11's state mask bits).
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let lock = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)
    /// Alt on most layouts (X11 Mod1).
    public static let alt = KeyModifiers(rawValue: 1 << 3)
    public static let mod2 = KeyModifiers(rawValue: 1 << 4)
    public static let mod3 = KeyModifiers(rawValue: 1 << 5)
    /// Super / Windows key on most layouts (X11 Mod4).
    public static let superKey = KeyModifiers(rawValue: 1 << 6)
    public static let mod5 = KeyModifiers(rawValue: 1 << 7)
    /// IBus's release flag (bit 30): the key went up.
    public static let release = KeyModifiers(rawValue: 1 << 30)

    /// Modifiers that make a key a shortcut for the application rather than text.
    public static let commandModifiers: KeyModifiers = [.control, .alt, .superKey]
}

/// One key tap.
public struct KeyEvent: Sendable, Hashable, CustomStringConvertible {
    public enum Key: Sendable, Hashable {
        /// A key that types text: one character (a grapheme cluster or a lone scalar).
        case character(Character)
        /// A key named by its X11 keysym name.
        case named(NamedKey)
    }

    public var key: Key
    public var modifiers: KeyModifiers

    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    public static func character(_ c: Character) -> KeyEvent { KeyEvent(.character(c)) }
    public static func named(_ k: NamedKey) -> KeyEvent { KeyEvent(.named(k)) }

    /// The text the key types on its own (a character, a space, a newline or a tab), if any.
    public var typedText: String? {
        switch key {
        case .character(let c): return String(c)
        case .named(.space): return " "
        case .named(.return), .named(.keypadEnter): return "\n"
        case .named(.tab): return "\t"
        default: return nil
        }
    }

    public var description: String {
        switch key {
        case .character(let c): return String(c)
        case .named(let k): return "{\(k.rawValue)}"
        }
    }
}
