#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CKbd
import KbdEngine
import KbdRuntime

// The functions of include/kbd.h. Each one checks its arguments, finds its handle in the
// registry, does its work, and records the outcome (a message on failure, "" on success) for
// `kbd_session_last_error` and `kbd_last_error`. Nothing here may trap on bad input.

// MARK: Handles and outcomes

private func handleNumber(_ pointer: OpaquePointer?) -> UInt {
    pointer.map { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer($0))) } ?? 0
}

private func handlePointer(_ number: UInt) -> OpaquePointer? {
    OpaquePointer(bitPattern: number)
}

/// Runs `body`; a thrown error becomes the status and the thread's (and session's) message.
private func outcome(_ session: Registry.Session? = nil, _ body: () throws(CError) -> Void) -> Int32 {
    do {
        try body()
        ThreadError.clear()
        session?.setError("")
        return CError.Status.ok.rawValue
    } catch {
        ThreadError.set(error.message)
        session?.setError(error.message)
        return error.status.rawValue
    }
}

/// Runs `body` on the session a handle names, or fails with `KBD_ERROR_INVALID_HANDLE`.
private func withSession(_ handle: OpaquePointer?, _ call: String,
                         _ body: (EmbeddedSession) throws(CError) -> Void) -> Int32 {
    guard handle != nil else {
        return outcome { () throws(CError) in throw CError(.invalidHandle, "\(call): the session is NULL") }
    }
    guard let session = Registry.shared.session(handleNumber(handle)) else {
        return outcome { () throws(CError) in
            throw CError(.invalidHandle, "\(call): not a live session (freed, or its engine closed)")
        }
    }
    return outcome(session) { () throws(CError) in try body(session.model) }
}

/// A Swift string from C text, or an invalid-UTF-8 error naming the call.
private func utf8String(_ pointer: UnsafePointer<CChar>, _ call: String) throws(CError) -> String {
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                    count: strlen(pointer))
    guard let s = String(validating: bytes, as: UTF8.self) else {
        throw CError(.invalidUTF8, "\(call): the text is not valid UTF-8")
    }
    return s
}

// MARK: Engines

@_cdecl("kbd_engine_open")
public func kbdEngineOpen(_ optionsJSON: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    outcome { () throws(CError) in
        guard let out else { throw .null("out", in: "kbd_engine_open") }
        out.pointee = nil
        var options = RuntimeOptions()
        if let optionsJSON { options = try RuntimeOptions(json: try utf8String(optionsJSON, "kbd_engine_open")) }
        options.locateInstalledModel()
        let runtime: KeyboardRuntime
        do { runtime = try KeyboardRuntime(options: options) } catch {
            throw CError(.open, "kbd_engine_open: \(error)")
        }
        out.pointee = handlePointer(Registry.shared.add(Registry.Engine(runtime: runtime)))
    }
}

@_cdecl("kbd_engine_close")
public func kbdEngineClose(_ engine: OpaquePointer?) {
    Registry.shared.removeEngine(handleNumber(engine))?.runtime.close()
}

// MARK: Sessions

@_cdecl("kbd_session_new")
public func kbdSessionNew(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    outcome { () throws(CError) in
        guard let out else { throw .null("out", in: "kbd_session_new") }
        out.pointee = nil
        guard engine != nil else { throw CError(.invalidHandle, "kbd_session_new: the engine is NULL") }
        let engineHandle = handleNumber(engine)
        guard let found = Registry.shared.engine(engineHandle) else {
            throw CError(.invalidHandle, "kbd_session_new: not an open engine (closed?)")
        }
        let model: EmbeddedSession
        do { model = try EmbeddedSession(runtime: found.runtime) } catch {
            throw CError(.open, "kbd_session_new: \(error)")
        }
        guard let handle = Registry.shared.add(Registry.Session(model: model, engineHandle: engineHandle)) else {
            throw CError(.invalidHandle, "kbd_session_new: the engine was closed meanwhile")
        }
        out.pointee = handlePointer(handle)
    }
}

@_cdecl("kbd_session_free")
public func kbdSessionFree(_ session: OpaquePointer?) {
    _ = Registry.shared.removeSession(handleNumber(session))
}

@_cdecl("kbd_session_process_key")
public func kbdSessionProcessKey(_ session: OpaquePointer?, _ keysym: UInt32, _ modifiers: UInt32,
                                 _ handled: UnsafeMutablePointer<Int32>?) -> Int32 {
    handled?.pointee = 0
    return withSession(session, "kbd_session_process_key") { s throws(CError) in
        let taken = s.processKey(keysym: keysym, modifiers: modifiers)
        handled?.pointee = taken ? 1 : 0
    }
}

@_cdecl("kbd_session_set_surrounding_text")
public func kbdSessionSetSurroundingText(_ session: OpaquePointer?, _ utf8: UnsafePointer<CChar>?,
                                         _ cursor: Int32, _ anchor: Int32) -> Int32 {
    withSession(session, "kbd_session_set_surrounding_text") { s throws(CError) in
        guard let utf8 else { throw .null("the text", in: "kbd_session_set_surrounding_text") }
        let text = try utf8String(utf8, "kbd_session_set_surrounding_text")
        try s.setSurroundingText(text, cursor: Int(cursor), anchor: Int(anchor))
    }
}

@_cdecl("kbd_session_set_content_type")
public func kbdSessionSetContentType(_ session: OpaquePointer?, _ purpose: UInt32, _ hints: UInt32) -> Int32 {
    withSession(session, "kbd_session_set_content_type") { s throws(CError) in
        s.setContentType(ContentType(purpose: purpose, hints: hints))
    }
}

@_cdecl("kbd_session_select_suggestion")
public func kbdSessionSelectSuggestion(_ session: OpaquePointer?, _ index: Int32) -> Int32 {
    withSession(session, "kbd_session_select_suggestion") { s throws(CError) in try s.select(Int(index)) }
}

@_cdecl("kbd_session_focus_in")
public func kbdSessionFocusIn(_ session: OpaquePointer?) -> Int32 {
    withSession(session, "kbd_session_focus_in") { s throws(CError) in s.focusIn() }
}

@_cdecl("kbd_session_focus_out")
public func kbdSessionFocusOut(_ session: OpaquePointer?) -> Int32 {
    withSession(session, "kbd_session_focus_out") { s throws(CError) in s.focusOut() }
}

@_cdecl("kbd_session_reset")
public func kbdSessionReset(_ session: OpaquePointer?) -> Int32 {
    withSession(session, "kbd_session_reset") { s throws(CError) in s.reset() }
}

// MARK: Output

@_cdecl("kbd_session_get_output")
public func kbdSessionGetOutput(_ session: OpaquePointer?, _ out: UnsafeMutablePointer<kbd_output>?) -> Int32 {
    withSession(session, "kbd_session_get_output") { s throws(CError) in
        guard let out else { throw .null("out", in: "kbd_session_get_output") }
        let needed = MemoryLayout<kbd_output>.size
        guard Int(out.pointee.struct_size) >= needed else {
            throw CError(.invalidArgument, "kbd_session_get_output: struct_size is \(out.pointee.struct_size), at least \(needed) needed (set it to sizeof(kbd_output))")
        }
        let size = out.pointee.struct_size
        let (edits, bar) = s.takeOutput()
        out.pointee = kbd_output()
        out.pointee.struct_size = size
        if !edits.isEmpty {
            let array = malloc(MemoryLayout<kbd_edit>.stride * edits.count)!.bindMemory(to: kbd_edit.self, capacity: edits.count)
            for (i, e) in edits.enumerated() { array[i] = cEdit(e) }
            out.pointee.edits = UnsafePointer(array)
            out.pointee.edit_count = Int32(edits.count)
        }
        if !bar.isEmpty {
            let array = malloc(MemoryLayout<kbd_suggestion>.stride * bar.count)!.bindMemory(to: kbd_suggestion.self, capacity: bar.count)
            for (i, suggestion) in bar.enumerated() {
                array[i] = kbd_suggestion(text: UnsafePointer(strdup(suggestion.text)), kind: UnsafePointer(strdup(suggestion.kind.rawValue)))
            }
            out.pointee.suggestions = UnsafePointer(array)
            out.pointee.suggestion_count = Int32(bar.count)
        }
    }
}

private func cEdit(_ measured: MeasuredEdit) -> kbd_edit {
    var e = kbd_edit()
    switch measured.edit {
    case .insertText(let text):
        e.kind = KBD_EDIT_INSERT_TEXT
        e.text = UnsafePointer(strdup(text))
    case .deleteBackward(let clusters):
        e.kind = KBD_EDIT_DELETE_BACKWARD
        e.count = Int32(clamping: measured.scalarCount)
        e.cluster_count = Int32(clamping: clusters)
    case .adjustTextPosition(let clusters):
        e.kind = KBD_EDIT_ADJUST_TEXT_POSITION
        e.count = Int32(clamping: measured.scalarCount)
        e.cluster_count = Int32(clamping: clusters)
    case .setMarkedText(let text, let range):
        e.kind = KBD_EDIT_SET_MARKED_TEXT
        e.text = UnsafePointer(strdup(text))
        let clusters = Array(text)
        e.cursor = Int32(clamping: clusters.prefix(max(0, min(range.upperBound, clusters.count))).reduce(0) { $0 + $1.unicodeScalars.count })
    case .unmarkText:
        e.kind = KBD_EDIT_UNMARK_TEXT
    }
    return e
}

@_cdecl("kbd_output_free")
public func kbdOutputFree(_ out: UnsafeMutablePointer<kbd_output>?) {
    guard let out else { return }
    if let edits = out.pointee.edits {
        for i in 0..<Int(max(0, out.pointee.edit_count)) { free(UnsafeMutablePointer(mutating: edits[i].text)) }
        free(UnsafeMutableRawPointer(mutating: edits))
    }
    if let bar = out.pointee.suggestions {
        for i in 0..<Int(max(0, out.pointee.suggestion_count)) {
            free(UnsafeMutablePointer(mutating: bar[i].text))
            free(UnsafeMutablePointer(mutating: bar[i].kind))
        }
        free(UnsafeMutableRawPointer(mutating: bar))
    }
    let size = out.pointee.struct_size
    out.pointee = kbd_output()
    out.pointee.struct_size = size
}

// MARK: Errors and helpers

@_cdecl("kbd_session_last_error")
public func kbdSessionLastError(_ session: OpaquePointer?) -> UnsafePointer<CChar> {
    if session != nil, let s = Registry.shared.session(handleNumber(session)) { return UnsafePointer(s.lastError) }
    return ThreadError.current
}

@_cdecl("kbd_last_error")
public func kbdLastError() -> UnsafePointer<CChar> { ThreadError.current }

@_cdecl("kbd_session_get_text")
public func kbdSessionGetText(_ session: OpaquePointer?, _ before: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                              _ after: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    withSession(session, "kbd_session_get_text") { s throws(CError) in
        guard let before, let after else { throw .null("before or after", in: "kbd_session_get_text") }
        before.pointee = strdup(s.document.textBeforeCursor)
        after.pointee = strdup(s.document.textAfterCursor)
    }
}

@_cdecl("kbd_string_free")
public func kbdStringFree(_ s: UnsafeMutablePointer<CChar>?) { free(s) }

@_cdecl("kbd_keysym_from_name")
public func kbdKeysymFromName(_ name: UnsafePointer<CChar>?) -> UInt32 {
    guard let name, let s = try? utf8String(name, "kbd_keysym_from_name"),
          let key = KeyNames.key(named: s) else { return 0 }
    return Keysym.keysym(for: key) ?? 0
}
