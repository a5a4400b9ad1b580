import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import KbdRuntime

/// The live engines and sessions, by handle number. A C handle is a number, never an address:
/// numbers are given once and never reused, so a closed engine or freed session is simply not
/// found (`KBD_ERROR_INVALID_HANDLE`) instead of being a dangling pointer.
///
/// Thread-safe: every look-up takes the lock; the objects found are then used outside it.
final class Registry: Sendable {
    static let shared = Registry()

    /// An open engine: its runtime and the sessions made from it.
    final class Engine: Sendable {
        let runtime: KeyboardRuntime
        init(runtime: KeyboardRuntime) { self.runtime = runtime }
    }

    /// A session and its last error message.
    // @unchecked: include/kbd.h makes the host promise that calls on one session never overlap,
    // so the session's state is only ever touched by one thread at a time.
    final class Session: @unchecked Sendable {
        let model: EmbeddedSession
        let engineHandle: UInt
        /// The message `kbd_session_last_error` returns ("" after a successful call), malloc'd.
        private(set) var lastError: UnsafeMutablePointer<CChar> = strdup("")
        init(model: EmbeddedSession, engineHandle: UInt) {
            self.model = model
            self.engineHandle = engineHandle
        }
        deinit { free(lastError) }
        func setError(_ message: String) {
            if message.isEmpty, lastError.pointee == 0 { return }
            let old = lastError
            lastError = strdup(message)
            free(old)
        }
    }

    private struct Tables {
        var next: UInt = 1
        var engines: [UInt: Engine] = [:]
        var sessionsOfEngine: [UInt: Set<UInt>] = [:]
        var sessions: [UInt: Session] = [:]
    }
    private let tables = Mutex(Tables())

    func add(_ engine: Engine) -> UInt {
        tables.withLock { t in
            let handle = t.next
            t.next += 1
            t.engines[handle] = engine
            t.sessionsOfEngine[handle] = []
            return handle
        }
    }

    func add(_ session: Session) -> UInt? {
        tables.withLock { t in
            guard t.engines[session.engineHandle] != nil else { return nil }
            let handle = t.next
            t.next += 1
            t.sessions[handle] = session
            t.sessionsOfEngine[session.engineHandle, default: []].insert(handle)
            return handle
        }
    }

    func engine(_ handle: UInt) -> Engine? { tables.withLock { $0.engines[handle] } }
    func session(_ handle: UInt) -> Session? { tables.withLock { $0.sessions[handle] } }

    /// Removes an engine and its sessions; returns the engine, if it was open.
    func removeEngine(_ handle: UInt) -> Engine? {
        tables.withLock { t in
            guard let engine = t.engines.removeValue(forKey: handle) else { return nil }
            for s in t.sessionsOfEngine.removeValue(forKey: handle) ?? [] { t.sessions[s] = nil }
            return engine
        }
    }

    func removeSession(_ handle: UInt) -> Session? {
        tables.withLock { t in
            guard let session = t.sessions.removeValue(forKey: handle) else { return nil }
            t.sessionsOfEngine[session.engineHandle]?.remove(handle)
            return session
        }
    }
}
