import Foundation
import KbdEngine
import KbdLexicon
import KbdStore

/// Everything sessions share: the language model and the shared store. Open one per process
/// (or per engine handle of the C library) and make a session per text field.
///
/// Thread-safe: sessions may be made from any thread; each session then belongs to one thread.
public final class KeyboardRuntime: Sendable {
    public let options: RuntimeOptions
    /// The language model (memory-mapped, shared by all sessions), or nil when run without.
    public let model: LanguageModel?
    /// Where the shared store is, or nil when run without one.
    public let storeLocation: StoreLocation?
    /// The store's settings when the runtime opened (full access, learning, autocorrection…).
    public let storeSettings: StoreSettings
    /// Persists learning; only with full access, learning on and not incognito.
    private let writer: LearningWriter?

    /// Opens the model and the store the options name. A store that cannot be used is an error
    /// when it was named (`storePath`, `appGroup`); the default one is skipped with a warning
    /// through `warn` so that the keyboard still works.
    public init(options: RuntimeOptions, warn: (String) -> Void = { _ in }) throws {
        self.options = options
        if options.withoutModel {
            model = nil
        } else if let path = options.modelPath {
            model = try LanguageModel(path: path)
        } else {
            model = try ModelLocator.loadDefault()
        }
        var location: StoreLocation?
        var settings = StoreSettings()
        if !options.withoutStore {
            let explicit = options.storePath != nil || options.appGroup != nil
            do {
                let resolved = try StoreLocation.resolve(
                    appGroup: options.appGroup, store: options.storePath,
                    environment: options.environment ?? ProcessInfo.processInfo.environment)
                // Incognito writes nothing: it reads a store that exists but never creates one.
                if !(options.settings.incognito && !resolved.databaseExists) {
                    let reader = try StoreReader(location: resolved)
                    settings = try reader.loadSettings()
                    reader.close()
                    location = resolved
                }
            } catch {
                if explicit { throw error }
                warn("shared store not used: \(error)")
            }
        }
        storeLocation = location
        storeSettings = settings
        if let location, settings.fullAccess, settings.learning, !options.settings.incognito {
            writer = try? LearningWriter(location: location)
        } else {
            writer = nil
        }
    }

    /// The settings new sessions start with: the options', with the store's autocorrection and
    /// auto-capitalisation unless the options override them.
    public var sessionSettings: SessionSettings {
        var s = options.settings
        switch storeSettings.autocorrection {
        case .off: s.autocorrection = .off
        case .conservative, .normal: s.autocorrection = .modest
        case .aggressive: s.autocorrection = .aggressive
        }
        s.autocapitalization = storeSettings.autocapitalization
        if let level = options.autocorrectionOverride { s.autocorrection = level }
        if let on = options.autocapitalizationOverride { s.autocapitalization = on }
        return s
    }

    /// A new session editing `document`, with the runtime's settings, sources and learning.
    public func makeSession(document: any TextDocumentProxy) throws -> KeyboardSession {
        let session = try KeyboardSession(document: document, settings: sessionSettings)
        var overlay: LearningOverlay?
        if let model {
            let predictor = Predictor(model: model)
            overlay = predictor.overlay
            session.addSource(LexiconSource(predictor: predictor))
            let corrections = CorrectionSource(predictor: predictor, settings: session.settings)
            session.addSource(corrections)
            session.setCorrector(corrections)
        }
        let shortcuts = ShortcutSource()
        session.addSource(shortcuts)
        if let storeLocation {
            let reader = try StoreReader(location: storeLocation)
            let sync = try StoreSync(reader: reader, overlay: overlay, shortcuts: shortcuts)
            session.refresh = { sync.refresh() }
        }
        if let writer {
            session.learningListener = { event in
                switch event {
                case .committed(let word, let previousWords):
                    writer.record(.committed(word: word, previous: previousWords.last, at: Date()))
                case .correctionRejected(let typed, let replacement):
                    writer.record(.undone(word: replacement, previous: nil))
                    writer.record(.committed(word: typed, previous: nil, at: Date()))
                }
            }
        }
        return session
    }

    /// Writes what is pending (learned words) to the store. Call at exit.
    public func close() {
        _ = writer?.close()
    }
}
