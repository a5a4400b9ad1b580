import ArgumentParser
import KbdStore

struct Block: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Block words: never suggest them (also removes them from the user's and learned words).")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions
    @Flag(help: "List the blocked words instead.")
    var list = false
    @Argument(help: "The words.")
    var words: [String] = []

    func validate() throws {
        if words.isEmpty && !list { throw ValidationError("name at least one word, or --list") }
    }

    func run() throws {
        let store = try storeOptions.open("kbd-dict block")
        if list {
            let blocked = try store.blockedWords()
            if output.json { return try Output.json(blocked) }
            var out = Output()
            for word in blocked { out.line(word) }
            out.flush()
            return
        }
        try store.blockWords(words)
    }
}
