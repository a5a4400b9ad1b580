import Foundation
import Testing
@testable import KbdText

/// The ASCII fast paths of `TextServices` must give exactly ICU's answers.
@Suite struct ASCIIFastPathTests {
    let icuWords = try! TextSegmenter(.word, locale: "en")
    let icuGraphemes = try! TextSegmenter(.graphemeCluster, locale: "en")

    /// ICU's word segments of `text`, and the fast path's (nil when it leaves the text to ICU).
    func both(_ text: String) -> (icu: [(range: Range<Int>, kind: WordKind)], fast: [(range: Range<Int>, kind: WordKind)]?) {
        icuWords.setText(text)
        let icu = icuWords.segments()
        var fast: [(range: Range<Int>, kind: WordKind)] = []
        var t = text
        let answered = t.withUTF8 { ASCIIWordBreaks.segments($0, into: &fast) }
        return (icu, answered ? fast : nil)
    }

    func expectSame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let (icu, fast) = both(text)
        guard let fast else { return false }
        let same = icu.count == fast.count && zip(icu, fast).allSatisfy { $0.range == $1.range && $0.kind == $1.kind }
        #expect(same, "word segments differ for \(String(reflecting: text)): ICU \(icu), fast \(fast)", sourceLocation: sourceLocation)
        return true
    }

    @Test(arguments: [
        "", " ", "a", "hello world", "can't won't", "dogs' bones", "e.g. this", "a.b.c", "a..b", "3.14 and 1,000.50",
        "1,,2", "a:b", "12:30", "x;y", "1;2", "Mr. Darcy", "\"quoted\" (text) - dash -- end!", "tab\there",
        "line\r\nbreak\rcr\nlf", "\u{0B}vt\u{0C}ff", "   three spaces", "'tis 'twas", "end.", "a'", "'a", "1.", ".5",
        "a' b", "rock'n'roll", "x:y:z", "   ", "?!", "a\r\n\r\nb",
    ])
    func craftedTexts(_ text: String) {
        _ = expectSame(text)
    }

    @Test func leavesMixedAndUnderscoresToICU() {
        #expect(both("a1").fast == nil)
        #expect(both("1st place").fast == nil)
        #expect(both("snake_case").fast == nil)
        #expect(both("café").fast == nil)
    }

    @Test func randomASCII() {
        var rng = SplitMix(seed: 42)
        let alphabet = Array("aZk09 .',:;\"-_!?\t\r\n()".utf8)
        for _ in 0..<20_000 {
            let n = Int(rng.next() % 12)
            let bytes = (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            _ = expectSame(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The trailing segments found without ICU are the last of ICU's segments of the whole text.
    @Test func trailingSegmentsAreICUsLast() {
        let services = try! TextServices(locale: "en")
        var rng = SplitMix(seed: 7)
        let pieces = ["a", "Z", "0", " ", " ", ".", "'", ",", "_", "\n", "é", "’", "—", "“", "\u{3000}", "e\u{301}", "!", "x"]
        var partial = 0
        for _ in 0..<20_000 {
            let text = (0..<Int(rng.next() % 14)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let (tail, whole) = services.trailingWordSegments(text)
            let all = services.wordSegments(text)
            func bytes(_ r: Range<String.Index>) -> Range<Int> {
                text.utf8.distance(from: text.startIndex, to: r.lowerBound)..<text.utf8.distance(from: text.startIndex, to: r.upperBound)
            }
            if !whole { partial += 1 }
            let expected = all.suffix(tail.count)
            #expect(tail.count <= all.count && zip(tail, expected).allSatisfy { bytes($0.range) == bytes($1.range) && $0.kind == $1.kind },
                    "\(String(reflecting: text)): tail \(tail.map { bytes($0.range) }), ICU \(all.map { bytes($0.range) })")
            if whole { #expect(tail.count == all.count) }
        }
        #expect(partial > 1000)
    }

    /// Every window the context reader would segment while the development prose is typed
    /// (the last 384 bytes before each position), where the prose is at hand.
    @Test func prose() throws {
        guard let prose = Self.prose() else { return }
        let bytes = Array(prose.utf8.prefix(300_000))
        var answered = 0, windows = 0
        var end = 1
        while end <= bytes.count {
            let start = max(0, end - 384)
            if let text = String(validating: bytes[start..<end], as: UTF8.self) {
                windows += 1
                if expectSame(text) { answered += 1 }
            }
            end += 7
        }
        #expect(windows > 0)
        #expect(Double(answered) >= 0.5 * Double(windows), "the fast path answered \(answered) of \(windows) windows")
    }

    @Test func graphemesOfASCII() {
        let services = try! TextServices(locale: "en")
        for text in ["", "abc", "a\r\nb", "\r\n\r\n", "\r\r\n\n", "x\ny\r", "hello. world"] {
            icuGraphemes.setText(text)
            var b = icuGraphemes.boundaries()
            if b.isEmpty { b = [0] }
            #expect(services.graphemeCount(text) == max(0, b.count - 1))
            for k in 0...(b.count + 1) {
                let before = services.indexBefore(clusters: k, endOf: text)
                #expect(text.utf8.distance(from: text.startIndex, to: before) == b[max(0, b.count - 1 - k)])
                let after = services.indexAfter(clusters: k, startOf: text)
                #expect(text.utf8.distance(from: text.startIndex, to: after) == b[min(b.count - 1, k)])
            }
        }
    }

    static func prose() -> String? {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            dir.deleteLastPathComponent()
            for relative in ["shared/data/dev-prose-en.txt", "../shared/data/dev-prose-en.txt"] {
                let path = dir.appendingPathComponent(relative).path
                if let data = FileManager.default.contents(atPath: path) { return String(decoding: data, as: UTF8.self) }
            }
        }
        return nil
    }
}

/// A small deterministic random number generator for the tests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
