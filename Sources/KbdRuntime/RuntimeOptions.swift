import KbdEngine

/// How to set up a keyboard runtime: where its language model and shared store are, and the
/// settings new sessions start with. The same for `kbd-engine` and the C library.
public struct RuntimeOptions: Sendable {
    /// Settings every new session starts with (traits, locale, bar size…). Autocorrection and
    /// auto-capitalisation come from the store's settings unless overridden below.
    public var settings = SessionSettings()
    /// The autocorrection level, whatever the store's settings say (`--no-autocorrect`).
    public var autocorrectionOverride: AutocorrectionLevel?
    /// Auto-capitalisation on or off, whatever the store's settings say (`--no-autocap`).
    public var autocapitalizationOverride: Bool?
    /// The language model file; nil: the default model (see `ModelLocator`).
    public var modelPath: String?
    /// Run without a language model (no completions or predictions).
    public var withoutModel = false
    /// The app group whose shared store to open; nil: `group.kbd.default`.
    public var appGroup: String?
    /// The shared store's database file, instead of the app group's.
    public var storePath: String?
    /// Do not open the shared store at all.
    public var withoutStore = false
    /// The environment the store's location is resolved from (`KBD_APP_GROUP_DIR`, `XDG_DATA_HOME`, `HOME`).
    public var environment: [String: String]?

    public init() {}
}
