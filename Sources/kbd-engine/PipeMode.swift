import KbdEngine

/// Keystrokes from standard input or a key script into an in-memory document, which is
/// printed at the end.
struct PipeMode {
    let engine: EngineSetup
    let showBar: Bool

    func run(script: String) throws {
        let (document, session) = try makeSession()
        let (keys, problems) = KeyScript.parse(script)
        for problem in problems { Diagnostics.shared.report(problem.description) }
        for key in keys { session.handle(key) }
        finish(document, session)
    }

    func runStandardInput() throws {
        let (document, session) = try makeSession()
        var decoder = TerminalKeyDecoder()
        var reader = ChunkReader(fd: 0)
        let onKey: (KeyEvent) -> Void = { session.handle($0) }
        let onProblem: (TerminalKeyDecoder.Problem) -> Void = { Diagnostics.shared.report($0.description) }
        reader.forEachChunk { chunk in
            decoder.feed(chunk, key: onKey, problem: onProblem)
        }
        decoder.finish(key: onKey, problem: onProblem)
        finish(document, session)
    }

    private func makeSession() throws -> (InMemoryDocument, KeyboardSession) {
        let document = InMemoryDocument()
        return (document, try engine.makeSession(document: document))
    }

    private func finish(_ document: InMemoryDocument, _ session: KeyboardSession) {
        Output.write(document.text)
        if isTerminal(1) { Output.write("\n") }
        Output.flush()
        if showBar {
            let bar = session.suggestions.map { "\($0.kind.rawValue): \($0.text)" }.joined(separator: " | ")
            Diagnostics.shared.report("bar: " + bar)
        }
    }
}
