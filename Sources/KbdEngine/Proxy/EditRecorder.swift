/// A proxy that forwards every operation to another one and records it as a ``ProxyEdit``.
///
/// The JSON-lines protocol and the C ABI put one in front of their mirror of the host's text:
/// the engine edits the mirror, the recorded edits go to the host. Consecutive insertions are
/// merged into one, as are consecutive deletions. One thread at a time.
public final class EditRecorder: TextDocumentProxy {
    public let target: any TextDocumentProxy
    public private(set) var edits: [ProxyEdit] = []

    public init(_ target: any TextDocumentProxy) { self.target = target }

    /// Returns the edits recorded since the last call and forgets them.
    public func drain() -> [ProxyEdit] {
        defer { edits.removeAll(keepingCapacity: true) }
        return edits
    }

    public var documentContextBeforeInput: String? { target.documentContextBeforeInput }
    public var documentContextAfterInput: String? { target.documentContextAfterInput }
    public var selectedText: String? { target.selectedText }
    public var markedText: String? { target.markedText }
    public var documentIdentifier: String { target.documentIdentifier }
    public var hasText: Bool { target.hasText }

    public func insertText(_ text: String) {
        guard !text.isEmpty else { return }
        target.insertText(text)
        if case .insertText(let previous)? = edits.last {
            edits[edits.count - 1] = .insertText(previous + text)
        } else {
            edits.append(.insertText(text))
        }
    }

    public func deleteBackward(_ count: Int) {
        guard count > 0 else { return }
        // With a selection, a deletion removes only the selection: never merge across that.
        let mergeable = target.selectedText == nil
        target.deleteBackward(count)
        if mergeable, case .deleteBackward(let previous)? = edits.last {
            edits[edits.count - 1] = .deleteBackward(previous + count)
        } else {
            edits.append(.deleteBackward(count))
        }
    }

    public func adjustTextPosition(byCharacterOffset offset: Int) {
        guard offset != 0 else { return }
        target.adjustTextPosition(byCharacterOffset: offset)
        edits.append(.adjustTextPosition(offset))
    }

    public func setMarkedText(_ text: String, selectedRange: Range<Int>) {
        target.setMarkedText(text, selectedRange: selectedRange)
        edits.append(.setMarkedText(text, selectedRange: selectedRange))
    }

    public func unmarkText() {
        target.unmarkText()
        edits.append(.unmarkText)
    }
}
