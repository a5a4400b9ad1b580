import KbdEngine

/// The JSON-lines protocol (version 1) over one keyboard session: one request line in, one
/// reply line out. See docs/PROTOCOL.md.
///
/// The host's text is mirrored in an in-memory document: the engine edits the mirror, and the
/// edits it made are the reply. `context` requests resynchronise the mirror with the host.
/// One thread at a time.
public final class ProtocolSession {
    /// The protocol version this build speaks.
    public static let version = 1

    /// The mirror of the host's text.
    public let document: InMemoryDocument
    private let recorder: EditRecorder
    /// The keyboard session behind the protocol.
    public let session: KeyboardSession
    private var lastBar: [Suggestion] = []

    /// A protocol session with `settings`; the mirror holds `text` initially.
    public convenience init(settings: SessionSettings, text: String = "") throws {
        try self.init(text: text) { try KeyboardSession(document: $0, settings: settings) }
    }

    /// A protocol session whose keyboard session `makeSession` builds over the given proxy.
    public init(text: String = "", makeSession: (any TextDocumentProxy) throws -> KeyboardSession) throws {
        document = InMemoryDocument(text: text)
        recorder = EditRecorder(document)
        session = try makeSession(recorder)
    }

    /// The reply line (no newline) to one request line.
    public func reply(to line: some StringProtocol) -> String {
        do {
            let request = try JSONParser.parse(line)
            return JSONWriter.line(try handle(request))
        } catch let failure as JSONParser.Failure {
            return Self.errorLine(.invalidJSON(failure))
        } catch let error as ProtocolError {
            _ = recorder.drain()
            return Self.errorLine(error)
        } catch {
            return Self.errorLine(ProtocolError("internal", "\(error)"))
        }
    }

    /// The reply line to one request line given as bytes (invalid UTF-8 is an error reply).
    public func reply(toBytes line: some Collection<UInt8>) -> String {
        guard let text = String(validating: line, as: UTF8.self) else {
            return Self.errorLine(ProtocolError("invalid-utf8", "the request line is not valid UTF-8"))
        }
        return reply(to: text)
    }

    /// An error reply line.
    public static func errorLine(_ error: ProtocolError) -> String {
        JSONWriter.line(.object([("error", .object([("code", .string(error.code)), ("message", .string(error.message))]))]))
    }

    /// Carries out one request and builds its reply.
    public func handle(_ request: JSONValue) throws(ProtocolError) -> JSONValue {
        guard let members = request.objectMembers else {
            throw .invalidRequest("a request is a JSON object, not \(request.typeName)")
        }
        var extra: [(String, JSONValue)] = []
        if let key = request["key"] {
            let event = try Self.keyEvent(key, modifiers: request["modifiers"])
            let disposition = session.handle(event)
            extra.append(("handled", .bool(disposition == .accepted)))
        } else if let script = request["keys"] {
            guard let s = script.stringValue else { throw .invalidRequest("\"keys\" must be a key script string") }
            let (keys, problems) = KeyScript.parse(s)
            if let problem = problems.first { throw ProtocolError("unknown-key", problem.description) }
            for key in keys { session.handle(key) }
        } else if let select = request["select"] {
            guard let index = select.intValue else { throw .invalidRequest("\"select\" must be a whole number") }
            guard lastBar.indices.contains(index) else {
                throw ProtocolError("no-such-suggestion", "no suggestion \(index): the last reply offered \(lastBar.count)")
            }
            session.insertSuggestion(lastBar[index])
        } else if let context = request["context"] {
            try applyContext(context)
        } else if let traits = request["traits"] {
            session.traits = try InputTraits(json: traits)
        } else if let reset = request["reset"] {
            guard reset.boolValue != nil else { throw .invalidRequest("\"reset\" must be true") }
            session.reset()
        } else if request["version"] != nil {
            extra.append(("protocol", .number(Double(Self.version))))
            extra.append(("engine", .string("kbd")))
            extra.append(("locale", .string(session.settings.locale)))
        } else if request["document"] != nil {
            var doc: [(String, JSONValue)] = [
                ("before", .string(document.textBeforeCursor)),
                ("after", .string(document.textAfterCursor)),
            ]
            if let selected = document.selectedText { doc.append(("selected", .string(selected))) }
            if let marked = document.markedText { doc.append(("marked", .string(marked))) }
            extra.append(("document", .object(doc)))
        } else {
            let names = members.map { "\"\($0.0)\"" }.joined(separator: ", ")
            throw .invalidRequest("no request in \(names.isEmpty ? "{}" : names): expected key, keys, select, context, traits, reset, version or document")
        }
        return buildReply(extra)
    }

    private func buildReply(_ extra: [(String, JSONValue)]) -> JSONValue {
        let edits = recorder.drain().map(Self.json)
        lastBar = session.suggestions
        let bar = lastBar.map { s in
            JSONValue.object([("text", .string(s.text)), ("kind", .string(s.kind.rawValue))]
                             + (s.isAutocorrection ? [("autocorrect", .bool(true))] : []))
        }
        return .object([("edits", .array(edits)), ("suggestions", .array(bar))] + extra)
    }

    private func applyContext(_ context: JSONValue) throws(ProtocolError) {
        guard context.objectMembers != nil else { throw .invalidRequest("\"context\" must be an object") }
        func text(_ name: String) throws(ProtocolError) -> String {
            guard let value = context[name] else { return "" }
            guard let s = value.stringValue else { throw .invalidRequest("context.\(name) must be a string") }
            return s
        }
        let identifier = context["document"].flatMap(\.stringValue)
        if context["document"] != nil, identifier == nil { throw .invalidRequest("context.document must be a string") }
        document.replaceAll(before: try text("before"), after: try text("after"), selected: try text("selected"), identifier: identifier)
        session.textDidChange()
    }

    /// The key event a `key` request names, with optional `modifiers` (X11 mask or names).
    static func keyEvent(_ key: JSONValue, modifiers: JSONValue?) throws(ProtocolError) -> KeyEvent {
        guard let name = key.stringValue else { throw .invalidRequest("\"key\" must be a string: a character or a keysym name") }
        guard let k = KeyNames.key(named: name) else {
            throw ProtocolError("unknown-key", "unknown key \"\(name)\": use one character or an X11 keysym name such as BackSpace")
        }
        var mask = KeyModifiers()
        switch modifiers {
        case nil, .null?: break
        case .number?:
            guard let raw = modifiers?.intValue, raw >= 0, raw <= Int(UInt32.max) else { throw .invalidRequest("\"modifiers\" out of range") }
            mask = KeyModifiers(rawValue: UInt32(raw))
        case .array(let names)?:
            for n in names {
                switch n.stringValue {
                case "shift"?: mask.insert(.shift)
                case "control"?, "ctrl"?: mask.insert(.control)
                case "alt"?: mask.insert(.alt)
                case "super"?: mask.insert(.superKey)
                case "release"?: mask.insert(.release)
                default: throw .invalidRequest("unknown modifier \(n.stringValue.map { "\"\($0)\"" } ?? n.typeName): shift, control, alt, super or release")
                }
            }
        default:
            throw .invalidRequest("\"modifiers\" must be an X11 mask number or a list of names")
        }
        return KeyEvent(k, modifiers: mask)
    }

    static func json(_ edit: ProxyEdit) -> JSONValue {
        switch edit {
        case .insertText(let s): return .object([("insertText", .string(s))])
        case .deleteBackward(let n): return .object([("deleteBackward", .number(Double(n)))])
        case .adjustTextPosition(let n): return .object([("adjustTextPosition", .number(Double(n)))])
        case .setMarkedText(let s, let r):
            return .object([("setMarkedText", .string(s)),
                            ("selectedRange", .array([.number(Double(r.lowerBound)), .number(Double(r.upperBound))]))])
        case .unmarkText: return .object([("unmarkText", .bool(true))])
        }
    }
}
