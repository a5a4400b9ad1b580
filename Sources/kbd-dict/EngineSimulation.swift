import ArgumentParser
import Foundation
import KbdStore

/// A hidden stand-in for a running engine, for tests and benchmarks: loads a snapshot, polls
/// for changes on every simulated keystroke, and learns words through a `LearningWriter`.
struct EngineSimulation: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_engine", abstract: "Simulate an engine (tests and benchmarks).", shouldDisplay: false)

    @OptionGroup var storeOptions: StoreOptions
    @Option(help: "Learn this many committed words (needs full access).") var learn = 0
    @Option(help: "Learned words are PREFIX0…PREFIX(distinct-1).") var prefix = "learned"
    @Option(help: "How many distinct learned words.") var distinct = 100
    @Option(help: "Keystrokes (polls) per committed word.") var keysPerWord = 5
    @Option(help: "Sleep between keystrokes, in microseconds.") var keyInterval = 0
    @Option(name: .customLong("await"), help: "Keep polling until this user word shows up, then stop.") var awaitWord: String?
    @Option(help: "Give up awaiting after this many seconds.") var timeout = 10.0
    @Option(help: "Measure this many polls with nothing changed.") var benchPolls = 0

    struct Report: Encodable {
        var openSeconds = 0.0
        var snapshotSeconds = 0.0
        var userWords = 0
        var fullAccess = false
        var polls = 0
        var changes = 0
        var reloads = 0
        var failures = 0
        var learned = 0
        var written = 0
        var discarded = 0
        var pending = 0
        var flushed = true
        var sawAwaited: Bool?
        var pollsUntilSeen: Int?
        var pollNanosecondsP50: Double?
        var pollNanosecondsP99: Double?
        var maxRSSKilobytes = 0
    }

    func run() throws {
        var report = Report()
        let location = try storeOptions.location()
        let opening = Date()
        let reader = try StoreReader(location: location)
        report.openSeconds = Date().timeIntervalSince(opening)
        let start = Date()
        let snapshot = try reader.loadSnapshot()
        report.snapshotSeconds = Date().timeIntervalSince(start)
        report.userWords = snapshot.userWords.count
        report.fullAccess = snapshot.settings.fullAccess
        var extra = Set<String>()  // user words added since the snapshot
        let writer = learn > 0 && snapshot.settings.fullAccess ? try LearningWriter(location: location, batchInterval: 0.05) : nil

        func key() {
            report.polls += 1
            switch reader.poll() {
            case .unchanged: break
            case .changes(let changes):
                report.changes += 1
                for word in changes.userWordsUpserted { extra.insert(word.word) }
            case .reloadNeeded, .snapshot:
                report.reloads += 1
                if case .changes(let changes)? = try? reader.loadUpdate() {
                    for word in changes.userWordsUpserted { extra.insert(word.word) }
                } else if let all = try? reader.loadSnapshot() {
                    for index in all.userWords.indices { extra.insert(all.userWords.word(at: index)) }
                }
            case .failed:
                report.failures += 1
            }
            if keyInterval > 0 { usleep(UInt32(keyInterval)) }
        }

        var previous: String?
        for index in 0..<learn {
            for _ in 0..<keysPerWord { key() }
            let word = "\(prefix)\(index % max(1, distinct))"
            writer?.record(.committed(word: word, previous: previous, at: Date()))
            report.learned += 1
            previous = word
        }
        if let awaited = awaitWord {
            let deadline = Date().addingTimeInterval(timeout)
            var seen = snapshot.userWords.contains(awaited)
            var polls = 0
            while !seen && Date() < deadline {
                key()
                polls += 1
                seen = extra.contains(awaited)
                if !seen { usleep(1000) }
            }
            report.sawAwaited = seen
            report.pollsUntilSeen = polls
        }
        if benchPolls > 0 {
            var samples: [Double] = []
            samples.reserveCapacity(benchPolls)
            for _ in 0..<benchPolls {
                let t0 = DispatchTime.now().uptimeNanoseconds
                _ = reader.poll()
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - t0))
            }
            samples.sort()
            report.pollNanosecondsP50 = samples[samples.count / 2]
            report.pollNanosecondsP99 = samples[min(samples.count - 1, samples.count * 99 / 100)]
        }
        if let writer {
            report.flushed = writer.close(timeout: 20)
            let stats = writer.statistics
            report.written = stats.written
            report.discarded = stats.discarded
            report.pending = stats.pending
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        report.maxRSSKilobytes = usage.ru_maxrss
        try Output.json(report)
        if !report.flushed || report.sawAwaited == false { throw ExitCode(1) }
    }
}
