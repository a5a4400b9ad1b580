import Foundation
@testable import KbdStore

/// A fresh private temporary folder, removed when the value is dropped.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array((NSTemporaryDirectory() + "kbd-store-test-XXXXXX").utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    var container: String { path + "/container" }
    var location: StoreLocation { StoreLocation(containerPath: container) }

    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
