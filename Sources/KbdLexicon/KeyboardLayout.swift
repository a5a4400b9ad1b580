#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The geometry of a keyboard's letter keys: where each key's centre is, in key widths.
///
/// The error model of autocorrection asks it how far apart two keys are: a slip to a
/// neighbouring key is far more likely than one across the keyboard. Layouts are read from
/// `Data/layouts/<name>.json` (`qwerty`, `qwertz`, `azerty`, …); each names the locales it is the
/// usual layout of, so the layout follows the locale unless one is chosen.
///
/// Immutable; `Sendable`.
public struct KeyboardLayout: Sendable, Equatable {
    /// A key: its label and its centre, in key widths from the top-left corner.
    public struct Key: Sendable, Equatable {
        public var label: String
        public var x: Double
        public var y: Double
        public init(label: String, x: Double, y: Double) {
            self.label = label
            self.x = x
            self.y = y
        }
    }

    /// The layout's name (`qwerty`).
    public let name: String
    /// Languages or locales whose usual layout this is (`de`, `fr`).
    public let locales: [String]
    public let keys: [Key]
    /// Distances between the centres of keys labelled by ASCII letters, in key widths, indexed
    /// `[a * 128 + b]`; `.infinity` when either is not on the layout.
    private let asciiDistances: [Float]

    public init(name: String, locales: [String], keys: [Key]) {
        self.name = name
        self.locales = locales
        self.keys = keys
        var table = [Float](repeating: .infinity, count: 128 * 128)
        var centres: [(UInt8, Double, Double)] = []
        for key in keys {
            let utf8 = Array(key.label.utf8)
            guard utf8.count == 1, utf8[0] < 0x80 else { continue }
            centres.append((utf8[0] | (utf8[0] >= 0x41 && utf8[0] <= 0x5A ? 0x20 : 0), key.x, key.y))
        }
        for (a, ax, ay) in centres {
            for (b, bx, by) in centres {
                let dx = ax - bx, dy = ay - by
                table[Int(a) * 128 + Int(b)] = Float((dx * dx + dy * dy).squareRoot())
            }
        }
        asciiDistances = table
    }

    /// The distance between the centres of the keys that type the ASCII bytes `a` and `b`
    /// (lower-case letters), in key widths; `.infinity` when either is not on the layout. O(1).
    @inline(__always)
    public func distance(_ a: UInt8, _ b: UInt8) -> Float {
        guard a < 0x80, b < 0x80 else { return .infinity }
        return asciiDistances[Int(a) * 128 + Int(b)]
    }

    /// The distance between the keys of two one-letter strings (`"q"`, `"w"`), in key widths.
    public func distance(_ a: Character, _ b: Character) -> Float {
        guard let x = a.lowercased().utf8.first, let y = b.lowercased().utf8.first,
              a.utf8.count == 1, b.utf8.count == 1 else { return .infinity }
        return distance(x, y)
    }

    public static func == (l: KeyboardLayout, r: KeyboardLayout) -> Bool {
        l.name == r.name && l.locales == r.locales && l.keys == r.keys
    }

    // MARK: Loading

    /// The layout names shipped in `Data/layouts`.
    public static let shippedNames = ["qwerty", "qwertz", "azerty"]

    /// Parses a layout file's JSON: `{"name": …, "locales": [...], "keys": [{"label", "x", "y"}…]}`.
    public static func parse(json text: String, name fallbackName: String = "") throws(LexiconError) -> KeyboardLayout {
        var scanner = LayoutScanner(Array(text.utf8))
        do {
            return try scanner.layout(fallbackName: fallbackName)
        } catch {
            throw LexiconError(.corrupt, path: fallbackName.isEmpty ? "<layout>" : fallbackName + ".json", error.message)
        }
    }

    /// Loads `name.json` from `directory`.
    public static func load(name: String, directory: String) throws(LexiconError) -> KeyboardLayout {
        let path = directory + "/" + name + ".json"
        let bytes = try FileIO.read(path)
        do {
            var scanner = LayoutScanner(bytes)
            return try scanner.layout(fallbackName: name)
        } catch {
            throw LexiconError(.corrupt, path: path, error.message)
        }
    }

    /// The name of the usual layout for `locale` among `layouts`: an exact locale match, then the
    /// language (`de` for `de_AT`), else `qwerty`.
    public static func name(forLocale locale: String, among layouts: [KeyboardLayout]) -> String {
        let normal = locale.replacingUnderscores()
        let language = String(normal.prefix(while: { $0 != "_" && $0 != "@" && $0 != "." }))
        for l in layouts where l.locales.contains(where: { $0.replacingUnderscores() == normal }) { return l.name }
        for l in layouts where l.locales.contains(language) { return l.name }
        return "qwerty"
    }

    /// The layouts directory: `$KBD_LAYOUTS`, else `layouts` beside the model's directory
    /// (`Data/en/en.kbdlm` → `Data/layouts`), else the checkout's or installation's.
    public static func defaultDirectory(modelPath: String? = nil) -> String? {
        if let env = getenv("KBD_LAYOUTS").map({ String(cString: $0) }), !env.isEmpty { return env }
        var tried: [String] = []
        if let modelPath {
            tried.append(ModelLocator.parent(ModelLocator.parent(modelPath)) + "/layouts")
        }
        if let exe = ModelLocator.executablePath() {
            let dir = ModelLocator.parent(exe)
            tried.append(dir + "/../share/kbd/layouts")
            if let found = ModelLocator.searchUpward(from: dir, relativePath: "Data/layouts/qwerty.json") {
                tried.append(ModelLocator.parent(found))
            }
        }
        for dir in tried where access(dir + "/qwerty.json", R_OK) == 0 { return dir }
        return nil
    }

    /// The layout for `locale` (or the one `name` chooses) from `directory` (default:
    /// `defaultDirectory`); the built-in QWERTY when no file can be read. Reads a few small files
    /// (well under a millisecond).
    public static func forLocale(_ locale: String, name: String? = nil, directory: String? = nil, modelPath: String? = nil) -> KeyboardLayout {
        guard let dir = directory ?? defaultDirectory(modelPath: modelPath) else { return .builtInQWERTY }
        var layouts: [KeyboardLayout] = []
        for n in shippedNames {
            if let l = try? load(name: n, directory: dir) { layouts.append(l) }
        }
        let chosen = name ?? Self.name(forLocale: locale, among: layouts)
        if let l = layouts.first(where: { $0.name == chosen }) { return l }
        if let l = try? load(name: chosen, directory: dir) { return l }
        return .builtInQWERTY
    }

    /// QWERTY built from its rows, for when no layout file is at hand (tests, a bare library).
    public static let builtInQWERTY: KeyboardLayout = {
        var keys: [Key] = []
        for (row, (letters, offset)) in [("qwertyuiop", 0.0), ("asdfghjkl", 0.25), ("zxcvbnm", 0.75)].enumerated() {
            for (column, c) in letters.enumerated() {
                keys.append(Key(label: String(c), x: offset + Double(column) + 0.5, y: Double(row) + 0.5))
            }
        }
        return KeyboardLayout(name: "qwerty", locales: ["en"], keys: keys)
    }()
}

private extension String {
    func replacingUnderscores() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}

/// A small reader for the layout files' JSON (objects, arrays, strings, numbers).
private struct LayoutScanner {
    struct Failure: Error { var message: String }
    let bytes: [UInt8]
    var i = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func layout(fallbackName: String) throws(Failure) -> KeyboardLayout {
        guard case .object(let root) = try value() else { throw Failure(message: "not a JSON object") }
        var name = fallbackName, locales: [String] = [], keys: [KeyboardLayout.Key] = []
        for (k, v) in root {
            switch (k, v) {
            case ("name", .string(let s)): name = s
            case ("locales", .array(let a)):
                locales = a.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
            case ("keys", .array(let a)):
                for item in a {
                    guard case .object(let o) = item,
                          case .string(let label)? = o.first(where: { $0.0 == "label" })?.1,
                          case .number(let x)? = o.first(where: { $0.0 == "x" })?.1,
                          case .number(let y)? = o.first(where: { $0.0 == "y" })?.1 else {
                        throw Failure(message: "a key needs \"label\", \"x\" and \"y\"")
                    }
                    keys.append(.init(label: label, x: x, y: y))
                }
            default: break
            }
        }
        guard !keys.isEmpty else { throw Failure(message: "no keys") }
        return KeyboardLayout(name: name, locales: locales, keys: keys)
    }

    indirect enum Value { case object([(String, Value)]), array([Value]), string(String), number(Double), other }

    mutating func skipSpace() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 } }

    mutating func expect(_ c: UInt8) throws(Failure) {
        skipSpace()
        guard i < bytes.count, bytes[i] == c else { throw Failure(message: "expected '\(Character(UnicodeScalar(c)))' at byte \(i)") }
        i += 1
    }

    mutating func value() throws(Failure) -> Value {
        skipSpace()
        guard i < bytes.count else { throw Failure(message: "unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [(String, Value)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                guard case .string(let k) = try value() else { throw Failure(message: "expected a member name at byte \(i)") }
                try expect(UInt8(ascii: ":"))
                members.append((k, try value()))
                skipSpace()
                guard i < bytes.count else { throw Failure(message: "unexpected end") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                try expect(UInt8(ascii: "}"))
                return .object(members)
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [Value] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                items.append(try value())
                skipSpace()
                guard i < bytes.count else { throw Failure(message: "unexpected end") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                try expect(UInt8(ascii: "]"))
                return .array(items)
            }
        case UInt8(ascii: "\""):
            i += 1
            var out: [UInt8] = []
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count { i += 1 }
                out.append(bytes[i])
                i += 1
            }
            guard i < bytes.count else { throw Failure(message: "unterminated string") }
            i += 1
            return .string(String(decoding: out, as: UTF8.self))
        default:
            let start = i
            while i < bytes.count, !(bytes[i] == UInt8(ascii: ",") || bytes[i] == UInt8(ascii: "}") || bytes[i] == UInt8(ascii: "]")
                                     || bytes[i] == 0x20 || bytes[i] == 0x0A) { i += 1 }
            let token = String(decoding: bytes[start..<i], as: UTF8.self)
            if let d = Double(token) { return .number(d) }
            guard !token.isEmpty else { throw Failure(message: "unexpected byte at \(i)") }
            return .other
        }
    }
}
