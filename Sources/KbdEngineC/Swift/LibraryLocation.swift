#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CKbd
import KbdLexicon
import KbdRuntime

/// Where the installed library's data is: `<libdir>/../share/kbd/`, found from the library's
/// own file (the host program's path says nothing about where libkbd was installed).
enum LibraryLocation {
    /// The directory holding libkbd.so, or nil when it cannot be told.
    static var libraryDirectory: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard kbd_internal_library_path(&buffer, buffer.count) == 0 else { return nil }
        let path = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    /// The installed default model beside the library, if it is there.
    static var installedModelPath: String? {
        guard let dir = libraryDirectory else { return nil }
        let path = dir + "/../share/kbd/en.kbdlm"
        return access(path, R_OK) == 0 ? path : nil
    }
}

extension RuntimeOptions {
    /// Fills in the installed model when the options name none and `$KBD_MODEL` is not set.
    mutating func locateInstalledModel() {
        guard modelPath == nil, !withoutModel else { return }
        if let env = getenv(ModelLocator.environmentVariable), env.pointee != 0 { return }
        modelPath = LibraryLocation.installedModelPath
    }
}
