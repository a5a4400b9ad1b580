import KbdEngine
import KbdText

/// One edit for a C host: the ``ProxyEdit`` the engine made, with its counts also in code points
/// (the unit IBus and Fcitx5 use for surrounding text and `delete_surrounding_text`).
struct MeasuredEdit: Equatable {
    var edit: ProxyEdit
    /// For deletions and cursor moves: the same amount in Unicode scalars; 0 otherwise.
    var scalarCount: Int
}

/// A proxy in front of the session's mirror document that records every edit, as
/// ``EditRecorder`` does for the JSON-lines protocol (same merging rules), and measures
/// deletions and cursor moves in code points while the text they cover is still there.
///
/// One thread at a time (the session's).
final class MeasuringRecorder: TextDocumentProxy {
    let target: InMemoryDocument
    private let text: TextServices
    private(set) var edits: [MeasuredEdit] = []

    init(_ target: InMemoryDocument, text: TextServices) {
        self.target = target
        self.text = text
    }

    /// The edits recorded since the last call; forgets them.
    func drain() -> [MeasuredEdit] {
        defer { edits.removeAll(keepingCapacity: true) }
        return edits
    }

    var documentContextBeforeInput: String? { target.documentContextBeforeInput }
    var documentContextAfterInput: String? { target.documentContextAfterInput }
    var selectedText: String? { target.selectedText }
    var markedText: String? { target.markedText }
    var documentIdentifier: String { target.documentIdentifier }
    var hasText: Bool { target.hasText }

    func insertText(_ s: String) {
        guard !s.isEmpty else { return }
        target.insertText(s)
        if case .insertText(let previous)? = edits.last?.edit {
            edits[edits.count - 1].edit = .insertText(previous + s)
        } else {
            edits.append(MeasuredEdit(edit: .insertText(s), scalarCount: 0))
        }
    }

    func deleteBackward(_ count: Int) {
        guard count > 0 else { return }
        let selection = target.selectedText
        let scalars = selection.map { $0.unicodeScalars.count } ?? scalarsBefore(clusters: count)
        target.deleteBackward(count)
        if selection == nil, let last = edits.last, case .deleteBackward(let previous) = last.edit {
            edits[edits.count - 1] = MeasuredEdit(edit: .deleteBackward(previous + count), scalarCount: last.scalarCount + scalars)
        } else {
            edits.append(MeasuredEdit(edit: .deleteBackward(count), scalarCount: scalars))
        }
    }

    func adjustTextPosition(byCharacterOffset offset: Int) {
        guard offset != 0 else { return }
        let scalars = offset < 0 ? -scalarsBefore(clusters: -offset) : scalarsAfter(clusters: offset)
        target.adjustTextPosition(byCharacterOffset: offset)
        edits.append(MeasuredEdit(edit: .adjustTextPosition(offset), scalarCount: scalars))
    }

    func setMarkedText(_ s: String, selectedRange: Range<Int>) {
        target.setMarkedText(s, selectedRange: selectedRange)
        edits.append(MeasuredEdit(edit: .setMarkedText(s, selectedRange: selectedRange), scalarCount: 0))
    }

    func unmarkText() {
        target.unmarkText()
        edits.append(MeasuredEdit(edit: .unmarkText, scalarCount: 0))
    }

    // MARK: Measuring

    /// Code points in the last `count` grapheme clusters before the cursor: read from the
    /// context window, or from the whole text when the window is too short.
    private func scalarsBefore(clusters count: Int) -> Int {
        let window = target.documentContextBeforeInput ?? ""
        let start = text.indexBefore(clusters: count, endOf: window)
        if start != window.startIndex || window.utf8.count < target.contextWindowBytes {
            return window.unicodeScalars[start...].count
        }
        let whole = target.textBeforeCursor
        return whole.unicodeScalars[text.indexBefore(clusters: count, endOf: whole)...].count
    }

    /// Code points in the first `count` grapheme clusters after the cursor.
    private func scalarsAfter(clusters count: Int) -> Int {
        let window = target.documentContextAfterInput ?? ""
        let end = text.indexAfter(clusters: count, startOf: window)
        if end != window.endIndex || window.utf8.count < target.contextWindowBytes {
            return window.unicodeScalars[..<end].count
        }
        let whole = target.textAfterCursor
        return whole.unicodeScalars[..<text.indexAfter(clusters: count, startOf: whole)].count
    }
}
