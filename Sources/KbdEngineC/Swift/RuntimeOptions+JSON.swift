import KbdEngine
import KbdProtocol
import KbdRuntime

extension RuntimeOptions {
    /// Options from the JSON object `kbd_engine_open` takes: the names of kbd-engine's options
    /// (`locale`, `suggestions`, `autocorrect`, `autocap`, `incognito`, `app_group`, `store`,
    /// `no_store`, `model`, `no_model`, `traits`). Unknown names are an error, so a typo is not
    /// silently ignored.
    init(json text: String) throws(CError) {
        self.init()
        let json: JSONValue
        do { json = try JSONParser.parse(text) } catch { throw CError(.options, "options: \(error)") }
        guard let members = json.objectMembers else {
            throw CError(.options, "options: expected a JSON object, not \(json.typeName)")
        }
        func string(_ name: String, _ value: JSONValue) throws(CError) -> String {
            guard let s = value.stringValue else { throw CError(.options, "options: \"\(name)\" must be a string, not \(value.typeName)") }
            return s
        }
        func bool(_ name: String, _ value: JSONValue) throws(CError) -> Bool {
            guard let b = value.boolValue else { throw CError(.options, "options: \"\(name)\" must be true or false, not \(value.typeName)") }
            return b
        }
        for (name, value) in members {
            switch name {
            case "locale": settings.locale = try string(name, value)
            case "suggestions":
                guard let n = value.intValue, (0...10).contains(n) else {
                    throw CError(.options, "options: \"suggestions\" must be a whole number from 0 to 10")
                }
                settings.suggestionCount = n
            case "autocorrect":
                if let b = value.boolValue {
                    settings.autocorrection = b ? .modest : .off
                } else if let s = value.stringValue, let level = AutocorrectionLevel(rawValue: s) {
                    settings.autocorrection = level
                } else {
                    throw CError(.options, "options: \"autocorrect\" must be true, false, \"off\", \"modest\" or \"aggressive\"")
                }
            case "autocap": settings.autocapitalization = try bool(name, value)
            case "incognito": settings.incognito = try bool(name, value)
            case "app_group": appGroup = try string(name, value)
            case "store": storePath = try string(name, value)
            case "no_store": withoutStore = try bool(name, value)
            case "model": modelPath = try string(name, value)
            case "no_model": withoutModel = try bool(name, value)
            case "traits":
                do { settings.traits = try InputTraits(json: value) } catch { throw CError(.options, "options: traits: \(error.message)") }
            default:
                throw CError(.options, "options: unknown option \"\(name)\" (known: locale, suggestions, autocorrect, autocap, incognito, app_group, store, no_store, model, no_model, traits)")
            }
        }
    }
}
