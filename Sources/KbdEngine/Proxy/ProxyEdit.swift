/// One edit a keyboard made to a ``TextDocumentProxy``: what the JSON-lines protocol and the
/// C ABI hand to the host, in order. Counts are grapheme clusters.
public enum ProxyEdit: Sendable, Equatable, CustomStringConvertible {
    case insertText(String)
    case deleteBackward(Int)
    case adjustTextPosition(Int)
    case setMarkedText(String, selectedRange: Range<Int>)
    case unmarkText

    public var description: String {
        switch self {
        case .insertText(let s): return "insertText(\(s.debugDescription))"
        case .deleteBackward(let n): return "deleteBackward(\(n))"
        case .adjustTextPosition(let n): return "adjustTextPosition(\(n))"
        case .setMarkedText(let s, let r): return "setMarkedText(\(s.debugDescription), \(r))"
        case .unmarkText: return "unmarkText"
        }
    }

    /// Applies this edit to `proxy`.
    public func apply(to proxy: some TextDocumentProxy) {
        switch self {
        case .insertText(let s): proxy.insertText(s)
        case .deleteBackward(let n): proxy.deleteBackward(n)
        case .adjustTextPosition(let n): proxy.adjustTextPosition(byCharacterOffset: n)
        case .setMarkedText(let s, let r): proxy.setMarkedText(s, selectedRange: r)
        case .unmarkText: proxy.unmarkText()
        }
    }
}
