// swift-tools-version:6.1
import PackageDescription

// kbd's benchmarks: a separate package so the main build stays lean.
// Run: tools/bench (or `swift package benchmark` here).
let package = Package(
    name: "kbd-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "kbd"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "KeyPath",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "KbdEngine", package: "kbd"),
                .product(name: "KbdRuntime", package: "kbd"),
            ],
            path: "Benchmarks/KeyPath",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
