import CICUShim

/// The kind of boundary a ``TextSegmenter`` finds (Unicode UAX #29 as implemented by ICU).
public enum TextUnit: Sendable {
    /// User-perceived characters (extended grapheme clusters).
    case graphemeCluster
    /// Words, with dictionary segmentation for Thai, Chinese, Japanese, Khmer, Lao, Burmese.
    case word
    /// Sentences (with ICU's abbreviation suppressions when the locale asks for `ss=standard`).
    case sentence
}

/// The kind of word segment ICU reports at a word boundary (its rule status).
public enum WordKind: Sendable, Equatable {
    /// Spaces, punctuation, symbols: not a word.
    case none
    case number
    case letter
    case kana
    case ideographic

    init(ruleStatus: Int32) {
        switch ruleStatus {
        case 100..<200: self = .number
        case 200..<300: self = .letter
        case 300..<400: self = .kana
        case 400..<500: self = .ideographic
        default: self = .none
        }
    }

    /// True for segments a person would call a word (letters, kana, ideographs, numbers).
    public var isWord: Bool { self != .none }
}

/// An ICU break iterator over a private copy of some UTF-8 text.
///
/// Open one per unit and locale and reuse it: opening costs tens of microseconds, setting new
/// text costs a copy. All offsets are UTF-8 byte offsets into the text last set.
/// Not thread-safe: one owner, one thread at a time.
public final class TextSegmenter {
    private let breaker: OpaquePointer
    public let unit: TextUnit
    /// Length in bytes of the text last set.
    public private(set) var utf8Count = 0

    /// Opens a segmenter for `unit` under the ICU locale `locale` (e.g. `en`, `th`, `en@ss=standard`).
    public init(_ unit: TextUnit, locale: String = "en") throws(TextError) {
        self.unit = unit
        let kind: kbd_break_kind
        switch unit {
        case .graphemeCluster: kind = KBD_BREAK_GRAPHEME
        case .word: kind = KBD_BREAK_WORD
        case .sentence: kind = KBD_BREAK_SENTENCE
        }
        var status: Int32 = 0
        guard let opened = kbd_breaker_open(kind, locale, &status) else {
            throw TextError(icuStatus: status, operation: "open \(unit) break iterator for \"\(locale)\"")
        }
        breaker = opened
    }

    deinit { kbd_breaker_close(breaker) }

    /// Sets the text to segment (copied). O(n) in its UTF-8 length.
    public func setText<S: StringProtocol>(_ text: S) {
        var text = String(text)
        text.withUTF8 { bytes in
            _ = kbd_breaker_set_text(breaker, bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, Int32(bytes.count))
            utf8Count = bytes.count
        }
    }

    /// Sets UTF-8 bytes directly (invalid sequences count as U+FFFD).
    public func setText(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        _ = kbd_breaker_set_text(breaker, bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, Int32(bytes.count))
        utf8Count = bytes.count
    }

    /// All boundaries, from 0 to the end, in bytes.
    public func boundaries() -> [Int] {
        var result: [Int] = []
        var offset = kbd_breaker_first(breaker)
        while offset != KBD_BREAK_DONE {
            result.append(Int(offset))
            offset = kbd_breaker_next(breaker)
        }
        return result
    }

    /// The last boundary strictly before `utf8Offset`, or nil.
    public func preceding(_ utf8Offset: Int) -> Int? {
        let r = kbd_breaker_preceding(breaker, Int32(utf8Offset))
        return r == KBD_BREAK_DONE ? nil : Int(r)
    }

    /// The first boundary strictly after `utf8Offset`, or nil.
    public func following(_ utf8Offset: Int) -> Int? {
        let r = kbd_breaker_following(breaker, Int32(utf8Offset))
        return r == KBD_BREAK_DONE ? nil : Int(r)
    }

    /// Whether `utf8Offset` is a boundary.
    public func isBoundary(_ utf8Offset: Int) -> Bool {
        kbd_breaker_is_boundary(breaker, Int32(utf8Offset)) != 0
    }

    /// The word kind of the segment that ends at the boundary the iterator last reached.
    public var wordKind: WordKind { WordKind(ruleStatus: kbd_breaker_rule_status(breaker)) }

    /// Segments with their byte ranges and, for word segmenters, their kinds.
    public func segments() -> [(range: Range<Int>, kind: WordKind)] {
        var result: [(range: Range<Int>, kind: WordKind)] = []
        var start = kbd_breaker_first(breaker)
        guard start != KBD_BREAK_DONE else { return result }
        var end = kbd_breaker_next(breaker)
        while end != KBD_BREAK_DONE {
            let kind = unit == .word ? WordKind(ruleStatus: kbd_breaker_rule_status(breaker)) : .none
            result.append((Int(start)..<Int(end), kind))
            start = end
            end = kbd_breaker_next(breaker)
        }
        return result
    }
}
