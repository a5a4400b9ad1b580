import Benchmark
import Foundation
import KbdEngine

nonisolated(unsafe) var typist: Typist?
nonisolated(unsafe) var requests: [UInt8] = []
nonisolated(unsafe) var largeStore: LargeStore?
let requestCount = 100_000

let benchmarks: @Sendable () -> Void = {
    let keystroke = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 2_000,
        maxDuration: .seconds(15),
        maxIterations: 200_000
    )

    // One keystroke through the whole pipeline plus a bar of three, typing dev-prose-en.txt.
    Benchmark("keystroke + bar (model, autocorrection on)", configuration: keystroke) { benchmark in
        blackHole(typist!.step())
    } setup: {
        typist = try Typist()
    }

    Benchmark("keystroke + bar (model + 10k user words)", configuration: keystroke) { benchmark in
        blackHole(typist!.step())
    } setup: {
        typist = try Typist(userWords: 10_000)
    }

    // Process start to the first reply with suggestions, over the JSON-lines protocol.
    Benchmark("start-up to first suggestion (kbd-engine process)",
              configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 60)) { benchmark in
        let child = Child.spawn(enginePath(), ["--protocol", "jsonl"])
        child.write(Array("{\"key\":\"t\"}\n".utf8))
        child.readLines(1)
        benchmark.stopMeasurement()
        child.finish()
    }

    // Keys per second through kbd-engine --protocol jsonl with the bar on every reply, and the
    // process's peak resident memory.
    Benchmark("kbd-engine JSON lines, 100k keys",
              configuration: .init(metrics: [.wallClock, .custom("keys per second", polarity: .prefersLarger, useScalingFactor: false),
                                             .custom("peak RSS (KiB)", useScalingFactor: false),
                                             .custom("private dirty at the end (KiB)", useScalingFactor: false)],
                                   timeUnits: .milliseconds, maxDuration: .seconds(30), maxIterations: 5)) { benchmark in
        let started = DispatchTime.now().uptimeNanoseconds
        let child = Child.spawn(enginePath(), ["--protocol", "jsonl"])
        let writer = Thread { child.write(requests) }
        writer.start()
        child.readLines(requestCount)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        benchmark.measurement(.custom("private dirty at the end (KiB)", useScalingFactor: false), child.privateDirtyKiB())
        let rss = child.peakRSSKiB()
        child.finish()
        benchmark.measurement(.custom("keys per second", polarity: .prefersLarger, useScalingFactor: false), Int(Double(requestCount) / elapsed))
        benchmark.measurement(.custom("peak RSS (KiB)", useScalingFactor: false), rss)
    } setup: {
        requests = proseRequests(limit: requestCount)
    }

    // With a 1M-word user dictionary in the shared store: process start to the first reply
    // with suggestions, and the process's peak resident memory.
    Benchmark("start-up with 1M user words (kbd-engine process)",
              configuration: .init(metrics: [.wallClock, .custom("peak RSS (KiB)", useScalingFactor: false)],
                                   timeUnits: .milliseconds, maxDuration: .seconds(60), maxIterations: 3)) { benchmark in
        let child = Child.spawn(enginePath(), ["--protocol", "jsonl", "--store", largeStore!.database])
        child.write(Array("{\"key\":\"t\"}\n".utf8))
        child.readLines(1)
        benchmark.stopMeasurement()
        benchmark.measurement(.custom("peak RSS (KiB)", useScalingFactor: false), child.peakRSSKiB())
        child.finish()
    } setup: {
        largeStore = try LargeStore(words: 1_000_000)
    }
}
