import ArgumentParser
import KbdStore

struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show or change settings.",
        subcommands: [Get.self, Set.self], defaultSubcommand: Get.self)

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print settings: key<TAB>value, or one value.",
            discussion: StoreSettings.keys.map { "\($0): \(StoreSettings.accepted[$0]!)" }.joined(separator: "\n"))
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "Only this key.") var key: String?

        func run() throws {
            let settings = try storeOptions.open("kbd-dict settings").settings()
            let keys = key.map { [$0] } ?? StoreSettings.keys
            var values: [String: String] = [:]
            for key in keys {
                guard let value = settings.value(for: key) else {
                    throw StoreError(.invalidInput, "setting \(key.debugDescription): unknown (known: \(StoreSettings.keys.joined(separator: ", ")))")
                }
                values[key] = value
            }
            if output.json { return try Output.json(values) }
            if key != nil { print(values[keys[0]]!) } else { for key in keys { print("\(key)\t\(values[key]!)") } }
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set KEY to VALUE.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The key: \(StoreSettings.keys.joined(separator: ", ")).") var key: String
        @Argument(help: "The value.") var value: String

        func run() throws {
            try storeOptions.open("kbd-dict settings set").setSetting(key, to: value)
        }
    }
}
