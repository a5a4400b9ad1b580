import KbdEngine

extension InputTraits {
    /// Traits from a protocol `traits` object: `UITextInputTraits` names and raw values
    /// (`{"keyboardType":"emailAddress","isSecureTextEntry":true}`); fields not given keep their
    /// defaults. Throws on an unknown field or value, naming it.
    public init(json: JSONValue) throws(ProtocolError) {
        self.init()
        guard let members = json.objectMembers else {
            throw .invalidRequest("traits must be an object, not \(json.typeName)")
        }
        for (name, value) in members {
            switch name {
            case "keyboardType": keyboardType = try Self.enumValue(value, name)
            case "autocapitalizationType": autocapitalizationType = try Self.enumValue(value, name)
            case "autocorrectionType": autocorrectionType = try Self.enumValue(value, name)
            case "spellCheckingType": spellCheckingType = try Self.enumValue(value, name)
            case "smartQuotesType": smartQuotesType = try Self.enumValue(value, name)
            case "smartDashesType": smartDashesType = try Self.enumValue(value, name)
            case "smartInsertDeleteType": smartInsertDeleteType = try Self.enumValue(value, name)
            case "returnKeyType": returnKeyType = try Self.enumValue(value, name)
            case "isSecureTextEntry", "secure": isSecureTextEntry = try Self.bool(value, name)
            case "enablesReturnKeyAutomatically": enablesReturnKeyAutomatically = try Self.bool(value, name)
            case "textContentType":
                if value == .null { textContentType = nil; continue }
                guard let s = value.stringValue else { throw .invalidRequest("traits.textContentType must be a string") }
                textContentType = s
            default:
                throw ProtocolError("invalid-traits", "unknown trait \"\(name)\"")
            }
        }
    }

    static func enumValue<T: RawRepresentable & CaseIterable>(_ value: JSONValue, _ name: String) throws(ProtocolError) -> T where T.RawValue == String {
        guard let s = value.stringValue else { throw ProtocolError("invalid-traits", "traits.\(name) must be a string") }
        guard let v = T(rawValue: s) else {
            let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw ProtocolError("invalid-traits", "traits.\(name): unknown value \"\(s)\" (one of: \(allowed))")
        }
        return v
    }

    static func bool(_ value: JSONValue, _ name: String) throws(ProtocolError) -> Bool {
        guard let b = value.boolValue else { throw ProtocolError("invalid-traits", "traits.\(name) must be true or false") }
        return b
    }
}
