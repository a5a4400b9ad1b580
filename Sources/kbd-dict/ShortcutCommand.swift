import ArgumentParser
import KbdStore

struct ShortcutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shortcut",
        abstract: "Text replacements: typing SHORTCUT offers PHRASE.",
        subcommands: [AddShortcut.self, RemoveShortcut.self, ListShortcuts.self]
    )

    struct AddShortcut: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add SHORTCUT → PHRASE.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "What the user types, e.g. omw.") var shortcut: String
        @Argument(help: "What it expands to, e.g. \"On my way!\".") var phrase: String

        func run() throws {
            try storeOptions.open("kbd-dict shortcut add").addShortcut(Shortcut(shortcut: shortcut, phrase: phrase))
        }
    }

    struct RemoveShortcut: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a shortcut (all its phrases, or just PHRASE).")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The shortcut.") var shortcut: String
        @Argument(help: "Only this phrase.") var phrase: String?

        func run() throws {
            let removed = try storeOptions.open("kbd-dict shortcut remove").removeShortcut(shortcut, phrase: phrase)
            if removed == 0 {
                Output.error("shortcut \(shortcut.debugDescription): not found")
                throw ExitCode(1)
            }
        }
    }

    struct ListShortcuts: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List shortcuts: shortcut<TAB>phrase, one a line.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let shortcuts = try storeOptions.open("kbd-dict shortcut list").shortcuts()
            if output.json { return try Output.json(shortcuts) }
            var out = Output()
            for entry in shortcuts { out.line("\(entry.shortcut)\t\(entry.phrase)") }
            out.flush()
        }
    }
}
