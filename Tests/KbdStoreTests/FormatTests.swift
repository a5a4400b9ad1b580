import Foundation
import Testing
@testable import KbdStore

@Suite struct FormatTests {
    func parse(_ text: String, _ format: DictionaryFormat? = nil) throws -> DictionaryContents {
        try DictionaryFile.parse(Data(text.utf8), format: format, name: "f")
    }

    @Test func detection() {
        func detect(_ text: String) -> DictionaryFormat? { DictionaryFile.detect(Array(text.utf8)) }
        #expect(detect("hello\nworld\n") == .words)
        #expect(detect("# comment\twith tab\nhello\n") == .words)
        #expect(detect("hello\t5\n") == .tsv)
        #expect(detect("# Gboard Dictionary version:1\nomw\tOn my way\ten-US\n") == .gboard)
        #expect(detect("<?xml version=\"1.0\"?><plist><array/></plist>") == .plist)
        #expect(DictionaryFile.detect([0x50, 0x4B, 3, 4, 0]) == .gboard)
        #expect(DictionaryFile.detect([0, 1, 2, 3, 200, 14, 15]) == nil)
    }

    @Test func wordListWithBOMCommentsAndCRLF() throws {
        let contents = try parse("\u{FEFF}# my words\r\nhello\r\n\r\n  wörld  \n#tag\n#\n")
        #expect(contents.words.map(\.word) == ["hello", "wörld", "#tag"])
    }

    @Test func tsv() throws {
        let contents = try parse("a\t5\nb\t\tde\nc\t7\tpt_BR\n")
        #expect(contents.words == [UserWord(word: "a", weight: 5), UserWord(word: "b", locale: "de"),
                                   UserWord(word: "c", weight: 7, locale: "pt-BR")])
        let error = #expect(throws: StoreError.self) { try parse("a\t5\nb\tfive\n") }
        #expect(error?.message == "f:2: weight \"five\" is not a whole number")
    }

    @Test func gboard() throws {
        let contents = try parse("# Gboard Dictionary version:1\nomw\tOn my way!\ten-US\n\tkbd\ten-US\n")
        #expect(contents.words == [UserWord(word: "kbd", locale: "en-US")])
        #expect(contents.shortcuts == [Shortcut(shortcut: "omw", phrase: "On my way!")])
        #expect(throws: StoreError.self) { try parse("omw\tOn my way!\ten-US\n", .gboard) }
    }

    @Test func macOSPlist() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <array>
        \t<dict>
        \t\t<key>phrase</key>
        \t\t<string>On my way!</string>
        \t\t<key>shortcut</key>
        \t\t<string>omw</string>
        \t</dict>
        </array>
        </plist>
        """
        #expect(try parse(xml).shortcuts == [Shortcut(shortcut: "omw", phrase: "On my way!")])
        let rendered = try DictionaryFile.render(DictionaryContents(shortcuts: [Shortcut(shortcut: "ty", phrase: "Thank you")]), format: .plist)
        #expect(try DictionaryFile.parse(rendered, name: "r").shortcuts == [Shortcut(shortcut: "ty", phrase: "Thank you")])
        let error = #expect(throws: StoreError.self) { try parse("<plist version=\"1.0\"><dict/></plist>") }
        #expect(error?.message == "f: a property list, but not an array of text replacements (phrase, shortcut)")
    }

    @Test func badInputNamesTheLine() throws {
        let error = #expect(throws: StoreError.self) {
            try DictionaryFile.parse(Data("ok\nfine\n".utf8) + Data([0x62, 0xFF, 0x0A]), name: "f")
        }
        #expect(error?.message == "f:3: invalid UTF-8")
        let control = #expect(throws: StoreError.self) { try parse("ok\nbad\u{1}word\n", .words) }
        #expect(control?.message == "f:2: word \"bad\\u{01}word\": contains a control character (U+0001)")
        let binary = #expect(throws: StoreError.self) { try DictionaryFile.parse(Data([0, 1, 2, 0, 9]), name: "f") }
        #expect(binary?.message.hasPrefix("f: unknown format") == true)
    }
}
