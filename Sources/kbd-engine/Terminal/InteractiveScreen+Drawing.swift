import KbdEngine

/// Drawing: the text rows, the status line, the bar and the keys, in one write.
extension InteractiveScreen {
    /// The autocorrection a space would make now, if any.
    func pendingCorrection() -> WordReplacement? {
        let word = session.currentContext().wordPrefix
        guard !word.isEmpty, leftAlone != word else { return nil }
        return preview.replacement(of: word, before: document.documentContextBeforeInput ?? "",
                                   after: document.documentContextAfterInput ?? "")
    }

    /// Redraws the whole screen (a few lines), in one write.
    mutating func draw(clear: Bool) {
        let (rows, columns) = size
        let bottomLines = rows >= 4 ? 3 : rows - 1
        let textRows = max(1, rows - bottomLines)
        let mask: Character? = session.traits.isSecret ? "•" : nil
        let layout = TextLayout(before: document.textBeforeCursor, after: document.textAfterCursor,
                                width: columns, mask: mask)
        if layout.cursorRow < topRow { topRow = layout.cursorRow }
        if layout.cursorRow >= topRow + textRows { topRow = layout.cursorRow - textRows + 1 }
        topRow = max(0, min(topRow, layout.rows.count - 1))

        var out = "\u{1B}[?25l"
        if clear { out += "\u{1B}[2J" }
        for i in 0..<textRows {
            out += "\u{1B}[\(i + 1);1H"
            let index = topRow + i
            if index < layout.rows.count { out += layout.rows[index] }
            out += "\u{1B}[0m\u{1B}[K"
        }
        let suggestions = session.suggestions
        let correction = pendingCorrection()
        var bottom: [String] = []
        if bottomLines >= 3 { bottom.append(statusLine(correction: correction, width: columns)) }
        if bottomLines >= 1 { bottom.append(barLine(suggestions, correction: correction, width: columns)) }
        if bottomLines >= 2 { bottom.append(helpLine(count: session.settings.suggestionCount, width: columns)) }
        for (i, line) in bottom.enumerated() {
            out += "\u{1B}[\(textRows + i + 1);1H" + line + "\u{1B}[0m\u{1B}[K"
        }
        out += "\u{1B}[\(layout.cursorRow - topRow + 1);\(min(layout.cursorColumn, columns - 1) + 1)H\u{1B}[?25h"
        terminal.write(out)
    }

    /// Shift, the correction a space would make or the one BackSpace would undo, and messages.
    private func statusLine(correction: WordReplacement?, width: Int) -> String {
        var pieces: [(String, ScreenLine.Style)] = []
        switch session.shift {
        case .off: break
        case .oneShot: pieces.append(("shift", "1"))
        case .locked: pieces.append(("CAPS", "1"))
        }
        if let correction {
            pieces.append(("space: \(correction.typed) → \(correction.replacement)", ""))
        } else if let undoable = applied?.0 {
            pieces.append(("BackSpace: back to \(undoable.typed)", ""))
        }
        if let message { pieces.append((message, "")) }
        var line = ScreenLine(width: width)
        line.append("──", style: "2")
        for (text, style) in pieces {
            line.append(" ")
            line.append(text, style: style)
            line.append(" ")
            line.append("──", style: "2")
        }
        line.fill(with: "─", style: "2")
        return line.text
    }

    /// The bar: each suggestion with the number of its key; the autocorrection [in brackets].
    private func barLine(_ suggestions: [Suggestion], correction: WordReplacement?, width: Int) -> String {
        var line = ScreenLine(width: width)
        if suggestions.isEmpty {
            line.append(session.settings.suggestionsEnabled ? "(no suggestions)" : "(suggestions off)", style: "2")
            return line.text
        }
        var marked = false
        for (i, suggestion) in suggestions.enumerated() {
            if i > 0 { line.append(" │ ", style: "2") }
            line.append(i == 9 ? "0 " : "\(i + 1) ", style: "1")
            let isCorrection = !marked && correction?.replacement == suggestion.text
            if isCorrection {
                marked = true
                line.append("[\(suggestion.text)]", style: "7")
            } else {
                line.append(suggestion.text)
            }
        }
        if let correction, !marked {
            line.append(" │ ", style: "2")
            line.append("space [\(correction.replacement)]", style: "7")
        }
        return line.text
    }

    private func helpLine(count: Int, width: Int) -> String {
        var line = ScreenLine(width: width)
        let keys: String
        switch count {
        case 0: keys = ""
        case 1: keys = "Alt-1/F1 pick · "
        default: keys = "Alt-1..\(count == 10 ? 0 : count)/F1..F\(count) pick · "
        }
        line.append(keys + "Ctrl-U clear · Ctrl-L redraw · Ctrl-D done · Ctrl-C quit", style: "2")
        return line.text
    }
}
