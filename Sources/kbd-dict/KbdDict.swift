import ArgumentParser
import Foundation
import KbdStore

/// `kbd-dict`: the containing app. Manages the user's dictionary in the shared app-group store.
@main
struct KbdDict: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kbd-dict",
        abstract: "Manage kbd's shared user dictionary: words, blocked words, shortcuts, learning, settings.",
        discussion: """
        The store is kbd.sqlite in the app-group container: $KBD_APP_GROUP_DIR if set, else \
        ${XDG_DATA_HOME:-~/.local/share}/kbd/app-groups/<group-id>/ (group.kbd.default unless \
        --app-group says otherwise); --store names the database file directly.
        """,
        subcommands: [
            Add.self, Remove.self, List.self, Search.self, Block.self, Unblock.self,
            ShortcutCommand.self, Import.self, Export.self, Learned.self, SettingsCommand.self,
            Stats.self, Path.self, Check.self, EngineSimulation.self,
        ]
    )

    /// Runs the command; a `StoreError` becomes one line on stderr and exit status 1.
    static func main() {
        if let problem = invalidArgument() {
            fail(problem)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as StoreError {
            fail(error.message)
        } catch {
            Self.exit(withError: error)
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("kbd-dict: \(message)\n".utf8))
        Foundation.exit(1)
    }

    /// Swift repairs invalid UTF-8 in `CommandLine.arguments`; refuse it instead.
    static func invalidArgument() -> String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                            count: strlen(pointer))
            if String(validating: bytes, as: UTF8.self) == nil {
                return "argument \(index): invalid UTF-8"
            }
        }
        return nil
    }
}

/// `--app-group` and `--store`, shared by every subcommand.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("app-group"), help: "The app-group id (default: group.kbd.default).")
    var appGroup: String?

    @Option(help: "The database file to use instead of the app-group container's.")
    var store: String?

    func location() throws -> StoreLocation {
        try StoreLocation.resolve(appGroup: appGroup, store: store)
    }

    func open(_ origin: String) throws -> Store {
        try Store(location: location(), origin: origin)
    }
}

/// `--json`.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON for scripts instead of plain text.")
    var json = false
}

/// Writing to stdout in large chunks.
struct Output {
    private var buffer: [UInt8] = []

    mutating func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count > 1 << 16 { flush() }
    }

    mutating func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    /// Prints `value` as one line of JSON (keys sorted, slashes and non-ASCII as they are).
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(value)
        data.append(0x0A)
        FileHandle.standardOutput.write(data)
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data("kbd-dict: \(text)\n".utf8))
    }
}

/// Plain-text form of a user word: `word<TAB>weight[<TAB>locale]`, as in TSV files.
func plainLine(_ entry: UserWord) -> String {
    entry.locale.isEmpty ? "\(entry.word)\t\(entry.weight)" : "\(entry.word)\t\(entry.weight)\t\(entry.locale)"
}

func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
