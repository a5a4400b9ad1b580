import KbdEngine

/// A field's content purpose and hints as IBus and GTK give them (`IBusInputPurpose`,
/// `IBusInputHints`; Fcitx5 front ends map their capability flags to these), and the
/// settings they make.
struct ContentType: Equatable {
    var purpose: UInt32
    var hints: UInt32

    enum Purpose: UInt32 {
        case freeForm = 0, alpha, digits, number, phone, url, email, name, password, pin, terminal
    }
    struct Hints: OptionSet {
        let rawValue: UInt32
        static let spellcheck = Hints(rawValue: 1 << 0)
        static let noSpellcheck = Hints(rawValue: 1 << 1)
        static let wordCompletion = Hints(rawValue: 1 << 2)
        static let lowercase = Hints(rawValue: 1 << 3)
        static let uppercaseChars = Hints(rawValue: 1 << 4)
        static let uppercaseWords = Hints(rawValue: 1 << 5)
        static let uppercaseSentences = Hints(rawValue: 1 << 6)
        static let `private` = Hints(rawValue: 1 << 11)
    }

    /// `base` (the engine's settings) adjusted for this field. Unknown purposes (later IBus
    /// versions) count as free form; unknown hint bits are ignored.
    func applied(to base: SessionSettings) -> SessionSettings {
        var settings = base
        var t = base.traits
        let hints = Hints(rawValue: hints)
        switch Purpose(rawValue: purpose) ?? .freeForm {
        case .freeForm, .alpha: break
        case .digits: t.keyboardType = .numberPad
        case .number: t.keyboardType = .decimalPad
        case .phone: t.keyboardType = .phonePad
        case .url: t.keyboardType = .URL
        case .email: t.keyboardType = .emailAddress
        case .name:
            t.textContentType = "name"
            t.autocapitalizationType = .words
        case .password:
            t.isSecureTextEntry = true
            t.textContentType = "password"
        case .pin:
            t.isSecureTextEntry = true
            t.keyboardType = .numberPad
        case .terminal:
            t.autocorrectionType = .no
            t.autocapitalizationType = .none
            t.smartInsertDeleteType = .no
            t.smartQuotesType = .no
            t.smartDashesType = .no
        }
        if hints.contains(.noSpellcheck) {
            t.autocorrectionType = .no
            t.spellCheckingType = .no
        } else if hints.contains(.spellcheck) {
            t.spellCheckingType = .yes
        }
        if hints.contains(.lowercase) { t.autocapitalizationType = .none }
        if hints.contains(.uppercaseChars) { t.autocapitalizationType = .allCharacters }
        if hints.contains(.uppercaseWords) { t.autocapitalizationType = .words }
        if hints.contains(.uppercaseSentences) { t.autocapitalizationType = .sentences }
        if hints.contains(.private) { settings.incognito = true }
        settings.traits = t
        return settings
    }
}
