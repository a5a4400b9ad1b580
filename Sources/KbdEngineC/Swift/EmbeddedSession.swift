import KbdEngine
import KbdRuntime
import KbdText

/// A keyboard session for a C host: the JSON-lines protocol's model (a mirror of the host's text
/// behind a recorder, see `ProtocolSession`) driven by front-end calls instead of request lines.
///
/// Calls edit the mirror; the edits pile up until the host fetches them (`takeOutput`). Offsets
/// from the host (surrounding text) are code points; edits carry both cluster and code-point
/// counts. A session belongs to one thread at a time.
final class EmbeddedSession {
    let document: InMemoryDocument
    private let recorder: MeasuringRecorder
    let session: KeyboardSession
    /// The engine's settings; content types adjust a copy.
    private let baseSettings: SessionSettings
    /// Edits made but not yet handed to the host.
    private var pending: [MeasuredEdit] = []
    /// The bar last handed to the host: what `select` indexes.
    private var shownBar: [Suggestion]?
    private var focusCount = 0

    init(runtime: KeyboardRuntime) throws {
        document = InMemoryDocument(text: "", identifier: "field-0")
        recorder = MeasuringRecorder(document, text: try TextServices(locale: "en"))
        session = try runtime.makeSession(document: recorder)
        baseSettings = session.settings
    }

    private func collect() { pending.append(contentsOf: recorder.drain()) }

    /// A key event (X11 keysym and mask): whether kbd took it.
    func processKey(keysym: UInt32, modifiers: UInt32) -> Bool {
        guard let key = Keysym.key(for: keysym) else { return false }
        let disposition = session.handle(KeyEvent(key, modifiers: KeyModifiers(rawValue: modifiers)))
        collect()
        return disposition == .accepted
    }

    /// The host's text: `text` with the cursor and the selection's other end at code-point offsets.
    func setSurroundingText(_ text: String, cursor: Int, anchor: Int) throws(CError) {
        let scalars = text.unicodeScalars
        let count = scalars.count
        guard (0...count).contains(cursor), (0...count).contains(anchor) else {
            throw CError(.outOfRange, "kbd_session_set_surrounding_text: cursor \(cursor) or anchor \(anchor) outside the text's \(count) code points")
        }
        let lo = scalars.index(scalars.startIndex, offsetBy: min(cursor, anchor))
        let hi = scalars.index(lo, offsetBy: abs(cursor - anchor))
        let before = String(scalars[..<lo])
        let selected = String(scalars[lo..<hi])
        let after = String(scalars[hi...])
        // The host reporting what the mirror already holds (often the effect of kbd's own edits):
        // keep composition state, so BackSpace can still undo an autocorrection.
        if selected.isEmpty, document.selectedText == nil, document.markedText == nil,
           Self.isWindow(before, ofEnd: document.textBeforeCursor), Self.isWindow(after, ofStart: document.textAfterCursor) {
            return
        }
        collect()
        document.replaceAll(before: before, after: after, selected: selected)
        session.textDidChange()
    }

    /// Whether `window` is `text`, or its end cut at a line start (hosts such as GTK report the
    /// current paragraph only).
    static func isWindow(_ window: String, ofEnd text: String) -> Bool {
        guard text.hasSuffix(window) else { return false }
        let rest = text.utf8.dropLast(window.utf8.count)
        return rest.isEmpty || rest.last == UInt8(ascii: "\n")
    }

    /// Whether `window` is `text`, or its start cut at a line end.
    static func isWindow(_ window: String, ofStart text: String) -> Bool {
        guard text.hasPrefix(window) else { return false }
        let rest = text.utf8.dropFirst(window.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "\n")
    }

    func setContentType(_ type: ContentType) {
        session.settings = type.applied(to: baseSettings)
    }

    /// Takes suggestion `index` of the bar last shown (or of the current one).
    func select(_ index: Int) throws(CError) {
        let bar = shownBar ?? session.suggestions
        guard bar.indices.contains(index) else {
            throw CError(.outOfRange, "kbd_session_select_suggestion: no suggestion \(index): the bar holds \(bar.count)")
        }
        session.insertSuggestion(bar[index])
        collect()
    }

    func focusIn() {
        collect()
        focusCount += 1
        document.replaceAll(before: "", after: "", identifier: "field-\(focusCount)")
        session.textDidChange()
        session.reset()
        collect()
    }

    func focusOut() { reset() }

    func reset() {
        session.reset()
        collect()
    }

    /// The edits made since the last call (forgotten) and the current bar (remembered for `select`).
    func takeOutput() -> (edits: [MeasuredEdit], bar: [Suggestion]) {
        collect()
        let edits = pending
        pending.removeAll(keepingCapacity: true)
        let bar = session.suggestions
        shownBar = bar
        return (edits, bar)
    }
}
