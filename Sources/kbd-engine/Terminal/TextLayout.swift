/// The document laid out in screen rows of a given width: line breaks start a row, long lines
/// wrap (a wide character that does not fit goes to the next row whole), tabs stop every 8
/// columns, control characters show as `^X`, a mark with nothing before it rides on a dotted
/// circle, and invisible characters (zero width space, joiners) are left out.
struct TextLayout {
    /// What to print on each row, in order.
    private(set) var rows: [String] = [""]
    /// Row and column (0-based, in terminal columns) of the cursor.
    private(set) var cursorRow = 0
    private(set) var cursorColumn = 0

    private let width: Int
    private let mask: Character?
    private var column = 0

    /// Lays out `before` and `after` the cursor in rows of `width` columns; with `mask`, every
    /// character shows as that one (secure fields).
    init(before: String, after: String, width: Int, mask: Character? = nil) {
        self.width = max(1, width)
        self.mask = mask
        for c in before { place(c) }
        if column >= self.width {
            // The row is full: the cursor waits at the start of the next one.
            cursorRow = rows.count
            cursorColumn = 0
        } else {
            cursorRow = rows.count - 1
            cursorColumn = column
        }
        for c in after { place(c) }
        while rows.count <= cursorRow { rows.append("") }
    }

    private mutating func place(_ c: Character) {
        if c.isNewline {
            newRow()
            return
        }
        var shown: String
        var columns: Int
        if let mask {
            shown = String(mask)
            columns = DisplayWidth.of(mask)
        } else if c == "\t" {
            if column >= width { newRow() }
            columns = min(8 - column % 8, width - column)
            shown = String(repeating: " ", count: columns)
        } else if let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1,
                  scalar.properties.generalCategory == .control {
            shown = scalar.value < 0x20 ? "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40)) : "^?"
            columns = 2
        } else {
            columns = DisplayWidth.of(c)
            shown = String(c)
            if columns == 0 {
                switch c.unicodeScalars.first?.properties.generalCategory {
                case .nonspacingMark, .enclosingMark, .spacingMark:
                    // A mark with nothing to sit on.
                    shown = "\u{25CC}" + shown
                    columns = 1
                default:
                    // Invisible (zero width space, joiners, …): not sent to the terminal at all.
                    shown = ""
                }
            }
        }
        if column + columns > width, column > 0 { newRow() }
        rows[rows.count - 1] += shown
        column += columns
    }

    private mutating func newRow() {
        rows.append("")
        column = 0
    }
}

/// A line of the screen built from styled pieces, cut at a width in terminal columns.
struct ScreenLine {
    /// SGR parameters of a piece: "" plain, "7" reverse video, "2" dim, "1" bold.
    typealias Style = String

    let width: Int
    private(set) var text = ""
    private(set) var columns = 0
    private(set) var isFull = false

    init(width: Int) { self.width = max(0, width) }

    /// Appends `piece` as far as it fits; a piece cut short ends with `…`.
    mutating func append(_ piece: String, style: Style = "") {
        guard !isFull else { return }
        var shown = ""
        var pieceColumns = 0
        for c in piece {
            let w = c == "\t" ? 1 : DisplayWidth.of(c)
            if columns + pieceColumns + w > width {
                // Make room for the ellipsis.
                while columns + pieceColumns + 1 > width, let last = shown.popLast() {
                    pieceColumns -= DisplayWidth.of(last)
                }
                if columns + pieceColumns + 1 <= width {
                    shown.append("…")
                    pieceColumns += 1
                }
                isFull = true
                break
            }
            shown.append(c == "\t" ? " " : c)
            pieceColumns += w
        }
        if !style.isEmpty, !shown.isEmpty {
            text += "\u{1B}[\(style)m" + shown + "\u{1B}[0m"
        } else {
            text += shown
        }
        columns += pieceColumns
    }

    /// Fills the rest of the line with `c` (a one-column character).
    mutating func fill(with c: Character, style: Style = "") {
        guard columns < width else { return }
        append(String(repeating: c, count: width - columns), style: style)
    }
}
