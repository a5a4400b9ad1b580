import ArgumentParser
import KbdStore

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find user words containing PATTERN, ignoring case and accents; * and ? match whole words.")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "Text to look for, or a pattern with * and ?.")
    var pattern: String

    func run() throws {
        let words = try storeOptions.open("kbd-dict search").searchWords(pattern)
        try printWords(words, json: output.json)
    }
}

func printWords(_ words: [UserWord], json: Bool) throws {
    if json { return try Output.json(words) }
    var out = Output()
    for entry in words { out.line(plainLine(entry)) }
    out.flush()
}
