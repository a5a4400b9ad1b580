import Foundation
import GRDB
import Testing
@testable import KbdStore

@Suite struct ReaderTests {
    @Test func snapshotHoldsEverything() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        try store.addWords([UserWord(word: "zeta", weight: 3, locale: "el"), UserWord(word: "alpha"), UserWord(word: "alphabet")])
        try store.blockWords(["darn"])
        try store.addShortcut(Shortcut(shortcut: "omw", phrase: "On my way!"))
        let reader = try StoreReader(location: dir.location)
        let snapshot = try reader.loadSnapshot()
        #expect(Array(snapshot.userWords) == [UserWord(word: "alpha"), UserWord(word: "alphabet"), UserWord(word: "zeta", weight: 3, locale: "el")])
        #expect(snapshot.userWords.indices(withPrefix: "alph") == 0..<2)
        #expect(snapshot.userWords.indices(withPrefix: "b").isEmpty)
        #expect(snapshot.userWords.contains("zeta") && !snapshot.userWords.contains("zet"))
        #expect(snapshot.blockedWords == ["darn"])
        #expect(snapshot.shortcuts == [Shortcut(shortcut: "omw", phrase: "On my way!")])
        #expect(reader.poll() == .unchanged)
    }

    @Test func pollSeesAnotherConnectionsCommitAtOnce() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        try store.addWords([UserWord(word: "old")])
        let reader = try StoreReader(location: dir.location)
        _ = try reader.loadSnapshot()
        #expect(reader.poll() == .unchanged)
        try store.addWords([UserWord(word: "new", weight: 2)])
        try store.removeWords(["old"])
        try store.blockWords(["bad"])
        try store.setSetting("learning", to: "off")
        guard case .changes(let changes) = reader.poll() else { Issue.record("no changes"); return }
        #expect(changes.userWordsUpserted == [UserWord(word: "new", weight: 2)])
        #expect(changes.userWordsRemoved == ["old"])
        #expect(changes.blockedWordsAdded == ["bad"])
        #expect(changes.settings?.learning == false)
        #expect(reader.poll() == .unchanged)
        // Removed and added again: only an upsert.
        try store.removeWords(["new"])
        try store.addWords([UserWord(word: "new", weight: 9)])
        guard case .changes(let again) = reader.poll() else { Issue.record("no changes"); return }
        #expect(again.userWordsUpserted == [UserWord(word: "new", weight: 9)] && again.userWordsRemoved.isEmpty)
    }

    @Test func bigChangesAreLoadedOffTheKeyPath() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        let reader = try StoreReader(location: dir.location)
        _ = try reader.loadSnapshot()
        try store.addWords((0..<1000).map { UserWord(word: "w\($0)") })
        #expect(reader.poll(maxRows: 100) == .reloadNeeded)
        guard case .snapshot(let snapshot) = try reader.loadUpdate(snapshotAbove: 500) else { Issue.record("no snapshot"); return }
        #expect(snapshot.userWords.count == 1000)
        #expect(reader.poll() == .unchanged)
        try store.addWords((0..<10).map { UserWord(word: "x\($0)") })
        #expect(reader.poll(maxRows: 5) == .reloadNeeded)
        guard case .changes(let changes) = try reader.loadUpdate() else { Issue.record("no changes"); return }
        #expect(changes.userWordsUpserted.count == 10)
    }

    @Test func changesSinceAnyToken() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        let reader = try StoreReader(location: dir.location)
        let start = try reader.loadSnapshot().token
        try store.addWords([UserWord(word: "a")])
        try store.addShortcut(Shortcut(shortcut: "x", phrase: "y"))
        let changes = try #require(try reader.changes(since: start))
        #expect(changes.userWordsUpserted.map(\.word) == ["a"])
        #expect(changes.shortcutsAdded == [Shortcut(shortcut: "x", phrase: "y")])
        #expect(changes.token > start)
    }
}

extension ReaderTests {
    @Test func aReaderOlderThanThePrunedHistoryGetsASnapshot() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        let reader = try StoreReader(location: dir.location)
        let start = try reader.loadSnapshot().token
        try store.addWords([UserWord(word: "a")])
        try store.removeWords(["a"])
        try store.addWords([UserWord(word: "b")])
        // Age the history past 30 days, then prune as a write would every 256 transactions.
        try store.queue.write { try $0.execute(sql: "UPDATE change_batch SET committed_at = committed_at - 40 * 86400") }
        try store.write("prune") { _, recorder in try recorder.pruneHistory() }
        #expect(try store.queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM tombstone") } == 0)
        #expect(try reader.changes(since: start) == nil)
        #expect(reader.poll() == .reloadNeeded)
        guard case .snapshot(let snapshot) = try reader.loadUpdate() else { Issue.record("no snapshot"); return }
        #expect(Array(snapshot.userWords) == [UserWord(word: "b")])
        #expect(reader.poll() == .unchanged)
        try store.addWords([UserWord(word: "c")])
        guard case .changes(let changes) = reader.poll() else { Issue.record("no changes"); return }
        #expect(changes.userWordsUpserted.map(\.word) == ["c"])
    }
}

@Suite struct LearningTests {
    @Test func nothingIsWrittenWithoutFullAccess() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        let writer = try LearningWriter(location: dir.location, batchInterval: 0)
        writer.record(.committed(word: "hello", previous: nil, at: Date()))
        #expect(writer.close())
        #expect(writer.statistics.discarded == 1)
        #expect(try store.learnedWords().isEmpty)
    }

    @Test func learnsWordsAndPairsInBatchesAndForgets() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        try store.setSetting("full-access", to: "on")
        try store.blockWords(["blocked"])
        let reader = try StoreReader(location: dir.location)
        _ = try reader.loadSnapshot()
        let writer = try LearningWriter(location: dir.location, batchInterval: 0.01)
        let now = Date()
        for _ in 0..<3 { writer.record(.committed(word: "hello", previous: "say", at: now)) }
        writer.record(.committed(word: "blocked", previous: nil, at: now))
        writer.record(.committed(word: "bad\nword", previous: nil, at: now))
        #expect(writer.flush())
        #expect(writer.statistics.written == 3 && writer.statistics.discarded == 2)
        let learned = try store.learnedWords(now: now)
        #expect(learned.map(\.word) == ["hello"])
        #expect(abs(learned[0].count - 3) < 0.001)
        // The reader sees the writer's commits.
        guard case .changes(let changes) = reader.poll() else { Issue.record("no changes"); return }
        #expect(changes.learnedWordsUpserted.map(\.word) == ["hello"])
        #expect(changes.learnedPairsUpserted.map { "\($0.previous) \($0.word)" } == ["say hello"])
        writer.record(.undone(word: "hello", previous: "say"))
        writer.record(.forgotten(word: "say"))
        #expect(writer.close())
        #expect(abs(try store.learnedWords(now: now)[0].count - 2) < 0.01)
        guard case .changes(let after) = reader.poll() else { Issue.record("no changes"); return }
        #expect(after.learnedPairsRemoved == [WordPair(previous: "say", word: "hello")])
    }

    @Test func aFailedWriteIsRetriedNotDropped() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        try store.setSetting("full-access", to: "on")
        let writer = try LearningWriter(location: dir.location, batchInterval: 0, busyTimeout: 0.05)
        // Hold the write lock from another connection so the writer's transactions fail.
        let blocker = try Store(location: dir.location, origin: "blocker")
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let thread = Thread {
            try? blocker.queue.write { db in
                try db.execute(sql: "INSERT INTO meta(key, value) VALUES ('x', 'y')")
                holding.signal()
                release.wait()
            }
        }
        thread.start()
        holding.wait()
        let t0 = Date()
        writer.record(.committed(word: "kept", previous: nil, at: Date()))
        #expect(Date().timeIntervalSince(t0) < 0.01)  // record never blocks
        Thread.sleep(forTimeInterval: 0.4)
        #expect(writer.statistics.failures >= 1 && writer.statistics.pending == 1)
        #expect(writer.statistics.lastError?.kind == .busy)
        release.signal()
        #expect(writer.close(timeout: 10))
        #expect(try store.learnedWords().map(\.word) == ["kept"])
    }
}

extension StoreUpdate: Equatable {
    public static func == (a: StoreUpdate, b: StoreUpdate) -> Bool {
        switch (a, b) {
        case (.unchanged, .unchanged), (.reloadNeeded, .reloadNeeded): return true
        default: return false
        }
    }
}

extension LearningTests {
    @Test func eventsArrivingDuringTheBatchIntervalShareOneTransaction() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        try store.setSetting("full-access", to: "on")
        let before = try store.stats().changeSequence
        let writer = try LearningWriter(location: dir.location, batchInterval: 0.3)
        for index in 0..<5 {
            writer.record(.committed(word: "w\(index)", previous: nil, at: Date()))
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(writer.flush())
        #expect(try store.stats().changeSequence == before + 1)
        #expect(try store.learnedWords().count == 5)
        #expect(writer.close())
    }
}
