/// Writes compact JSON (one line: control characters and line separators escaped).
public struct JSONWriter {
    public private(set) var output: String = ""

    public init() { output.reserveCapacity(256) }

    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: output += "null"
        case .bool(let b): output += b ? "true" : "false"
        case .number(let n): writeNumber(n)
        case .string(let s): writeString(s)
        case .array(let elements):
            output += "["
            for (k, e) in elements.enumerated() {
                if k > 0 { output += "," }
                write(e)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (k, m) in members.enumerated() {
                if k > 0 { output += "," }
                writeString(m.0)
                output += ":"
                write(m.1)
            }
            output += "}"
        }
    }

    public mutating func writeNumber(_ n: Double) {
        if n.rounded() == n, abs(n) < 9.0e15 { output += String(Int(n)) } else if n.isFinite { output += String(n) } else { output += "null" }
    }

    public mutating func writeString(_ s: String) {
        output += "\""
        var plainStart = s.unicodeScalars.startIndex
        var index = plainStart
        let scalars = s.unicodeScalars
        while index < scalars.endIndex {
            let c = scalars[index]
            let escape: String?
            switch c {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{2028}": escape = "\\u2028"
            case "\u{2029}": escape = "\\u2029"
            default:
                if c.value < 0x20 || c.value == 0x7F {
                    let h = String(c.value, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    escape = nil
                }
            }
            if let escape {
                output.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
                output += escape
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        output += "\""
    }

    /// `value` as one line of JSON.
    public static func line(_ value: JSONValue) -> String {
        var w = JSONWriter()
        w.write(value)
        return w.output
    }
}
