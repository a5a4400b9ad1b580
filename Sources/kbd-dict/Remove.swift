import ArgumentParser
import KbdStore

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove words from the user dictionary.")

    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The words.")
    var words: [String]

    func validate() throws {
        if words.isEmpty { throw ValidationError("name at least one word") }
    }

    func run() throws {
        let missing = try storeOptions.open("kbd-dict remove").removeWords(words)
        for word in missing { Output.error("word \(word.debugDescription): not in the user dictionary") }
        if !missing.isEmpty { throw ExitCode(1) }
    }
}
