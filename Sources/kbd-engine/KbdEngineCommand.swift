import ArgumentParser
import KbdEngine
import KbdProtocol

@main
struct KbdEngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kbd-engine",
        abstract: "A keyboard engine: keystrokes in, text out, with a suggestion bar.",
        discussion: """
        With no mode option and standard input a pipe or a file, reads keystrokes from it until \
        its end and prints the resulting document. Input is UTF-8 text in which every character is a key tap; 0x7F and \
        0x08 are BackSpace, newline and CR Return, tab Tab, ESC [ A/B/C/D the arrow keys. Invalid \
        UTF-8 and stray control bytes are reported on standard error with their byte offset and \
        skipped.

        \(InteractiveMode.keyHelp)

        Example:  printf 'hello. how are you? i am fine  ok' | kbd-engine
        """
    )

    @Option(help: ArgumentHelp("Type a key script instead of reading standard input: characters, and {Name} for keys (X11 keysym names: space, BackSpace, Return, Tab, Left, Right, Up, Down, Home, End, Delete, Shift_L, Caps_Lock, Escape).", valueName: "script"))
    var keys: String?

    @Option(name: .customLong("protocol"), help: ArgumentHelp("Speak an embedding protocol on standard input and output: jsonl (see docs/PROTOCOL.md).", valueName: "name"))
    var protocolName: String?

    @Flag(name: .customLong("show-bar"), help: "After the document, print the final suggestion bar on standard error.")
    var showBar = false

    @OptionGroup var options: EngineOptions

    mutating func validate() throws {
        if let p = protocolName, p != "jsonl" {
            throw ValidationError("--protocol: unknown protocol \"\(p)\" (known: jsonl)")
        }
        if keys != nil, protocolName != nil {
            throw ValidationError("--keys and --protocol cannot be used together")
        }
    }

    func run() throws {
        let settings = try options.settings()
        let engine = try EngineSetup(options: options, settings: settings)
        if protocolName == "jsonl" {
            try LineProtocolMode(engine: engine).run()
        } else if let keys {
            try PipeMode(engine: engine, showBar: showBar).run(script: keys)
        } else if let screen = InteractiveMode.screen() {
            try InteractiveMode(engine: engine, screenFD: screen).run()
        } else {
            try PipeMode(engine: engine, showBar: showBar).runStandardInput()
        }
        engine.runtime.close()
        Diagnostics.shared.finish()
    }
}
