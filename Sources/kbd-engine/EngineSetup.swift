import KbdEngine
import KbdProtocol

/// What every mode needs before the first key: the settings and the session's sources.
struct EngineSetup {
    let settings: SessionSettings

    init(options: EngineOptions, settings: SessionSettings) throws {
        self.settings = settings
    }

    /// Adds the candidate sources and the corrector to a new session.
    func configure(_ session: KeyboardSession) {
    }
}
