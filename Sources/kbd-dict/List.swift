import ArgumentParser
import KbdStore

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
