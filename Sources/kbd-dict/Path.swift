import ArgumentParser
import Foundation
import KbdStore

struct Path: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the store's path (nothing is created).")
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions
    @Flag(help: "Print the container directory instead.") var container = false

    func run() throws {
        let location = try storeOptions.location()
        if output.json {
            struct Paths: Encodable { let container: String; let store: String; let appGroup: String? }
            return try Output.json(Paths(container: location.containerPath, store: location.databasePath, appGroup: location.groupID))
        }
        print(container ? location.containerPath : location.databasePath)
    }
}
