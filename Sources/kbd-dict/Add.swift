import ArgumentParser
import KbdStore

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add words to the user dictionary (or update their weight and locale).")

    @OptionGroup var storeOptions: StoreOptions
    @Option(help: "The weight of the words (a relative boost, 0…1000000000).")
    var weight: Int64 = Validation.defaultWeight
    @Option(help: "The locale of the words, e.g. en or en-US (default: any).")
    var locale: String = ""
    @Argument(help: "The words.")
    var words: [String]

    func validate() throws {
        if words.isEmpty { throw ValidationError("name at least one word") }
    }

    func run() throws {
        let store = try storeOptions.open("kbd-dict add")
        try store.addWords(words.map { UserWord(word: $0, weight: weight, locale: locale) })
    }
}
