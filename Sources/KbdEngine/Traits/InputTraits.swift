/// The traits of the text field being edited, as `UITextInputTraits` describes them; they
/// switch the keyboard's features on and off.
public struct InputTraits: Sendable, Equatable {
    public enum KeyboardType: String, Sendable, CaseIterable {
        case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad,
             namePhonePad, emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad
    }
    public enum AutocapitalizationType: String, Sendable, CaseIterable {
        case none, words, sentences, allCharacters
    }
    /// `default` lets the keyboard decide (on, unless the keyboard type says otherwise).
    public enum Switch: String, Sendable, CaseIterable { case `default`, no, yes }
    public enum ReturnKeyType: String, Sendable, CaseIterable {
        case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
    }

    public var keyboardType: KeyboardType = .default
    public var autocapitalizationType: AutocapitalizationType = .sentences
    public var autocorrectionType: Switch = .default
    public var spellCheckingType: Switch = .default
    /// Curly quotes for straight ones; off unless `yes`.
    public var smartQuotesType: Switch = .default
    /// `--` to an em dash; off unless `yes`.
    public var smartDashesType: Switch = .default
    /// Spaces managed around inserted suggestions and punctuation; on unless `no`.
    public var smartInsertDeleteType: Switch = .default
    public var isSecureTextEntry = false
    public var returnKeyType: ReturnKeyType = .default
    public var enablesReturnKeyAutomatically = false
    /// The content type (`UITextContentType` raw values: `username`, `password`, `oneTimeCode`,
    /// `emailAddress`, `URL`, `name`, …), or nil.
    public var textContentType: String?

    public init() {}

    /// Content types that are secrets: treated as secure entry.
    static let secretContentTypes: Set<String> = ["password", "newPassword", "oneTimeCode"]
    /// Content types whose text is not prose: no autocorrection, capitals or learning-by-default.
    static let literalContentTypes: Set<String> = [
        "username", "emailAddress", "URL", "telephoneNumber", "postalCode", "creditCardNumber",
        "flightNumber", "shipmentTrackingNumber", "dateTime",
    ]

    /// Whether the field takes literal text (addresses, numbers), where prose helpers get in the way.
    public var isLiteralField: Bool {
        switch keyboardType {
        case .URL, .emailAddress, .numberPad, .phonePad, .decimalPad, .numbersAndPunctuation,
             .asciiCapableNumberPad:
            return true
        default:
            return textContentType.map(Self.literalContentTypes.contains) ?? false
        }
    }

    /// Secure entry, or a secret content type: nothing learned, nothing suggested.
    public var isSecret: Bool {
        isSecureTextEntry || (textContentType.map(Self.secretContentTypes.contains) ?? false)
    }

    /// Whether letters are capitalised automatically in this field.
    public var autocapitalizationEnabled: Bool {
        !isSecret && !isLiteralField && autocapitalizationType != .none
    }

    /// The capitalisation that applies (`none` in literal and secret fields).
    public var effectiveAutocapitalization: AutocapitalizationType {
        autocapitalizationEnabled ? autocapitalizationType : .none
    }

    /// Whether words are corrected automatically in this field.
    public var autocorrectionEnabled: Bool {
        !isSecret && autocorrectionType != .no && (autocorrectionType == .yes || !isLiteralField)
    }

    /// Whether the suggestion bar is filled.
    public var suggestionsEnabled: Bool { !isSecret && keyboardType != .numberPad && keyboardType != .phonePad && keyboardType != .decimalPad && keyboardType != .asciiCapableNumberPad }

    /// Whether what is typed here may be learned.
    public var learningEnabled: Bool { !isSecret && !isLiteralField }

    /// Whether smart insert/delete (space after a suggestion, punctuation taking its place) applies.
    public var smartInsertDeleteEnabled: Bool { smartInsertDeleteType != .no && !isLiteralField && !isSecret }

    /// Whether two spaces after a word become `. `.
    public var doubleSpacePeriodEnabled: Bool { !isSecret && !isLiteralField }

    public var smartQuotesEnabled: Bool { smartQuotesType == .yes && !isSecret && !isLiteralField }
    public var smartDashesEnabled: Bool { smartDashesType == .yes && !isSecret && !isLiteralField }
}
