import Foundation
import Testing
import KbdStore
import ZIPFoundation

@Suite struct RoundTripTests {
    static let tricky = ["it's", "\"quoted\"", "back\\slash", "100%", "%s%n", "😀", "👩‍👩‍👧", "שלום", "مرحبا", "naïve", "#tag", "a b", "C#"]

    @Test func trickyWordsThroughAddListExportImport() throws {
        let box = Sandbox()
        #expect(try box.run(["add"] + Self.tricky).status == 0)
        let listed = try box.run("list").stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(Set(listed) == Set(Self.tricky))
        let json = try JSONDecoder().decode([UserWord].self, from: Data(try box.run("list", "--json").stdout.utf8))
        #expect(Set(json.map(\.word)) == Set(Self.tricky))
        for name in ["out.tsv", "out.txt", "out.zip"] {
            #expect(try box.run("export", box.file(name)).status == 0)
            let other = Sandbox()
            let imported = try other.run("import", box.file(name))
            #expect(imported.status == 0, "\(name): \(imported.stderr)")
            #expect(try other.run("list").stdout == (try box.run("list").stdout), "\(name)")
        }
        let stdout = try box.run("export").stdout
        let other = Sandbox()
        #expect(try other.run(["import", "-"], stdin: Data(stdout.utf8)).status == 0)
        #expect(try other.run("list").stdout == (try box.run("list").stdout))
    }

    @Test func gboardZipWithShortcuts() throws {
        let box = Sandbox()
        let text = "# Gboard Dictionary version:1\nomw\tOn my way!\ten-US\n\tkbd\ten-US\n\tpâté\tfr-FR\n"
        let zipPath = box.file("PersonalDictionary.zip")
        let archive = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .create)
        let data = Data(text.utf8)
        try archive.addEntry(with: "dictionary.txt", type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
        let result = try box.run("import", zipPath)
        #expect(result.stdout == "imported 2 words (2 new, 0 updated), 1 shortcut (1 new)\n")
        #expect(try box.run("list").stdout == "kbd\t1\ten-US\npâté\t1\tfr-FR\n")
        #expect(try box.run("shortcut", "list").stdout == "omw\tOn my way!\n")
        #expect(try box.run("export", "--format", "gboard").stdout
                == "# Gboard Dictionary version:1\n\tkbd\ten-US\n\tpâté\tfr-FR\nomw\tOn my way!\t\n")
    }

    @Test func macOSTextReplacementsPlist() throws {
        let box = Sandbox()
        let plist = box.write("Text Substitutions.plist", """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <array>
        \t<dict><key>phrase</key><string>On my way!</string><key>shortcut</key><string>omw</string></dict>
        \t<dict><key>phrase</key><string>¯\\_(ツ)_/¯</string><key>shortcut</key><string>shrug</string></dict>
        </array>
        </plist>
        """)
        #expect(try box.run("import", plist).stdout == "imported 0 words (0 new, 0 updated), 2 shortcuts (2 new)\n")
        #expect(try box.run("shortcut", "list").stdout == "omw\tOn my way!\nshrug\t¯\\_(ツ)_/¯\n")
        #expect(try box.run("export", box.file("back.plist")).status == 0)
        let other = Sandbox()
        try other.run("import", box.file("back.plist"))
        #expect(try other.run("shortcut", "list").stdout == "omw\tOn my way!\nshrug\t¯\\_(ツ)_/¯\n")
    }

    @Test func importIsAllOrNothing() throws {
        let box = Sandbox()
        try box.run("add", "keep")
        let file = box.write("words.txt", (0..<1000).map { "w\($0)" }.joined(separator: "\n") + "\nbad\u{7}word\n")
        let result = try box.run("import", file)
        #expect(result.status == 1)
        #expect(result.stderr == "kbd-dict: \(file):1001: word \"bad\\u{07}word\": contains a control character (U+0007)\n")
        #expect(try box.run("list").stdout == "keep\t1\n")
    }
}
