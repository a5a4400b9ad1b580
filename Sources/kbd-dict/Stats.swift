import ArgumentParser
import KbdStore

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
