import KbdEngine
import KbdProtocol
import KbdRuntime

/// What every mode needs before the first key: the runtime (model, store) and the settings.
struct EngineSetup {
    let runtime: KeyboardRuntime
    var settings: SessionSettings { runtime.sessionSettings }

    init(options: EngineOptions, settings: SessionSettings) throws {
        var runtimeOptions = RuntimeOptions()
        runtimeOptions.settings = settings
        if options.noAutocorrect {
            runtimeOptions.autocorrectionOverride = .off
        } else if let level = options.autocorrectLevel {
            runtimeOptions.autocorrectionOverride = AutocorrectionLevel(rawValue: level)
        }
        if options.noAutocap { runtimeOptions.autocapitalizationOverride = false }
        runtimeOptions.modelPath = options.model
        runtimeOptions.appGroup = options.appGroup
        runtimeOptions.storePath = options.store
        runtime = try KeyboardRuntime(options: runtimeOptions) { Diagnostics.shared.report($0) }
    }

    /// A session over `document`.
    func makeSession(document: any TextDocumentProxy) throws -> KeyboardSession {
        try runtime.makeSession(document: document)
    }
}
