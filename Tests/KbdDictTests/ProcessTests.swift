import Foundation
import Testing
import KbdStore

/// Several real processes on one store at once.
@Suite(.serialized) struct ProcessTests {
    @Test func manyProcessesCreateABrandNewStoreAtOnce() throws {
        let box = Sandbox()
        let started = try (0..<12).map { try box.start(["add", "word\($0)"]) }
        let results = started.map { finish($0.0, $0.1, $0.2) }
        for (index, result) in results.enumerated() {
            #expect(result.status == 0, "process \(index): \(result.stderr)")
        }
        #expect(try box.run("list").stdout.split(separator: "\n").count == 12)
        #expect(try box.run("check").stdout == "ok\n")
    }

    @Test func importersAddersAndALearningEngineAtOnce() throws {
        let box = Sandbox()
        #expect(try box.run("settings", "set", "full-access", "on").status == 0)
        var files: [String] = []
        for importer in 0..<3 {
            files.append(box.write("list\(importer).txt", (0..<20_000).map { "imp\(importer)x\($0)" }.joined(separator: "\n")))
        }
        let engine = try box.start(["_engine", "--learn", "400", "--distinct", "40", "--key-interval", "300"])
        let importers = try files.map { try box.start(["import", $0]) }
        nonisolated(unsafe) var adderResults: [Run] = []
        let lock = NSLock()
        let group = DispatchGroup()
        for adder in 0..<2 {
            group.enter()
            DispatchQueue.global().async {
                for index in 0..<8 {
                    let result = (try? box.run(["add", "add\(adder)x\(index)", "extra\(adder)y\(index)"]))
                        ?? Run(status: -1, stdout: "", stderr: "could not start")
                    lock.lock(); adderResults.append(result); lock.unlock()
                }
                group.leave()
            }
        }
        let importResults = importers.map { finish($0.0, $0.1, $0.2) }
        group.wait()
        let engineResult = finish(engine.0, engine.1, engine.2)

        for result in importResults + adderResults + [engineResult] {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("locked"))
        }
        let report = try JSONSerialization.jsonObject(with: Data(engineResult.stdout.utf8)) as? [String: Any]
        #expect(report?["written"] as? Int == 400)
        #expect(report?["pending"] as? Int == 0)
        let words = Set(try box.run("list").stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        #expect(words.count == 60_000 + 32)
        for importer in 0..<3 { #expect(words.contains("imp\(importer)x19999")) }
        for adder in 0..<2 { for index in 0..<8 { #expect(words.contains("extra\(adder)y\(index)")) } }
        let learned = try box.run("learned", "list").stdout.split(separator: "\n")
        #expect(learned.count == 40)
        #expect(learned.allSatisfy { $0.split(separator: "\t")[1] == "10.00" })
        #expect(try box.run("check").stdout == "ok\n")
    }

    @Test func importKilledHalfwayLeavesAllOrNothing() throws {
        let box = Sandbox()
        try box.run("add", "before")
        let count = 150_000
        let file = box.write("big.txt", (0..<count).map { "killed\($0)" }.joined(separator: "\n"))
        let (process, out, err) = try box.start(["import", "--progress", file])
        // The progress line is written from inside the insert loop, before the commit: kill
        // the process as soon as it reports 20000 words written.
        var seen = ""
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline && !seen.contains(": 20000/\(count) words") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        let killedMidway = seen.contains(": 20000/\(count) words") && !seen.contains("\(count)/\(count)")
        kill(process.processIdentifier, SIGKILL)
        let result = finish(process, out, err)
        #expect(killedMidway, "progress seen: \(seen.suffix(200))")
        #expect(result.status != 0 && result.stdout.isEmpty)
        let listed = try box.run("list").stdout.split(separator: "\n")
        #expect(listed.count == 1, "all of the file or none of it: none, as it was killed mid-transaction")
        #expect(try box.run("check").stdout == "ok\n")
        #expect(try box.run("add", "after").status == 0)  // and the store still works
        #expect(try box.run("list").stdout == "after\t1\nbefore\t1\n")
        #expect(try box.run("import", file).status == 0)
        #expect(try box.run("list").stdout.split(separator: "\n").count == count + 2)
    }

    @Test func aRunningEngineSeesAnAddByItsNextKeystroke() throws {
        let box = Sandbox()
        try box.run("add", "first")
        let reader = try StoreReader(location: box.location)
        #expect(try reader.loadSnapshot().userWords.count == 1)
        guard case .unchanged = reader.poll() else { Issue.record("changed before the add"); return }
        #expect(try box.run("add", "fresh").status == 0)
        guard case .changes(let changes) = reader.poll() else { Issue.record("the next poll missed the add"); return }
        #expect(changes.userWordsUpserted.map(\.word) == ["fresh"])
        #expect(try box.run("remove", "first").status == 0)
        guard case .changes(let removal) = reader.poll() else { Issue.record("the next poll missed the removal"); return }
        #expect(removal.userWordsRemoved == ["first"])
    }

    @Test func engineWithoutFullAccessWritesNothing() throws {
        let box = Sandbox()
        try box.run("add", "x")
        let engine = try box.run("_engine", "--learn", "20")
        #expect(engine.status == 0)
        #expect(engine.stdout.contains("\"fullAccess\":false"))
        #expect(try box.run("learned", "list").stdout == "")
    }
}
