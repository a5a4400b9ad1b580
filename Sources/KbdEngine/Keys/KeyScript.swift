/// A key script: literal characters, each a key tap, and `{Name}` for named keys
/// (`helo{space}wrld{BackSpace}`). `{braceleft}` types a `{`.
public enum KeyScript {
    /// A problem found in a script, at a character offset (grapheme clusters from its start).
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var message: String
        public var description: String { "key script, character \(offset): \(message)" }
    }

    /// The keys of `script`, and the problems met (unknown names are skipped; the rest goes on).
    public static func parse(_ script: String) -> (keys: [KeyEvent], problems: [Problem]) {
        var keys: [KeyEvent] = []
        var problems: [Problem] = []
        var index = script.startIndex
        var offset = 0
        while index < script.endIndex {
            let c = script[index]
            if c == "{" {
                let nameStart = script.index(after: index)
                if let close = script[nameStart...].firstIndex(of: "}") {
                    let name = String(script[nameStart..<close])
                    if let key = KeyNames.key(named: name) {
                        keys.append(KeyEvent(key))
                    } else if name.isEmpty {
                        problems.append(Problem(offset: offset, message: "empty key name {}; write {braceleft} for a literal {"))
                    } else {
                        problems.append(Problem(offset: offset, message: "unknown key name {\(name)}, skipped"))
                    }
                    offset += script[index...close].count
                    index = script.index(after: close)
                    continue
                }
                problems.append(Problem(offset: offset, message: "unclosed { (write {braceleft} for a literal {)"))
                keys.append(.character("{"))
            } else if let key = KeyNames.key(named: String(c)) {
                // One character: itself, with space/newline/tab as their keys.
                keys.append(KeyEvent(key))
            }
            offset += 1
            index = script.index(after: index)
        }
        return (keys, problems)
    }
}
