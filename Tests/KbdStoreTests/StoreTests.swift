import Foundation
import GRDB
import Testing
@testable import KbdStore

@Suite struct StoreTests {
    static let tricky = ["it's", "\"quoted\"", "back\\slash", "100%", "_under_", "😀", "👩‍👩‍👧", "שלום", "مرحبا", "naïve", "#tag", "a b"]

    @Test func trickyWordsRoundTrip() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        try store.addWords(Self.tricky.map { UserWord(word: $0) })
        #expect(Set(try store.userWords().map(\.word)) == Set(Self.tricky))
        for format in [DictionaryFormat.words, .tsv, .gboard] {
            let data = try DictionaryFile.render(DictionaryContents(words: try store.userWords()), format: format)
            let parsed = try DictionaryFile.parse(data, name: "export")
            #expect(Set(parsed.words.map(\.word)) == Set(Self.tricky), "\(format)")
        }
    }

    @Test func wordsAreStoredNFC() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        try store.addWords([UserWord(word: "cafe\u{301}")])
        #expect(try store.userWords().map(\.word) == ["caf\u{E9}"])
        #expect(try store.searchWords("CAFE").map(\.word) == ["caf\u{E9}"])
        #expect(try store.searchWords("c*").map(\.word) == ["caf\u{E9}"])
        #expect(try store.removeWords(["café"]) == [])
    }

    @Test func addUpdatesAndCounts() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        var summary = try store.addWords([UserWord(word: "a"), UserWord(word: "b")])
        #expect(summary.added == 2 && summary.updated == 0)
        summary = try store.addWords([UserWord(word: "a", weight: 7, locale: "en_US")])
        #expect(summary.added == 0 && summary.updated == 1)
        #expect(try store.userWords() == [UserWord(word: "a", weight: 7, locale: "en-US"), UserWord(word: "b")])
        #expect(try store.removeWords(["a", "zzz"]) == ["zzz"])
    }

    @Test(arguments: [
        ("", "word \"\": empty"),
        ("a\nb", "word \"a\\nb\": contains a control character (U+000A)"),
        ("a\u{7}", "word \"a\\u{07}\": contains a control character (U+0007)"),
        (String(repeating: "x", count: 65), "word \"xxxxxxxxxxxxxxxxxxxx\"…: too long (65 characters, at most 64)"),
    ]) func refusesBadWords(_ word: String, _ message: String) throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        try store.addWords([UserWord(word: "keep")])
        let error = #expect(throws: StoreError.self) { try store.addWords([UserWord(word: "fine"), UserWord(word: word)]) }
        #expect(error?.message == message)
        #expect(try store.userWords().map(\.word) == ["keep"])
    }

    @Test func blockingRemovesAndAddingUnblocks() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        try store.addWords([UserWord(word: "damn")])
        #expect(try store.blockWords(["damn"]) == [])
        #expect(try store.userWords().isEmpty)
        #expect(try store.blockedWords() == ["damn"])
        try store.addWords([UserWord(word: "damn")])
        #expect(try store.blockedWords() == [])
    }

    @Test func shortcuts() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        #expect(try store.addShortcut(Shortcut(shortcut: "omw", phrase: "On my way!")))
        #expect(try !store.addShortcut(Shortcut(shortcut: "omw", phrase: "On my way!")))
        try store.addShortcut(Shortcut(shortcut: "omw", phrase: "Oh my word"))
        #expect(try store.shortcuts().count == 2)
        #expect(try store.removeShortcut("omw", phrase: "Oh my word") == 1)
        #expect(try store.shortcuts() == [Shortcut(shortcut: "omw", phrase: "On my way!")])
    }

    @Test func settings() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        #expect(try store.settings() == StoreSettings())
        #expect(try store.settings().fullAccess == false)
        try store.setSetting("full-access", to: "on")
        try store.setSetting("autocorrection", to: "aggressive")
        let settings = try store.settings()
        #expect(settings.fullAccess && settings.autocorrection == .aggressive)
        let error = #expect(throws: StoreError.self) { try store.setSetting("autocorrection", to: "max") }
        #expect(error?.message == "setting autocorrection: \"max\" is not accepted (off, conservative, normal, aggressive)")
        #expect(throws: StoreError.self) { try store.setSetting("colour", to: "red") }
    }

    @Test func notAStoreIsLeftAlone() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("notes.sqlite")
        let garbage = Data("these are my notes, not a database\n".utf8) + Data(repeating: 7, count: 5000)
        _ = FileManager.default.createFile(atPath: path, contents: garbage, attributes: [.posixPermissions: 0o600])
        let error = #expect(throws: StoreError.self) { try Store(location: StoreLocation(databasePath: path)) }
        #expect(error?.message == "store \(path): not a SQLite database")
        #expect(FileManager.default.contents(atPath: path) == garbage)
    }

    @Test func otherSQLiteDatabaseIsLeftAlone() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("other.sqlite")
        let other = try DatabaseQueue(path: path)
        try other.write { try $0.execute(sql: "CREATE TABLE t(x); INSERT INTO t VALUES (1)") }
        try other.close()
        chmod(path, 0o600)
        let before = FileManager.default.contents(atPath: path)
        let error = #expect(throws: StoreError.self) { try Store(location: StoreLocation(databasePath: path)) }
        #expect(error?.kind == .notAStore)
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test func newerSchemaIsRefused() throws {
        let dir = TemporaryDirectory()
        _ = try Store(location: dir.location)
        let raw = try DatabaseQueue(path: dir.location.databasePath)
        try raw.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 5") }
        try raw.close()
        let error = #expect(throws: StoreError.self) { try Store(location: dir.location) }
        #expect(error?.message == "store \(dir.location): schema v5 is newer than this build (v1); update kbd")
        #expect(throws: StoreError.self) { try StoreReader(location: dir.location) }
    }

    @Test func checkPassesOnAFreshStore() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        try store.addWords([UserWord(word: "x")])
        #expect(try store.check() == [])
        #expect(try store.stats().userWords == 1)
    }

    @Test func decayFadesAWordUsedOnceAYearAgo() {
        let decay = LearningDecay(halfLifeDays: 30)
        let now = Date()
        let yearAgo = Int64(now.timeIntervalSince1970) - 365 * 86_400
        #expect(decay.decayed(1, lastUsed: yearAgo, now: now) < LearningDecay.floor)
        let monthAgo = Int64(now.timeIntervalSince1970) - 30 * 86_400
        #expect(abs(decay.decayed(4, lastUsed: monthAgo, now: now) - 2) < 0.01)
    }
}
