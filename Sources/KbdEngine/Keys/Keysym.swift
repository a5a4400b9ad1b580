/// Conversion between X11 keysyms (what IBus and Fcitx5 deliver) and kbd's keys.
public enum Keysym {
    /// The key for an X11 keysym: a named key, a Latin-1 keysym (its code point), or a Unicode
    /// keysym (`0x01000000 + code point`). Nil for keysyms kbd does not handle (F-keys, …).
    public static func key(for keysym: UInt32) -> KeyEvent.Key? {
        for named in NamedKey.allCases where named.keysym == keysym { return .named(named) }
        var codePoint: UInt32?
        if (0x21...0x7E).contains(keysym) || (0xA0...0xFF).contains(keysym) {
            codePoint = keysym
        } else if keysym & 0xFF00_0000 == 0x0100_0000 {
            codePoint = keysym & 0x00FF_FFFF
        }
        guard let cp = codePoint, let scalar = Unicode.Scalar(cp),
              scalar.properties.generalCategory != .control else { return nil }
        return .character(Character(scalar))
    }

    /// The keysym of a key (a character's Unicode keysym; Latin-1 characters are their own).
    public static func keysym(for key: KeyEvent.Key) -> UInt32? {
        switch key {
        case .named(let named): return named.keysym
        case .character(let c):
            let scalars = c.unicodeScalars
            guard scalars.count == 1, let s = scalars.first else { return nil }
            if (0x20...0x7E).contains(s.value) || (0xA0...0xFF).contains(s.value) { return s.value }
            return 0x0100_0000 + s.value
        }
    }
}
