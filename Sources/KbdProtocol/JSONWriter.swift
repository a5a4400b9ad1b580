/// Writes compact JSON on one line (control characters and line separators escaped) into a
/// byte buffer; non-ASCII text is copied as UTF-8.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []

    public init() { bytes.reserveCapacity(256) }

    /// What was written, as a string.
    public var output: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let b): append(b ? "true" : "false")
        case .number(let n): writeNumber(n)
        case .string(let s): writeString(s)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (k, e) in elements.enumerated() {
                if k > 0 { bytes.append(UInt8(ascii: ",")) }
                write(e)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (k, m) in members.enumerated() {
                if k > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(m.0)
                bytes.append(UInt8(ascii: ":"))
                write(m.1)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func append(_ s: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    public mutating func writeNumber(_ n: Double) {
        if n.rounded() == n, abs(n) < 9.0e15 {
            bytes.append(contentsOf: String(Int(n)).utf8)
        } else if n.isFinite {
            bytes.append(contentsOf: String(n).utf8)
        } else {
            append("null")
        }
    }

    public mutating func writeString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = s
        text.withUTF8 { writeEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func writeEscaped(_ buffer: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let n = buffer.count
        var runStart = 0
        while i < n {
            let b = buffer[i]
            var escape: (UInt8, UInt8)? = nil
            var unicodeEscape: UInt32? = nil
            var width = 1
            switch b {
            case 0x22: escape = (0x5C, 0x22)
            case 0x5C: escape = (0x5C, 0x5C)
            case 0x0A: escape = (0x5C, UInt8(ascii: "n"))
            case 0x0D: escape = (0x5C, UInt8(ascii: "r"))
            case 0x09: escape = (0x5C, UInt8(ascii: "t"))
            case 0x00..<0x20, 0x7F: unicodeEscape = UInt32(b)
            case 0xE2 where i + 2 < n && buffer[i + 1] == 0x80 && (buffer[i + 2] == 0xA8 || buffer[i + 2] == 0xA9):
                // U+2028, U+2029: valid JSON, but line breaks to some readers.
                unicodeEscape = buffer[i + 2] == 0xA8 ? 0x2028 : 0x2029
                width = 3
            default: break
            }
            if escape == nil && unicodeEscape == nil {
                i += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<i]))
            if let (a, c) = escape {
                bytes.append(a)
                bytes.append(c)
            } else if let u = unicodeEscape {
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u")])
                for shift in stride(from: 12, through: 0, by: -4) {
                    bytes.append(Self.hexDigits[Int((u >> UInt32(shift)) & 0xF)])
                }
            }
            i += width
            runStart = i
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<n]))
    }

    /// `value` as one line of JSON.
    public static func line(_ value: JSONValue) -> String {
        var w = JSONWriter()
        w.write(value)
        return w.output
    }
}
