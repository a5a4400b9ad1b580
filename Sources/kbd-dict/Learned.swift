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
