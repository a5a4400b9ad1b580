import Foundation

/// A shared store in a temporary directory holding `words` random user words, made with the
/// release kbd-dict (tools/bench builds it).
struct LargeStore {
    let directory: String
    var database: String { directory + "/kbd.sqlite" }

    init(words: Int) throws {
        directory = NSTemporaryDirectory() + "kbd-bench-\(getpid())-\(words)"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(words * 9)
        for _ in 0..<words {
            for _ in 0..<Int.random(in: 5...10, using: &generator) { text.append(letters.randomElement(using: &generator)!) }
            text.append(0x0A)
        }
        let list = directory + "/words.txt"
        FileManager.default.createFile(atPath: list, contents: Data(text))
        guard let dict = findUpwards(".build/release/kbd-dict") else {
            fatalError("kbd benchmarks: .build/release/kbd-dict not found: run tools/bench")
        }
        let child = Child.spawn(dict, ["import", "--store", database, "--format", "words", list])
        _ = child.finish()
    }
}
