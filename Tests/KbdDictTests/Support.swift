import Foundation
import KbdStore

/// The built `kbd-dict` beside the test bundle (or `$KBD_DICT`).
let kbdDict: String = {
    if let path = ProcessInfo.processInfo.environment["KBD_DICT"] { return path }
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = dir.appendingPathComponent("kbd-dict").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        dir.deleteLastPathComponent()
    }
    return ".build/debug/kbd-dict"
}()

struct Run: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A private temporary container for one test, with helpers to run `kbd-dict` against it.
final class Sandbox: @unchecked Sendable {  // immutable after init
    let path: String

    init() {
        var template = Array((NSTemporaryDirectory() + "kbd-dict-test-XXXXXX").utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    var container: String { path + "/group" }
    var location: StoreLocation { StoreLocation(containerPath: container) }
    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String) -> String {
        _ = FileManager.default.createFile(atPath: file(name), contents: Data(text.utf8))
        return file(name)
    }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["KBD_APP_GROUP_DIR"] = container
        return env
    }

    /// Starts `kbd-dict ARGS` with the sandbox's container.
    func start(_ arguments: [String], stdin: Data? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: kbdDict)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let input = Pipe()
            process.standardInput = input
            try process.run()
            input.fileHandleForWriting.write(stdin)
            try input.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        return (process, out, err)
    }

    /// Runs `kbd-dict ARGS` to the end.
    @discardableResult
    func run(_ arguments: String..., stdin: Data? = nil) throws -> Run {
        try run(arguments, stdin: stdin)
    }

    func run(_ arguments: [String], stdin: Data? = nil) throws -> Run {
        let (process, out, err) = try start(arguments, stdin: stdin)
        return finish(process, out, err)
    }
}

func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Run {
    // Read both pipes before waiting, so a full pipe cannot stall the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
               stderr: String(decoding: errData, as: UTF8.self))
}
