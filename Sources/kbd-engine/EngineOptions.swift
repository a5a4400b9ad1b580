import ArgumentParser
import KbdEngine
import KbdProtocol

/// The options that shape a keyboard session, shared by every mode.
struct EngineOptions: ParsableArguments {
    @Flag(name: .customLong("no-autocorrect"), help: "Never correct words automatically.")
    var noAutocorrect = false

    @Option(name: .customLong("autocorrect"), help: "Autocorrection level: off, modest or aggressive.")
    var autocorrectLevel: String?

    @Option(name: .customLong("layout"), help: "Keyboard layout autocorrection assumes: qwerty, qwertz or azerty (default: the locale's).")
    var layout: String?

    @Flag(name: .customLong("no-autocap"), help: "Never capitalise automatically (sentence starts, `i`).")
    var noAutocap = false

    @Flag(help: "Learn nothing and write nothing.")
    var incognito = false

    @Option(help: "How many suggestions the bar holds (0-10).")
    var suggestions = 3

    @Option(help: "The keyboard's locale (e.g. en_US).")
    var locale = "en_US"

    @Option(name: .customLong("app-group"), help: "The app group whose shared store to use.")
    var appGroup: String?

    @Option(help: "The shared store's database file (instead of the app group's).")
    var store: String?

    @Option(help: "The language model file (default: the built-in English model).")
    var model: String?

    @Option(name: .customLong("keyboard-type"), help: "The field's keyboard type: default, emailAddress, URL, numberPad, twitter, webSearch, …")
    var keyboardType: String?

    @Option(name: .customLong("autocapitalization"), help: "The field's capitalisation: none, words, sentences or allCharacters.")
    var autocapitalization: String?

    @Option(name: .customLong("content-type"), help: "The field's content type (username, password, oneTimeCode, emailAddress, URL, …).")
    var contentType: String?

    @Flag(help: "The field is a secure (password) field: nothing suggested or learned.")
    var secure = false

    @Flag(name: .customLong("smart-quotes"), help: "Curly quotes for straight ones.")
    var smartQuotes = false

    @Flag(name: .customLong("smart-dashes"), help: "An em dash for two hyphens.")
    var smartDashes = false

    @Flag(name: .customLong("no-smart-insert"), help: "No automatic space after a suggestion.")
    var noSmartInsert = false

    @Option(help: "The field's traits as a JSON object of UITextInputTraits names (applied first).")
    var traits: String?

    mutating func validate() throws {
        guard (0...10).contains(suggestions) else {
            throw ValidationError("--suggestions must be between 0 and 10, not \(suggestions)")
        }
        if let level = autocorrectLevel, AutocorrectionLevel(rawValue: level) == nil {
            throw ValidationError("--autocorrect must be off, modest or aggressive, not \"\(level)\"")
        }
        _ = try settings()
    }

    /// The session settings these options describe (traits, locale, bar size, incognito).
    func settings() throws -> SessionSettings {
        var s = SessionSettings()
        s.locale = locale
        s.suggestionCount = suggestions
        s.incognito = incognito
        // Autocorrection and auto-capitalisation come from the store's settings; the flags
        // override them (EngineSetup passes them to the runtime).
        s.keyboardLayout = layout
        var t = InputTraits()
        if let traits {
            let json: JSONValue
            do { json = try JSONParser.parse(traits) } catch { throw ValidationError("--traits: \(error)") }
            do { t = try InputTraits(json: json) } catch { throw ValidationError("--traits: \(error.message)") }
        }
        if let keyboardType { t.keyboardType = try Self.choice(keyboardType, "--keyboard-type") }
        if let autocapitalization { t.autocapitalizationType = try Self.choice(autocapitalization, "--autocapitalization") }
        if let contentType { t.textContentType = contentType }
        if secure { t.isSecureTextEntry = true }
        if smartQuotes { t.smartQuotesType = .yes }
        if smartDashes { t.smartDashesType = .yes }
        if noSmartInsert { t.smartInsertDeleteType = .no }
        s.traits = t
        return s
    }

    static func choice<T: RawRepresentable & CaseIterable>(_ value: String, _ option: String) throws -> T where T.RawValue == String {
        guard let v = T(rawValue: value) else {
            throw ValidationError("\(option): unknown value \"\(value)\" (one of: \(T.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return v
    }
}
