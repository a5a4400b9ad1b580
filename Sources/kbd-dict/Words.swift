import ArgumentParser
import Foundation
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
        let store = try storeOptions.open("kbd-dict list")
        var out = Output()
        if output.json {
            // One JSON array, streamed: the same text `Output.json` gives for the whole array.
            var first = true
            out.raw("[")
            try store.forEachUserWord { entry in
                if !first { out.raw(",") }
                first = false
                out.raw("{\"locale\":\(jsonString(entry.locale)),\"weight\":\(entry.weight),\"word\":\(jsonString(entry.word))}")
            }
            out.line("]")
        } else {
            try store.forEachUserWord { out.line(plainLine($0)) }
        }
        out.flush()
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

/// `text` as a JSON string literal, escaped as JSONEncoder does (no `/` escaping).
func jsonString(_ text: String) -> String {
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + text + "\"" }
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
