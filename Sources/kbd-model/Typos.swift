import ArgumentParser
import Foundation
import KbdLexicon
import KbdText

/// Correction accuracy and speed of `Corrector`, in process (for tuning; the end-to-end figures
/// come from `tools/eval-typos` through `kbd-engine`).
struct Typos: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Correct each typo of a typo<TAB>correction file in process; report top-1, top-3 and corrections a second.",
        discussion: """
        top-1: the word autocorrection leaves (the typo itself when it is not corrected); top-2: \
        among the two corrections the bar shows beside the typed word. With --prose FILE, also \
        counts the words of a clean text the corrector would change (false corrections).
        """
    )

    @Argument(help: "A typo<TAB>correction file.")
    var tsv: String

    @Option(name: .shortAndLong, help: "The model file (default: found as the engine finds it).")
    var model: String?

    @Option(help: "Autocorrection policy: modest or aggressive.")
    var policy = "modest"

    @Option(help: "Clean prose to count false corrections on.")
    var prose: String?

    @Option(help: "Error-model costs to override, name=value,… (see ErrorModel.Costs).")
    var costs: String?

    @Option(help: "Policy values to override: keep=…,margin=…,maxCost=…")
    var set: String?

    @Option(help: "Keyboard layout (default: the locale's).")
    var layout: String?

    @Option(help: "Print the misses to this file.")
    var misses: String?

    func run() throws {
        let path = orFail { () throws(LexiconError) -> String in if let model { return model }; return try ModelLocator.defaultModelPath() }
        let m = orFail { () throws(LexiconError) in try LanguageModel(path: path) }
        var c = ErrorModel.Costs()
        var p: Corrector.Policy = policy == "aggressive" ? .aggressive : .modest
        for (k, v) in pairs(costs) {
            switch k {
            case "nearSubstitution": c.nearSubstitution = Float(v)
            case "substitutionPerKeyWidth": c.substitutionPerKeyWidth = Float(v)
            case "maxSubstitution": c.maxSubstitution = Float(v)
            case "vowelSubstitution": c.vowelSubstitution = Float(v)
            case "insertion": c.insertion = Float(v)
            case "nearInsertion": c.nearInsertion = Float(v)
            case "omission": c.omission = Float(v)
            case "vowelOmission": c.vowelOmission = Float(v)
            case "doubledInsertion": c.doubledInsertion = Float(v)
            case "doubleOmission": c.doubleOmission = Float(v)
            case "apostropheOmission": c.apostropheOmission = Float(v)
            case "transposition": c.transposition = Float(v)
            case "firstLetter": c.firstLetter = Float(v)
            case "accentOnly": c.accentOnly = Float(v)
            default: fail("unknown cost \(k)")
            }
        }
        var languageWeight = 0.5
        var tuning: [(String, Double)] = []
        for (k, v) in pairs(set) {
            switch k {
            case "keep": p.keepLogProb = v
            case "margin": p.margin = v
            case "maxCost": p.maxCost = Float(v)
            case "contraction": p.contractionMargin = v
            case "lm": languageWeight = v
            case "searchLimit", "oneEdit", "twoEdits", "longPerByte", "longFrom": tuning.append((k, v))
            default: fail("unknown policy value \(k)")
            }
        }
        let kb = KeyboardLayout.forLocale("en", name: layout, modelPath: m.path)
        let corrector = Corrector(model: m, overlay: LearningOverlay(model: m), errorModel: ErrorModel(layout: kb, costs: c))
        corrector.languageWeight = languageWeight
        for (k, v) in tuning {
            switch k {
            case "searchLimit": corrector.searchLimit = Float(v)
            case "oneEdit": corrector.oneEditEnough = Float(v)
            case "longPerByte": corrector.longWordAllowancePerByte = Float(v)
            case "longFrom": corrector.longWordLength = Int(v)
            default: corrector.twoEditsEnough = Float(v)
            }
        }

        guard let data = FileManager.default.contents(atPath: tsv) else { fail("cannot read \(tsv)") }
        var items: [(String, String)] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let f = line.split(separator: "\t")
            if f.count >= 2 { items.append((String(f[0]), String(f[1]))) }
        }
        var top1 = 0, top2 = 0, top3 = 0
        var missLines: [String] = []
        var list: [Corrector.Correction] = []
        for (typo, truth) in items {
            let applied = corrector.autocorrection(for: typo, previousWords: [], policy: p)?.text ?? typo
            corrector.corrections(for: typo, previousWords: [], limit: 3, into: &list)
            let ok1 = CaseMapping.lowercased(applied) == CaseMapping.lowercased(truth)
            if ok1 { top1 += 1 }
            let shown = list.prefix(2).map { CaseMapping.lowercased($0.text) }
            if ok1 || shown.contains(CaseMapping.lowercased(truth)) { top2 += 1 }
            if ok1 || list.prefix(3).contains(where: { CaseMapping.lowercased($0.text) == CaseMapping.lowercased(truth) }) { top3 += 1 }
            if !ok1 {
                missLines.append("\(typo)\t\(truth)\t\(applied)\t" + list.map { "\($0.text):\(String(format: "%.1f/%.1f", $0.score, $0.cost))" }.joined(separator: " "))
            }
        }
        // speed: every typo, repeated, distinct queries (no cache hits); this thread's CPU time,
        // so other work on a shared machine does not count
        func cpuNanoseconds() -> UInt64 {
            var ts = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
            return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
        }
        let t0 = cpuNanoseconds()
        var rounds = 0
        var sink = 0
        repeat {
            for (i, (typo, _)) in items.enumerated() {
                let prev: [Substring] = [i % 2 == 0 ? "the" : "a"]
                sink &+= corrector.autocorrection(for: typo, previousWords: prev, policy: p)?.text.utf8.count ?? 0
            }
            rounds += 1
        } while cpuNanoseconds() - t0 < 1_000_000_000
        let seconds = Double(cpuNanoseconds() - t0) / 1e9
        let n = Double(items.count)
        print(String(format: "typos: %d, top-1 %.2f %%, top-2 (bar) %.2f %%, top-3 %.2f %%, %.0f corrections/s (%d)",
                     items.count, 100 * Double(top1) / n, 100 * Double(top2) / n, 100 * Double(top3) / n,
                     Double(rounds) * n / seconds, sink & 1))
        if let misses {
            FileManager.default.createFile(atPath: misses, contents: Data(missLines.joined(separator: "\n").utf8))
        }
        if let prose { falseCorrections(prose, corrector, p) }
    }

    /// Words of clean prose the corrector would change (case aside), in sentence context.
    func falseCorrections(_ path: String, _ corrector: Corrector, _ p: Corrector.Policy) {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        let text = String(decoding: data, as: UTF8.self)
        var words = 0, changed = 0
        var previous: [Substring] = []
        var examples: [String: Int] = [:]
        for token in text.split(whereSeparator: { $0.isWhitespace }) {
            var w = Substring(token)
            while let f = w.first, !f.isLetter { w = w.dropFirst() }
            while let l = w.last, !l.isLetter { w = w.dropLast() }
            guard !w.isEmpty, w.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" }) else { previous = []; continue }
            words += 1
            let capitalizedInside = !previous.isEmpty && w.first!.isUppercase
            if !capitalizedInside, let c = corrector.autocorrection(for: w, previousWords: previous, policy: p),
               CaseMapping.lowercased(c.text) != CaseMapping.lowercased(String(w)) {
                changed += 1
                examples["\(w)→\(c.text)", default: 0] += 1
            }
            previous = token.last.map { $0.isLetter } == true ? previous.suffix(1) + [w] : []
        }
        print(String(format: "prose: %d words, %d changed (%.3f %%)", words, changed, 100 * Double(changed) / Double(max(words, 1))))
        print(examples.sorted { $0.value > $1.value }.prefix(40).map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
    }

    func pairs(_ s: String?) -> [(String, Double)] {
        guard let s else { return [] }
        return s.split(separator: ",").compactMap { kv in
            let p = kv.split(separator: "=")
            guard p.count == 2, let v = Double(p[1]) else { fail("bad value \(kv)") }
            return (String(p[0]), v)
        }
    }
}
