// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "kbd",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "KbdEngine", targets: ["KbdEngine"]),
        .library(name: "KbdRuntime", targets: ["KbdRuntime"]),
        .executable(name: "kbd-engine", targets: ["kbd-engine"]),
        // The C library (libkbd.so, include/kbd.h): build with tools/install.
        .library(name: "kbd", type: .dynamic, targets: ["KbdEngineC"]),
        .executable(name: "kbd-dict", targets: ["kbd-dict"]),
        .executable(name: "kbd-model", targets: ["kbd-model"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // ICU: linked as a system library; only CICUShim's C files include its headers.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        .target(name: "CICUShim", dependencies: ["CICU"]),

        .target(name: "KbdText", dependencies: ["CICUShim"], swiftSettings: strict),
        .target(name: "KbdLexicon", dependencies: ["KbdText"], swiftSettings: strict),
        .target(
            name: "KbdStore",
            dependencies: [
                "KbdText",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        .target(name: "KbdEngine", dependencies: ["KbdText", "KbdLexicon"], swiftSettings: strict),
        .target(name: "KbdProtocol", dependencies: ["KbdEngine"], swiftSettings: strict),
        // Assembles sessions with their model, store and learning: shared by kbd-engine and the C ABI.
        .target(name: "KbdRuntime", dependencies: ["KbdEngine", "KbdLexicon", "KbdStore"], swiftSettings: strict),
        // The C ABI: the hand-written header include/kbd.h (seen from Swift through CKbd) and its Swift side.
        .target(name: "CKbd", path: "Sources/KbdEngineC/CKbd"),
        .target(
            name: "KbdEngineC",
            dependencies: ["CKbd", "KbdEngine", "KbdProtocol", "KbdRuntime"],
            path: "Sources/KbdEngineC/Swift",
            swiftSettings: strict
        ),

        .executableTarget(
            name: "kbd-engine",
            dependencies: [
                "KbdEngine", "KbdProtocol", "KbdRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "kbd-dict",
            dependencies: [
                "KbdStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "kbd-model",
            dependencies: [
                "KbdLexicon", "KbdText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        .testTarget(name: "KbdTextTests", dependencies: ["KbdText"], swiftSettings: strict),
        .testTarget(name: "KbdLexiconTests", dependencies: ["KbdLexicon"], swiftSettings: strict),
        .testTarget(name: "KbdStoreTests", dependencies: ["KbdStore"], swiftSettings: strict),
        // Runs the built `kbd-dict` (and helper processes) against temporary stores.
        .testTarget(
            name: "KbdDictTests",
            dependencies: ["KbdStore", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: strict
        ),
        .testTarget(name: "KbdEngineTests", dependencies: ["KbdEngine", "KbdRuntime"], swiftSettings: strict),
        .testTarget(name: "KbdProtocolTests", dependencies: ["KbdProtocol"], swiftSettings: strict),
        .testTarget(name: "CLITests", dependencies: [], swiftSettings: strict),
    ]
)
