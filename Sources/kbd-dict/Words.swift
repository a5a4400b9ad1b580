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

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the user's words: word<TAB>weight[<TAB>locale], one a line, sorted.")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let words = try storeOptions.open("kbd-dict list").userWords()
        try printWords(words, json: output.json)
    }
}

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
