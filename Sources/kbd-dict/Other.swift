import ArgumentParser
import Foundation
import KbdStore

struct Learned: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "What the engine learned from typing.",
        subcommands: [ListLearned.self, Forget.self, Clear.self], defaultSubcommand: ListLearned.self)

    struct ListLearned: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List learned words: word<TAB>count<TAB>last used, most used first.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "Show at most this many.") var limit: Int?

        func run() throws {
            var words = try storeOptions.open("kbd-dict learned").learnedWords()
            if let limit { words = Array(words.prefix(max(0, limit))) }
            if output.json { return try Output.json(words) }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            var out = Output()
            for word in words {
                out.line("\(word.word)\t\(String(format: "%.2f", word.count))\t\(formatter.string(from: word.lastUsed))")
            }
            out.flush()
        }
    }

    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget a learned word and its pairs.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The word.") var word: String

        func run() throws {
            if try !storeOptions.open("kbd-dict learned forget").forgetLearned(word) {
                Output.error("word \(word.debugDescription): not learned")
                throw ExitCode(1)
            }
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget everything learned.")
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            try storeOptions.open("kbd-dict learned clear").clearLearned()
        }
    }
}

struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show or change settings.",
        subcommands: [Get.self, Set.self], defaultSubcommand: Get.self)

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print settings: key<TAB>value, or one value.",
            discussion: StoreSettings.keys.map { "\($0): \(StoreSettings.accepted[$0]!)" }.joined(separator: "\n"))
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "Only this key.") var key: String?

        func run() throws {
            let settings = try storeOptions.open("kbd-dict settings").settings()
            let keys = key.map { [$0] } ?? StoreSettings.keys
            var values: [String: String] = [:]
            for key in keys {
                guard let value = settings.value(for: key) else {
                    throw StoreError(.invalidInput, "setting \(key.debugDescription): unknown (known: \(StoreSettings.keys.joined(separator: ", ")))")
                }
                values[key] = value
            }
            if output.json { return try Output.json(values) }
            if key != nil { print(values[keys[0]]!) } else { for key in keys { print("\(key)\t\(values[key]!)") } }
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set KEY to VALUE.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The key: \(StoreSettings.keys.joined(separator: ", ")).") var key: String
        @Argument(help: "The value.") var value: String

        func run() throws {
            try storeOptions.open("kbd-dict settings set").setSetting(key, to: value)
        }
    }
}

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Count what the store holds.")
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let stats = try storeOptions.open("kbd-dict stats").stats()
        if output.json { return try Output.json(stats) }
        print("""
        user words\t\(stats.userWords)
        blocked words\t\(stats.blockedWords)
        shortcuts\t\(stats.shortcuts)
        learned words\t\(stats.learnedWords)
        learned pairs\t\(stats.learnedPairs)
        schema\tv\(stats.schemaVersion)
        change sequence\t\(stats.changeSequence)
        bytes\t\(stats.bytes)
        """)
    }
}

struct Path: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the store's path (nothing is created).")
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions
    @Flag(help: "Print the container directory instead.") var container = false

    func run() throws {
        let location = try storeOptions.location()
        if output.json {
            struct Paths: Encodable { let container: String; let store: String; let appGroup: String? }
            return try Output.json(Paths(container: location.containerPath, store: location.databasePath, appGroup: location.groupID))
        }
        print(container ? location.containerPath : location.databasePath)
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the store: integrity, schema, permissions. Prints ok, or the problems (exit 1).")
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let location = try storeOptions.location()
        if !location.databaseExists {
            throw StoreError(.io, "store \(location): does not exist (nothing to check)")
        }
        let problems = try Store(location: location, origin: "kbd-dict check").check()
        if output.json {
            struct Report: Encodable { let ok: Bool; let problems: [String] }
            try Output.json(Report(ok: problems.isEmpty, problems: problems))
        } else if problems.isEmpty {
            print("ok")
        } else {
            for problem in problems { Output.error(problem) }
        }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
