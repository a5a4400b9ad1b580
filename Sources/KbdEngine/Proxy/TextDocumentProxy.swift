/// The text a keyboard edits, as `UITextDocumentProxy` presents it to an iOS keyboard extension.
///
/// Units: every count and offset is in **grapheme clusters** (user-perceived characters, as ICU
/// segments them): `deleteBackward(1)` removes a whole emoji family or a letter with its accents,
/// `adjustTextPosition(byCharacterOffset: -1)` steps over one of them. Context strings are windows
/// around the cursor, not necessarily the whole document (hosts bound them, as iOS does).
///
/// Implementations are used from one thread at a time (the session's).
public protocol TextDocumentProxy: AnyObject {
    /// Text before the cursor (or before the selection), possibly only its last part; nil when none.
    var documentContextBeforeInput: String? { get }
    /// Text after the cursor (after the selection), possibly only its first part; nil when none.
    var documentContextAfterInput: String? { get }
    /// The selected text, or nil when the selection is empty.
    var selectedText: String? { get }
    /// The marked (provisional, composing) text, or nil when none.
    var markedText: String? { get }
    /// Identifies the document (field) being edited; a new one means a new text field.
    var documentIdentifier: String { get }
    /// Whether the document holds any text at all.
    var hasText: Bool { get }

    /// Inserts `text` at the cursor, replacing the selection or the marked text, and unmarks.
    func insertText(_ text: String)
    /// Deletes the selection if there is one, else `count` grapheme clusters before the cursor.
    func deleteBackward(_ count: Int)
    /// Moves the cursor by `offset` grapheme clusters (negative: towards the start), clamped to
    /// the document; collapses the selection and commits marked text first.
    func adjustTextPosition(byCharacterOffset offset: Int)
    /// Replaces the marked text (or the selection) with `text` marked as provisional; the cursor
    /// and selection go to `selectedRange`, in grapheme clusters from the start of `text`.
    func setMarkedText(_ text: String, selectedRange: Range<Int>)
    /// Commits the marked text as ordinary text, leaving the cursor where it is.
    func unmarkText()
}

extension TextDocumentProxy {
    /// Deletes the selection, or one grapheme cluster before the cursor.
    public func deleteBackward() { deleteBackward(1) }
}
