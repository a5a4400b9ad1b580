import CICUShim

/// Locale-aware case mapping through ICU (`ucasemap`): `ß` → `SS`, Turkish dotted `i`, Greek
/// final sigma. Thread-safe (ICU state is per thread). ASCII text takes a fast path.
public enum CaseMapping {
    public enum Operation: Sendable { case lower, upper, title, fold }

    /// `text` mapped by `operation` under `locale`.
    public static func map(_ text: String, _ operation: Operation, locale: String = "en") -> String {
        if text.isEmpty { return text }
        if text.utf8.allSatisfy({ $0 < 0x80 }), !locale.hasPrefix("tr"), !locale.hasPrefix("az"), operation != .title {
            return asciiMap(text, operation)
        }
        let op: kbd_case_op
        switch operation {
        case .lower: op = KBD_CASE_LOWER
        case .upper: op = KBD_CASE_UPPER
        case .title: op = KBD_CASE_TITLE
        case .fold: op = KBD_CASE_FOLD
        }
        var source = text
        return source.withUTF8 { src in
            ICUBuffer.fill(initialCapacity: src.count + 8) { dest, capacity, status in
                kbd_case_map(op, locale, src.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                             Int32(src.count), dest, capacity, &status)
            } ?? text
        }
    }

    public static func lowercased(_ text: String, locale: String = "en") -> String { map(text, .lower, locale: locale) }
    public static func uppercased(_ text: String, locale: String = "en") -> String { map(text, .upper, locale: locale) }
    /// Case-folded for caseless comparison.
    public static func folded(_ text: String) -> String { map(text, .fold, locale: "") }

    /// `text` with its first grapheme cluster upper-cased and the rest unchanged (`iPhone` stays
    /// `IPhone`, `élan` → `Élan`).
    public static func capitalizedFirst(_ text: String, locale: String = "en") -> String {
        guard let first = text.first else { return text }
        let head = String(first)
        let upper = map(head, .title, locale: locale)
        return upper + text.dropFirst()
    }

    /// Whether `text` has a letter and all its cased letters are upper case (`THE`, `NASA`).
    public static func isAllUppercase(_ text: String) -> Bool {
        var sawCased = false
        for scalar in text.unicodeScalars where scalar.properties.isCased {
            if scalar.properties.isLowercase { return false }
            sawCased = true
        }
        return sawCased
    }

    /// Whether the first cased letter of `text` is upper case.
    public static func startsUppercase(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where scalar.properties.isCased {
            return scalar.properties.isUppercase || scalar.properties.generalCategory == .titlecaseLetter
        }
        return false
    }

    private static func asciiMap(_ text: String, _ operation: Operation) -> String {
        var bytes = Array(text.utf8)
        switch operation {
        case .lower, .fold:
            for i in bytes.indices where bytes[i] >= 0x41 && bytes[i] <= 0x5A { bytes[i] += 0x20 }
        case .upper:
            for i in bytes.indices where bytes[i] >= 0x61 && bytes[i] <= 0x7A { bytes[i] -= 0x20 }
        case .title:
            break
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Calls an ICU-style "preflight" function, growing the buffer once if it reports more is needed.
enum ICUBuffer {
    static func fill(
        initialCapacity: Int,
        _ body: (UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32
    ) -> String? {
        var capacity = max(16, initialCapacity)
        for _ in 0..<2 {
            var status: Int32 = 0
            var needed: Int32 = -1
            let result = String(unsafeUninitializedCapacity: capacity) { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    needed = body(chars.baseAddress!, Int32(capacity), &status)
                }
                return needed >= 0 && Int(needed) <= capacity ? Int(needed) : 0
            }
            if status > 0 || needed < 0 { return nil }
            if Int(needed) <= capacity { return result }
            capacity = Int(needed) + 1
        }
        return nil
    }
}
