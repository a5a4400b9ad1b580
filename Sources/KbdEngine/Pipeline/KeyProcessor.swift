/// What a key processor did with a key (librime's processor results).
public enum KeyDisposition: Sendable, Equatable {
    /// The key was consumed: the keyboard acted on it.
    case accepted
    /// The key is not the keyboard's: the host should do its default (Ctrl shortcuts, Escape
    /// with nothing to cancel, BackSpace in an empty field).
    case rejected
    /// Not this processor's key: ask the next one.
    case pass
}

/// One stage of the key pipeline: looks at a key and the editor state, edits the document
/// through the state's proxy, and says whether it took the key.
///
/// Processors are values configured once; all they change is the state they are handed.
public protocol KeyProcessor: Sendable {
    func process(_ key: KeyEvent, _ state: inout EditorState) -> KeyDisposition
}
