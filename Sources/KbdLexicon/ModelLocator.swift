#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the default English model with no configuration.
///
/// In order: `$KBD_MODEL` if set; `<executable dir>/../share/kbd/en.kbdlm` (installed layout);
/// `Data/en/en.kbdlm` in the executable's directory or any directory above it (a development
/// checkout running `.build/debug/kbd-engine`); the same above the current directory.
public enum ModelLocator {
    public static let environmentVariable = "KBD_MODEL"
    public static let installedRelativePath = "../share/kbd/en.kbdlm"
    public static let checkoutRelativePath = "Data/en/en.kbdlm"

    /// The path of the model to load. Throws `LexiconError` (`.unreadable`) when none is found.
    public static func defaultModelPath(
        environment: [String: String]? = nil,
        executablePath: String? = nil,
        currentDirectory: String? = nil
    ) throws(LexiconError) -> String {
        let env = environment?[environmentVariable] ?? getenv(environmentVariable).map { String(cString: $0) }
        if let env, !env.isEmpty { return env }
        var tried: [String] = []
        if let exe = executablePath ?? Self.executablePath() {
            let dir = parent(exe)
            let installed = dir + "/" + installedRelativePath
            if FileIO.exists(installed) { return normalized(installed) }
            tried.append(normalized(installed))
            if let found = searchUpward(from: dir) { return found }
        }
        if let cwd = currentDirectory ?? Self.currentDirectory(), let found = searchUpward(from: cwd) { return found }
        tried.append(checkoutRelativePath + " above the executable and the current directory")
        throw LexiconError(.unreadable, path: "en.kbdlm",
                           "no model found; set \(environmentVariable) (tried \(tried.joined(separator: ", ")))")
    }

    /// Loads the default model (see `defaultModelPath`).
    public static func loadDefault() throws(LexiconError) -> LanguageModel {
        try LanguageModel(path: defaultModelPath())
    }

    static func searchUpward(from start: String) -> String? {
        var dir = start
        for _ in 0..<64 {
            let candidate = (dir == "/" ? "" : dir) + "/" + checkoutRelativePath
            if FileIO.exists(candidate) { return candidate }
            let up = parent(dir)
            if up == dir { return nil }
            dir = up
        }
        return nil
    }

    static func parent(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        let head = p[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    /// Resolves `..` components textually (for messages and returned paths).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for c in path.split(separator: "/", omittingEmptySubsequences: true) {
            if c == "." { continue }
            if c == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(c)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        let end = buffer.firstIndex(of: 0) ?? buffer.count
        return String(decoding: buffer[0..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
