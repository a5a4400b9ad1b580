/// How strongly autocorrection acts.
public enum AutocorrectionLevel: String, Sendable, CaseIterable {
    case off, modest, aggressive
}

/// What a session does: the field's traits plus the user's and the program's options.
public struct SessionSettings: Sendable, Equatable {
    /// The traits of the field being edited.
    public var traits = InputTraits()
    /// The keyboard's locale (BCP 47 / ICU, e.g. `en_US`).
    public var locale = "en_US"
    /// How many suggestions the bar holds.
    public var suggestionCount = 3
    /// The user's autocorrection setting (the traits may still switch it off for a field).
    public var autocorrection: AutocorrectionLevel = .modest
    /// The keyboard layout autocorrection assumes (`qwerty`, `qwertz`, `azerty`); nil: the
    /// locale's usual one.
    public var keyboardLayout: String?
    /// The user's auto-capitalisation setting.
    public var autocapitalization = true
    /// Learn nothing, write nothing.
    public var incognito = false

    public init() {}

    /// The language part of the locale (`en` for `en_US`).
    public var language: Substring {
        locale.prefix(while: { $0 != "_" && $0 != "-" && $0 != "@" })
    }

    public var autocapitalizationType: InputTraits.AutocapitalizationType {
        autocapitalization ? traits.effectiveAutocapitalization : .none
    }
    public var autocorrectionEnabled: Bool { autocorrection != .off && traits.autocorrectionEnabled }
    public var suggestionsEnabled: Bool { suggestionCount > 0 && traits.suggestionsEnabled }
    public var learningEnabled: Bool { !incognito && traits.learningEnabled }
    /// English `i` → `I` and `i'm` → `I'm`: part of auto-capitalisation, English only.
    public var capitalizesPronounI: Bool { autocapitalization && language == "en" && !traits.isSecret && !traits.isLiteralField }
}
