import Foundation
import GRDB
import Synchronization

/// Something the engine learned from what the user typed.
public enum LearningEvent: Sendable, Equatable {
    /// `word` was committed (typed or chosen), after `previous` (nil at a sentence start).
    case committed(word: String, previous: String?, at: Date)
    /// The last `committed` of `word` after `previous` was undone (e.g. autocorrection reverted):
    /// takes one use back.
    case undone(word: String, previous: String?)
    /// The user asked to forget `word`: it and every pair it is part of are removed.
    case forgotten(word: String)
}

/// Writes learning events to the store on a thread of its own, in batches, off the key path.
///
/// ``record(_:)`` appends to an in-memory queue under a brief lock and returns: it never
/// blocks on disk or on another process, and never throws. The writer thread wakes when
/// events arrive, waits `batchInterval` to gather more, and writes them in one short
/// `BEGIN IMMEDIATE` transaction. A write that fails (the store locked past the busy timeout,
/// a full disk) is retried with back-off (0.05 s doubling to 5 s); its events stay queued,
/// never dropped. ``close(timeout:)`` flushes; call it at exit.
///
/// Events are written only while the store's settings say `full-access` and `learning` are on
/// (checked in each transaction); otherwise they are discarded on purpose — the engine keeps
/// learning in memory. Words that fail ``Validation`` or are blocked are not learned.
///
/// Only create one with full access: it opens the store for writing. Thread-safe.
public final class LearningWriter: Sendable {
    /// Where the store is.
    public let location: StoreLocation
    private let store: Store
    private let batchInterval: TimeInterval
    private let condition = NSCondition()
    private struct Queue {
        var events: [LearningEvent] = []
        var inFlight = 0
        var closing = false
        var flushRequested = false
        var finished = false
        var written = 0
        var discarded = 0
        var failures = 0
        var lastError: StoreError?
    }
    // Guarded by `condition` (not a Mutex: the writer thread waits on it).
    private nonisolated(unsafe) var queue = Queue()

    /// Opens the store for writing and starts the writer thread.
    ///
    /// - Parameters:
    ///   - batchInterval: how long to gather events before writing, in seconds.
    ///   - origin: names this writer in the change log.
    ///   - busyTimeout: how long one write waits for another process, in seconds.
    public init(location: StoreLocation, batchInterval: TimeInterval = 0.5, origin: String = "kbd-engine",
                busyTimeout: TimeInterval = 2) throws {
        self.location = location
        self.batchInterval = batchInterval
        store = try Store(location: location, origin: origin, busyTimeout: busyTimeout)
        let thread = Thread { [self] in run() }
        thread.name = "kbd-learning-writer"
        thread.start()
    }

    /// Queues an event. Never blocks (a brief lock) and never throws. Events recorded after
    /// ``close(timeout:)`` are ignored.
    public func record(_ event: LearningEvent) {
        condition.lock()
        if !queue.closing {
            queue.events.append(event)
            condition.signal()
        }
        condition.unlock()
    }

    /// Counts of what happened so far.
    public struct Statistics: Sendable, Equatable {
        /// Events written to the store.
        public var written: Int
        /// Events discarded on purpose (learning or full access off, blocked or invalid words).
        public var discarded: Int
        /// Events queued or being written.
        public var pending: Int
        /// Failed write attempts (each retried).
        public var failures: Int
        /// The last failure, if any.
        public var lastError: StoreError?
    }

    /// Counts of events written, discarded and pending, and the last failure.
    public var statistics: Statistics {
        condition.lock()
        defer { condition.unlock() }
        return Statistics(written: queue.written, discarded: queue.discarded,
                          pending: queue.events.count + queue.inFlight, failures: queue.failures,
                          lastError: queue.lastError)
    }

    /// Waits until every event recorded so far is written (or `timeout` seconds pass).
    /// - Returns: whether the queue was empty in time.
    @discardableResult
    public func flush(timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        queue.flushRequested = true
        condition.broadcast()
        while !queue.events.isEmpty || queue.inFlight > 0 {
            if !condition.wait(until: deadline) { return queue.events.isEmpty && queue.inFlight == 0 }
        }
        return true
    }

    /// Writes what is queued and stops the thread; waits up to `timeout` seconds.
    /// - Returns: whether everything was written (false: events were still pending — the last
    ///   error says why; they are lost when the process exits).
    @discardableResult
    public func close(timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        queue.closing = true
        condition.broadcast()
        while !queue.finished {
            if !condition.wait(until: deadline) { break }
        }
        let done = queue.events.isEmpty && queue.inFlight == 0
        condition.unlock()
        if done { store.close() }
        return done
    }

    // MARK: - Writer thread

    private func run() {
        var backoff: TimeInterval = 0.05
        while true {
            condition.lock()
            while queue.events.isEmpty && !queue.closing { condition.wait() }
            if queue.events.isEmpty && queue.closing {
                queue.finished = true
                condition.broadcast()
                condition.unlock()
                return
            }
            // Gather more for `batchInterval`, unless closing or flushing (a new event's
            // signal alone does not end the wait).
            let deadline = Date().addingTimeInterval(batchInterval)
            while !queue.closing && !queue.flushRequested && Date() < deadline {
                _ = condition.wait(until: deadline)
            }
            queue.flushRequested = false
            let batch = queue.events
            queue.events.removeAll(keepingCapacity: true)
            queue.inFlight = batch.count
            condition.unlock()

            do {
                let discarded = try write(batch)
                condition.lock()
                queue.inFlight = 0
                queue.written += batch.count - discarded
                queue.discarded += discarded
                condition.broadcast()
                condition.unlock()
                backoff = 0.05
            } catch {
                condition.lock()
                queue.events.insert(contentsOf: batch, at: 0)  // keep order; retry
                queue.inFlight = 0
                queue.failures += 1
                queue.lastError = StoreError.wrap(error, "learning writer")
                let closing = queue.closing
                condition.broadcast()
                condition.unlock()
                if closing && queue.failures > 50 { // give up only at exit, after many tries
                    condition.lock(); queue.finished = true; condition.broadcast(); condition.unlock()
                    return
                }
                Thread.sleep(forTimeInterval: backoff)
                backoff = min(backoff * 2, closing ? 0.2 : 5)
            }
        }
    }

    /// Writes a batch in one transaction. Returns the number of events discarded on purpose.
    private func write(_ batch: [LearningEvent]) throws -> Int {
        try store.write("learn") { db, recorder in
            let settings = try Store.settings(db)
            guard settings.fullAccess && settings.learning else { return batch.count }
            let decay = settings.decay
            var discarded = 0
            let isBlocked = try db.cachedStatement(sql: "SELECT 1 FROM blocked_word WHERE word = ?")
            for event in batch {
                switch event {
                case let .committed(word, previous, at):
                    guard let word = try? Validation.word(word),
                          try Bool.fetchOne(isBlocked, arguments: [word]) == nil else { discarded += 1; continue }
                    let time = Int64(at.timeIntervalSince1970)
                    try LearningWriter.bump(db, &recorder, word: word, previous: nil, by: 1, at: time, decay: decay)
                    if let previous, let previous = try? Validation.word(previous) {
                        try LearningWriter.bump(db, &recorder, word: word, previous: previous, by: 1, at: time, decay: decay)
                    }
                case let .undone(word, previous):
                    guard let word = try? Validation.word(word) else { discarded += 1; continue }
                    let time = recorder.now
                    try LearningWriter.bump(db, &recorder, word: word, previous: nil, by: -1, at: time, decay: decay)
                    if let previous, let previous = try? Validation.word(previous) {
                        try LearningWriter.bump(db, &recorder, word: word, previous: previous, by: -1, at: time, decay: decay)
                    }
                case let .forgotten(word):
                    guard let word = try? Validation.word(word) else { discarded += 1; continue }
                    try Store.forgetLearned(db, &recorder, word)
                }
            }
            return discarded
        }
    }

    /// Adds `delta` uses to a word (previous == nil) or a pair, decaying the stored count to
    /// `time` first; a count that falls to ≤ 0 removes the row.
    static func bump(_ db: Database, _ recorder: inout ChangeRecorder, word: String, previous: String?,
                     by delta: Double, at time: Int64, decay: LearningDecay) throws {
        let now = Date(timeIntervalSince1970: TimeInterval(time))
        let row: Row?
        if let previous {
            row = try Row.fetchOne(db.cachedStatement(sql: "SELECT count, last_used FROM learned_pair WHERE previous = ? AND word = ?"),
                                   arguments: [previous, word])
        } else {
            row = try Row.fetchOne(db.cachedStatement(sql: "SELECT count, last_used FROM learned_word WHERE word = ?"),
                                   arguments: [word])
        }
        var count = delta
        var last = time
        if let row {
            let storedLast: Int64 = row[1]
            count = decay.decayed(row[0], lastUsed: storedLast, now: now) + delta
            last = max(storedLast, time)
        }
        if count <= 1e-9 {
            guard row != nil else { return }
            if let previous {
                try db.execute(sql: "DELETE FROM learned_pair WHERE previous = ? AND word = ?", arguments: [previous, word])
                try recorder.deleted(RowKind.learnedPair, previous, word)
            } else {
                try db.execute(sql: "DELETE FROM learned_word WHERE word = ?", arguments: [word])
                try recorder.deleted(RowKind.learnedWord, word)
            }
            return
        }
        if let previous {
            try db.cachedStatement(sql: """
                INSERT INTO learned_pair(previous, word, count, last_used, seq) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(previous, word) DO UPDATE SET count = excluded.count, last_used = excluded.last_used, seq = excluded.seq
                """).execute(arguments: [previous, word, count, last, recorder.seq])
        } else {
            try db.cachedStatement(sql: """
                INSERT INTO learned_word(word, count, last_used, seq) VALUES (?, ?, ?, ?)
                ON CONFLICT(word) DO UPDATE SET count = excluded.count, last_used = excluded.last_used, seq = excluded.seq
                """).execute(arguments: [word, count, last, recorder.seq])
        }
        recorder.touched()
    }
}
