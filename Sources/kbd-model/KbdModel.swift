import ArgumentParser
import Foundation
import KbdLexicon

/// `kbd-model`: builds, inspects and evaluates kbd language model files.
@main
struct KbdModel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kbd-model",
        abstract: "Build, inspect and evaluate kbd language models (.kbdlm).",
        subcommands: [Build.self, Info.self, Check.self, Simulate.self, Locate.self]
    )
}

/// Prints `message` as one line on stderr and exits non-zero.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("kbd-model: " + message + "\n").utf8))
    Foundation.exit(1)
}

/// Runs `body`, turning a `LexiconError` into a one-line message and exit status 1.
func orFail<T>(_ body: () throws(LexiconError) -> T) -> T {
    let result: Result<T, LexiconError> = Result { () throws(LexiconError) -> T in try body() }
    switch result {
    case .success(let value): return value
    case .failure(let error): fail(error.description)
    }
}
