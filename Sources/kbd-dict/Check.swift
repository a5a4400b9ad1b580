import ArgumentParser
import Foundation
import KbdStore

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the store: integrity, schema, permissions. Prints ok, or the problems (exit 1).")
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let location = try storeOptions.location()
        if !location.databaseExists {
            throw StoreError(.io, "store \(location): does not exist (nothing to check)")
        }
        let problems = try Store(location: location, origin: "kbd-dict check").check()
        if output.json {
            struct Report: Encodable { let ok: Bool; let problems: [String] }
            try Output.json(Report(ok: problems.isEmpty, problems: problems))
        } else if problems.isEmpty {
            print("ok")
        } else {
            for problem in problems { Output.error(problem) }
        }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
