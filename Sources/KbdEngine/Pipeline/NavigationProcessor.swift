/// Cursor keys, Delete and Escape, all through `adjustTextPosition` and `deleteBackward`.
///
/// Left/Right step one grapheme cluster; Home/End go to the start/end of the line; Up/Down go
/// to the same column (in clusters) of the line above/below, or to the start/end of the text
/// when there is none; Delete removes the selection or the cluster after the cursor; Escape
/// commits marked text and drops composition state, and goes to the host when there was none.
public struct NavigationProcessor: KeyProcessor {
    public init() {}

    public func process(_ key: KeyEvent, _ state: inout EditorState) -> KeyDisposition {
        guard case .named(let named) = key.key else { return .pass }
        let doc = state.document
        switch named {
        case .left: doc.adjustTextPosition(byCharacterOffset: -1)
        case .right: doc.adjustTextPosition(byCharacterOffset: 1)
        case .home: moveToLineStart(state)
        case .end: moveToLineEnd(state)
        case .up: moveVertically(up: true, state)
        case .down: moveVertically(up: false, state)
        case .delete:
            if doc.selectedText != nil {
                doc.deleteBackward(1)
            } else if doc.documentContextAfterInput != nil {
                doc.adjustTextPosition(byCharacterOffset: 1)
                doc.deleteBackward(1)
            }
        case .escape:
            let hadComposition = doc.markedText != nil || state.shift != .off || state.lastCorrection != nil
            if doc.markedText != nil { doc.unmarkText() }
            state.resetComposition()
            return hadComposition ? .accepted : .rejected
        case .pageUp, .pageDown:
            return .rejected
        default:
            return .pass
        }
        state.resetComposition()
        return .accepted
    }

    /// Clusters from the start of the current line to the cursor. Reads further back through
    /// the proxy's window when the line is longer than one window.
    private func moveToLineStart(_ state: EditorState) {
        let doc = state.document
        // The proxy shows a window; step window by window until a line break or the start.
        for _ in 0..<1_000_000 {
            guard let before = doc.documentContextBeforeInput, !before.isEmpty else { return }
            if let newline = before.lastIndex(where: { $0.isNewline }) {
                let tail = before[before.index(after: newline)...]
                doc.adjustTextPosition(byCharacterOffset: -state.text.graphemeCount(tail))
                return
            }
            doc.adjustTextPosition(byCharacterOffset: -state.text.graphemeCount(before))
        }
    }

    private func moveToLineEnd(_ state: EditorState) {
        let doc = state.document
        for _ in 0..<1_000_000 {
            guard let after = doc.documentContextAfterInput, !after.isEmpty else { return }
            if let newline = after.firstIndex(where: { $0.isNewline }) {
                doc.adjustTextPosition(byCharacterOffset: state.text.graphemeCount(after[..<newline]))
                return
            }
            doc.adjustTextPosition(byCharacterOffset: state.text.graphemeCount(after))
        }
    }

    private func moveVertically(up: Bool, _ state: EditorState) {
        let doc = state.document
        let before = doc.documentContextBeforeInput ?? ""
        let after = doc.documentContextAfterInput ?? ""
        let lineStart = before.lastIndex(where: { $0.isNewline }).map { before.index(after: $0) } ?? before.startIndex
        let column = state.text.graphemeCount(before[lineStart...])
        if up {
            guard lineStart > before.startIndex else {
                moveToDocumentEdge(start: true, state)
                return
            }
            let previousLineEnd = before.index(before: lineStart)
            let previousLine = before[..<previousLineEnd]
            let previousStart = previousLine.lastIndex(where: { $0.isNewline }).map { previousLine.index(after: $0) } ?? previousLine.startIndex
            let previousLength = state.text.graphemeCount(previousLine[previousStart...])
            let target = min(column, previousLength)
            doc.adjustTextPosition(byCharacterOffset: -(column + 1 + previousLength - target))
        } else {
            guard let lineEnd = after.firstIndex(where: { $0.isNewline }) else {
                moveToDocumentEdge(start: false, state)
                return
            }
            let rest = state.text.graphemeCount(after[..<lineEnd])
            let nextLine = after[after.index(after: lineEnd)...]
            let nextEnd = nextLine.firstIndex(where: { $0.isNewline }) ?? nextLine.endIndex
            let nextLength = state.text.graphemeCount(nextLine[..<nextEnd])
            doc.adjustTextPosition(byCharacterOffset: rest + 1 + min(column, nextLength))
        }
    }

    private func moveToDocumentEdge(start: Bool, _ state: EditorState) {
        let doc = state.document
        for _ in 0..<1_000_000 {
            let window = start ? doc.documentContextBeforeInput : doc.documentContextAfterInput
            guard let text = window, !text.isEmpty else { return }
            let n = state.text.graphemeCount(text)
            doc.adjustTextPosition(byCharacterOffset: start ? -n : n)
        }
    }
}
