import Foundation

/// Runs one of the package's built programs and collects what it wrote.
struct ProgramRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: Data
    }

    /// The directory holding the built products (beside the test bundle).
    static let productsDirectory: URL = {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        // The test runner lives in …/debug/kbdPackageTests.xctest (a file on Linux).
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("kbd-engine").path), dir.path != "/" {
            dir.deleteLastPathComponent()
        }
        return dir
    }()

    static func url(_ program: String) -> URL { productsDirectory.appendingPathComponent(program) }

    /// Runs `program` with `arguments`, feeding `input` on standard input.
    static func run(_ program: String, _ arguments: [String], input: Data = Data(), environment: [String: String] = [:]) throws -> Result {
        // A program that exits before reading all its input must not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = url(program)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        // Never the user's own store: a fresh container unless the test names one.
        env["KBD_APP_GROUP_DIR"] = FileManager.default.temporaryDirectory
            .appendingPathComponent("kbd-cli-\(UUID().uuidString)").path
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        nonisolated(unsafe) var errData = Data()
        let errReader = Thread { errData = stderr.fileHandleForReading.readDataToEndOfFile() }
        errReader.start()
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errReader.isExecuting || !errReader.isFinished { usleep(1000) }
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self),
                      stdoutBytes: outData)
    }

    static func run(_ program: String, _ arguments: [String], input: String) throws -> Result {
        try run(program, arguments, input: Data(input.utf8))
    }
}
