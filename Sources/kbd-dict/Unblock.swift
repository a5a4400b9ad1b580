import ArgumentParser
import KbdStore

struct Unblock: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Unblock words.")

    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The words.")
    var words: [String]

    func validate() throws {
        if words.isEmpty { throw ValidationError("name at least one word") }
    }

    func run() throws {
        let missing = try storeOptions.open("kbd-dict unblock").unblockWords(words)
        for word in missing { Output.error("word \(word.debugDescription): not blocked") }
        if !missing.isEmpty { throw ExitCode(1) }
    }
}
