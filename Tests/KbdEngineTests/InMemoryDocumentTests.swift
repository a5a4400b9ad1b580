import Testing
@testable import KbdEngine

@Suite struct InMemoryDocumentTests {
    @Test func insertsAndDeletesWholeClusters() {
        let doc = InMemoryDocument(text: "ab👨‍👩‍👧🇫🇷e\u{301}")
        doc.deleteBackward(1)
        #expect(doc.text == "ab👨‍👩‍👧🇫🇷")
        doc.deleteBackward(1)
        #expect(doc.text == "ab👨‍👩‍👧")
        doc.deleteBackward(1)
        #expect(doc.text == "ab")
        doc.insertText("👍🏽")
        doc.deleteBackward(1)
        #expect(doc.text == "ab")
        doc.deleteBackward(5)
        #expect(doc.text == "")
        #expect(!doc.hasText)
    }

    @Test func movesByClusters() {
        let doc = InMemoryDocument(text: "a🇫🇷b")
        doc.adjustTextPosition(byCharacterOffset: -2)
        #expect(doc.documentContextBeforeInput == "a")
        #expect(doc.documentContextAfterInput == "🇫🇷b")
        doc.insertText("x")
        #expect(doc.text == "ax🇫🇷b")
        doc.adjustTextPosition(byCharacterOffset: 100)
        #expect(doc.documentContextAfterInput == nil)
        doc.adjustTextPosition(byCharacterOffset: -100)
        #expect(doc.documentContextBeforeInput == nil)
        #expect(doc.cursorGraphemeOffset == 0)
    }

    @Test func selectionIsReplacedAndDeleted() {
        let doc = InMemoryDocument(text: "hello world", cursorGraphemeOffset: 6)
        doc.selectForward(graphemes: 5)
        #expect(doc.selectedText == "world")
        doc.insertText("there")
        #expect(doc.text == "hello there")
        doc.adjustTextPosition(byCharacterOffset: -5)
        doc.selectForward(graphemes: 5)
        doc.deleteBackward(3)
        #expect(doc.text == "hello ")
    }

    @Test func markedTextIsProvisional() {
        let doc = InMemoryDocument(text: "say ")
        doc.setMarkedText("nihao", selectedRange: 5..<5)
        #expect(doc.markedText == "nihao")
        #expect(doc.text == "say nihao")
        #expect(doc.documentContextBeforeInput == "say ")
        doc.setMarkedText("你好", selectedRange: 2..<2)
        #expect(doc.text == "say 你好")
        doc.unmarkText()
        #expect(doc.markedText == nil)
        #expect(doc.documentContextBeforeInput == "say 你好")
        doc.setMarkedText("x", selectedRange: 1..<1)
        doc.insertText("y")
        #expect(doc.text == "say 你好y")
    }

    @Test func contextIsAWindow() {
        let long = String(repeating: "é", count: 10_000)
        let doc = InMemoryDocument(text: long, contextWindowBytes: 101)
        let window = doc.documentContextBeforeInput!
        #expect(window.utf8.count <= 101)
        #expect(window.allSatisfy { $0 == "é" })
        doc.deleteBackward(1)
        #expect(doc.utf8Count == long.utf8.count - 2)
    }

    @Test func longClusterRunsDeleteCorrectly() {
        // 300 flags: the window must pair regional indicators as the whole text does.
        let flags = String(repeating: "🇫🇷", count: 300)
        let doc = InMemoryDocument(text: "a" + flags)
        doc.deleteBackward(1)
        #expect(doc.text == "a" + String(repeating: "🇫🇷", count: 299))
        // A letter with 200 combining marks is one cluster.
        let heavy = "x" + "e" + String(repeating: "\u{301}", count: 200)
        let doc2 = InMemoryDocument(text: heavy)
        doc2.deleteBackward(1)
        #expect(doc2.text == "x")
    }
}
