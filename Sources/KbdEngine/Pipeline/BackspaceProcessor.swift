/// BackSpace: undoes an autocorrection made by the key just before, else deletes the selection
/// or one grapheme cluster. In an empty field it goes back to the host.
public struct BackspaceProcessor: KeyProcessor {
    public init() {}

    public func process(_ key: KeyEvent, _ state: inout EditorState) -> KeyDisposition {
        guard key.key == .named(.backSpace) else { return .pass }
        let doc = state.document
        state.smartSpacePending = false
        if let correction = state.lastCorrection, undo(correction, &state) {
            state.lastCorrection = nil
            return .accepted
        }
        state.lastCorrection = nil
        if doc.markedText != nil {
            doc.deleteBackward(1)
            return .accepted
        }
        guard doc.selectedText != nil || doc.documentContextBeforeInput != nil else {
            return doc.hasText ? .accepted : .rejected
        }
        doc.deleteBackward(1)
        return .accepted
    }

    /// Puts back what was typed if the cursor still stands right after the corrected word and
    /// its terminator; the word is then left alone (no correction of it in that place again).
    private func undo(_ correction: AppliedCorrection, _ state: inout EditorState) -> Bool {
        let before = state.textBefore
        let expected = correction.replacement + correction.terminator
        guard before.hasSuffix(expected) else { return false }
        let doc = state.document
        doc.deleteBackward(state.text.graphemeCount(expected))
        doc.insertText(correction.typed)
        state.leftAloneWord = correction.typed
        state.commitEvents.append(.correctionRejected(typed: correction.typed, replacement: correction.replacement))
        return true
    }
}
