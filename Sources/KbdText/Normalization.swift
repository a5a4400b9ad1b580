import CICUShim

/// Unicode normalisation and the accent- and case-blind search key, through ICU.
/// Thread-safe.
public enum Normalization {
    /// `text` in NFC (composed: `e` + U+0301 → `é`).
    public static func nfc(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return normalize(text, KBD_NORM_NFC)
    }

    /// `text` in NFD (decomposed).
    public static func nfd(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return normalize(text, KBD_NORM_NFD)
    }

    /// Whether `text` is in NFC.
    public static func isNFC(_ text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return true }
        var source = text
        var status: Int32 = 0
        return source.withUTF8 { src in
            kbd_is_nfc(src.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, Int32(src.count), &status) != 0
        }
    }

    /// The key under which words are looked up regardless of accents and case:
    /// NFD, non-spacing marks removed, case-folded, NFC. `Café` → `cafe`, `naïve` → `naive`.
    public static func searchKey(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes = Array(text.utf8)
            for i in bytes.indices where bytes[i] >= 0x41 && bytes[i] <= 0x5A { bytes[i] += 0x20 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return normalize(text, KBD_NORM_SEARCH_KEY)
    }

    private static func normalize(_ text: String, _ form: kbd_norm_form) -> String {
        var source = text
        return source.withUTF8 { src in
            ICUBuffer.fill(initialCapacity: src.count * 3 + 8) { dest, capacity, status in
                kbd_normalize(form, src.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                              Int32(src.count), dest, capacity, &status)
            } ?? text
        }
    }
}
