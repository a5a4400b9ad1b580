/// The user's settings, shared by `kbd-dict` and every engine.
///
/// Stored as text rows (`setting` table); unknown keys written by a newer build are kept and
/// ignored. Defaults follow iOS: no full access, so nothing learned is written to the store.
public struct StoreSettings: Sendable, Equatable, Codable {
    /// How eagerly the engine autocorrects.
    public enum Autocorrection: String, Sendable, Codable, CaseIterable {
        case off, conservative, normal, aggressive
    }

    /// Full access (`RequestsOpenAccess`): without it the engine opens the store read-only and
    /// learns in memory only. Key `full-access`, default off.
    public var fullAccess = false
    /// Learning new words and pairs from what is typed. Key `learning`, default on.
    public var learning = true
    /// Key `autocorrection`: `off`, `conservative`, `normal` (default) or `aggressive`.
    public var autocorrection = Autocorrection.normal
    /// Capitalise sentence starts. Key `autocapitalization`, default on.
    public var autocapitalization = true
    /// Half-life of learned counts, in days. Key `learning-half-life-days`, default 30.
    public var learningHalfLifeDays = 30

    public init() {}

    /// The keys, in the order `settings get` lists them.
    public static let keys = ["full-access", "learning", "autocorrection", "autocapitalization", "learning-half-life-days"]

    /// What each key accepts, for help and errors.
    public static let accepted: [String: String] = [
        "full-access": "on or off",
        "learning": "on or off",
        "autocorrection": Autocorrection.allCases.map(\.rawValue).joined(separator: ", "),
        "autocapitalization": "on or off",
        "learning-half-life-days": "a whole number of days, 1…3650",
    ]

    /// The value of `key` as text (`on`/`off` for switches), or nil for an unknown key.
    public func value(for key: String) -> String? {
        switch key {
        case "full-access": return fullAccess ? "on" : "off"
        case "learning": return learning ? "on" : "off"
        case "autocorrection": return autocorrection.rawValue
        case "autocapitalization": return autocapitalization ? "on" : "off"
        case "learning-half-life-days": return String(learningHalfLifeDays)
        default: return nil
        }
    }

    /// Sets `key` from text, or throws `.invalidInput` naming the key and what it accepts.
    public mutating func set(_ key: String, to text: String) throws {
        func fail() -> StoreError {
            if let accepted = StoreSettings.accepted[key] {
                return StoreError(.invalidInput, "setting \(key): \(text.debugDescription) is not accepted (\(accepted))")
            }
            return StoreError(.invalidInput, "setting \(key.debugDescription): unknown (known: \(StoreSettings.keys.joined(separator: ", ")))")
        }
        func flag() throws -> Bool {
            switch text.lowercased() {
            case "on", "true", "yes", "1": return true
            case "off", "false", "no", "0": return false
            default: throw fail()
            }
        }
        switch key {
        case "full-access": fullAccess = try flag()
        case "learning": learning = try flag()
        case "autocorrection":
            guard let level = Autocorrection(rawValue: text.lowercased()) else { throw fail() }
            autocorrection = level
        case "autocapitalization": autocapitalization = try flag()
        case "learning-half-life-days":
            guard let days = Int(text), (1...3650).contains(days) else { throw fail() }
            learningHalfLifeDays = days
        default: throw fail()
        }
    }

    /// Settings from stored rows; unknown keys and unreadable values are ignored (defaults).
    init(rows: [String: String]) {
        for (key, value) in rows { try? set(key, to: value) }
    }

    /// The decay that `learningHalfLifeDays` describes.
    public var decay: LearningDecay { LearningDecay(halfLifeDays: learningHalfLifeDays) }
}
