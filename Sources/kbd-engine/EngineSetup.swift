import KbdEngine
import KbdProtocol
import KbdRuntime

/// What every mode needs before the first key: the runtime (model, store) and the settings.
struct EngineSetup {
    let runtime: KeyboardRuntime
    var settings: SessionSettings { runtime.options.settings }

    init(options: EngineOptions, settings: SessionSettings) throws {
        var runtimeOptions = RuntimeOptions()
        runtimeOptions.settings = settings
        runtimeOptions.modelPath = options.model
        runtimeOptions.appGroup = options.appGroup
        runtimeOptions.storePath = options.store
        runtime = try KeyboardRuntime(options: runtimeOptions)
    }

    /// A session over `document`.
    func makeSession(document: any TextDocumentProxy) throws -> KeyboardSession {
        try runtime.makeSession(document: document)
    }
}
