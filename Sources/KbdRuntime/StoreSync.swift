import Foundation
import KbdEngine
import KbdLexicon
import KbdStore
import Synchronization

/// Keeps one session's in-memory view of the shared store current: user words, blocked words
/// and shortcuts, and forgotten learning.
///
/// ``refresh()`` runs before every key: a `PRAGMA data_version` check (about 2 µs) and, when
/// another process committed something, the rows that changed. A change too big for the key
/// path (an import) is loaded on a background thread and applied at a later key. Never throws,
/// never waits on disk or another process's lock. Owned by one session, on its thread.
final class StoreSync {
    let reader: StoreReader
    private let overlay: LearningOverlay?
    private let shortcuts: ShortcutSource
    private let inbox = Inbox()
    private var loading = false

    /// A background load's result, handed to the session's thread.
    private final class Inbox: Sendable {
        let slot = Mutex<StoreUpdate?>(nil)
        let first = Mutex<FirstLoad?>(nil)
    }

    /// The first snapshot of a large store with the overlay built from it off the session's
    /// thread. Handed over once through the inbox, then owned by the session's thread.
    private struct FirstLoad: @unchecked Sendable {
        var snapshot: StoreSnapshot?
        var overlay: LearningOverlay?
        var error: StoreError?
    }

    /// Stores with more user words than this are loaded on a background thread: the session
    /// answers at once (with the model alone) and takes the user's words in at a later key
    /// (a million words take seconds to index). Smaller ones are loaded before the first key.
    static let backgroundLoadThreshold = 50_000

    /// Loads the store's snapshot: now when it is small, else on a background thread.
    init(reader: StoreReader, overlay: LearningOverlay?, shortcuts: ShortcutSource) throws {
        self.reader = reader
        self.overlay = overlay
        self.shortcuts = shortcuts
        if try reader.userWordCount() > Self.backgroundLoadThreshold {
            loading = true
            let inbox = self.inbox, model = overlay?.model
            let threshold = overlay?.unknownWordThreshold
            let staging: FirstLoad = FirstLoad(overlay: overlay.map { _ in LearningOverlay(model: model) })
            Thread.detachNewThread {
                var load = staging
                do {
                    let snapshot = try reader.loadSnapshot()
                    if let threshold { load.overlay?.unknownWordThreshold = threshold }
                    load.overlay.map { Self.load(snapshot, into: $0) }
                    load.snapshot = snapshot
                } catch {
                    load.error = error as? StoreError ?? StoreError(.io, "\(error)")
                }
                inbox.first.withLock { $0 = load }
            }
        } else {
            apply(try reader.loadSnapshot())
        }
    }

    /// Brings in what other processes committed since the last call; true when something changed.
    func refresh() -> Bool {
        var changed = false
        if loading, let first = inbox.first.withLock({ slot -> FirstLoad? in
            defer { slot = nil }
            return slot
        }) {
            loading = false
            if let snapshot = first.snapshot {
                if let staged = first.overlay { overlay?.adopt(staged) }
                applyShortcuts(snapshot)
                changed = true
            }
        }
        if loading, let update = inbox.slot.withLock({ slot -> StoreUpdate? in
            defer { slot = nil }
            return slot
        }) {
            loading = false
            changed = apply(update)
        }
        guard !loading else { return changed }
        switch reader.poll(maxRows: 256) {
        case .reloadNeeded:
            loading = true
            let reader = self.reader, inbox = self.inbox
            Thread.detachNewThread {
                let update: StoreUpdate
                do { update = try reader.loadUpdate() } catch { update = .failed(error as? StoreError ?? StoreError(.io, "\(error)")) }
                inbox.slot.withLock { $0 = update }
            }
            return changed
        case let update:
            return apply(update) || changed
        }
    }

    private func apply(_ update: StoreUpdate) -> Bool {
        switch update {
        case .unchanged, .reloadNeeded, .failed: return false
        case .changes(let changes): apply(changes); return true
        case .snapshot(let snapshot): apply(snapshot); return true
        }
    }

    private func apply(_ snapshot: StoreSnapshot) {
        if let overlay { Self.load(snapshot, into: overlay) }
        applyShortcuts(snapshot)
    }

    private static func load(_ snapshot: StoreSnapshot, into overlay: LearningOverlay) {
        overlay.load(
            userWords: snapshot.userWords.map { KbdLexicon.UserWord($0.word, weight: Double($0.weight)) },
            learned: snapshot.learnedWords.map { LearnedCount([$0.word], count: Int($0.count.rounded())) }
                + snapshot.learnedPairs.map { LearnedCount([$0.previous, $0.word], count: Int($0.count.rounded())) },
            blocked: Array(snapshot.blockedWords))
    }

    private func applyShortcuts(_ snapshot: StoreSnapshot) {
        shortcuts.removeAll()
        for s in snapshot.shortcuts { shortcuts.add(shortcut: s.shortcut, phrase: s.phrase) }
    }

    private func apply(_ changes: StoreChanges) {
        if let overlay {
            for w in changes.userWordsUpserted { overlay.addUserWord(KbdLexicon.UserWord(w.word, weight: Double(w.weight))) }
            for w in changes.userWordsRemoved { overlay.removeUserWord(w) }
            for w in changes.blockedWordsAdded { overlay.block(w) }
            for w in changes.blockedWordsRemoved { overlay.unblock(w) }
            for w in changes.learnedWordsRemoved { overlay.forget(w) }
            // Learned counts that come back are this or another engine's own learning, which each
            // session has in memory already; they take effect at the next start.
        }
        for s in changes.shortcutsRemoved { shortcuts.remove(shortcut: s.shortcut, phrase: s.phrase) }
        for s in changes.shortcutsAdded { shortcuts.add(shortcut: s.shortcut, phrase: s.phrase) }
    }
}
