import Testing
@testable import KbdProtocol
import KbdEngine
import Foundation

@Suite struct JSONTests {
    @Test func parsesValues() throws {
        let v = try JSONParser.parse(#" {"a":[1,-2.5e1,true,false,null],"b":"x\"\\\/\n\u00e9\ud83d\ude00"} "#)
        #expect(v["a"] == .array([.number(1), .number(-25), .bool(true), .bool(false), .null]))
        #expect(v["b"] == .string("x\"\\/\né😀"))
    }

    @Test(arguments: ["", "{", "{\"a\"}", "[1,]", "01", "\"\\x\"", "\"\\ud800\"", "{} {}", "tru", "\"a\u{01}\""])
    func rejectsMalformed(_ text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(deep) }
    }

    @Test func writesOneLine() {
        let line = JSONWriter.line(.object([("t", .string("a\nb\"c\\\u{1}\u{2028}é")), ("n", .number(3)), ("f", .number(0.5))]))
        #expect(line == #"{"t":"a\nb\"c\\\u0001\u2028é","n":3,"f":0.5}"#)
    }
}

@Suite struct ProtocolSessionTests {
    func session() throws -> ProtocolSession {
        var settings = KbdEngine.SessionSettings()
        settings.suggestionCount = 0
        return try ProtocolSession(settings: settings)
    }

    @Test func modifiersAndReleases() throws {
        let p = try session()
        #expect(p.reply(to: #"{"key":"c","modifiers":["control"]}"#) == #"{"edits":[],"suggestions":[],"handled":false}"#)
        #expect(p.reply(to: #"{"key":"c","modifiers":4}"#) == #"{"edits":[],"suggestions":[],"handled":false}"#)
        #expect(p.reply(to: #"{"key":"c","modifiers":["hyper"]}"#).contains("unknown modifier"))
    }

    @Test func keysScriptAndReset() throws {
        let p = try session()
        #expect(p.reply(to: #"{"keys":"ab{BackSpace}"}"#) == #"{"edits":[{"insertText":"Ab"},{"deleteBackward":1}],"suggestions":[],"handled":true}"#.replacingOccurrences(of: #","handled":true"#, with: ""))
        #expect(p.reply(to: #"{"reset":true}"#) == #"{"edits":[],"suggestions":[]}"#)
        #expect(p.reply(to: #"{"version":true}"#).contains(#""protocol":1"#))
    }

    @Test func traitsReplaceTheFieldsTraits() throws {
        let p = try session()
        _ = p.reply(to: #"{"traits":{"autocapitalizationType":"none"}}"#)
        #expect(p.reply(to: #"{"key":"a"}"#) == #"{"edits":[{"insertText":"a"}],"suggestions":[],"handled":true}"#)
        #expect(p.reply(to: #"{"traits":{"bogus":1}}"#).contains(#""code":"invalid-traits""#))
    }

    @Test func selectedTextInContext() throws {
        let p = try session()
        _ = p.reply(to: #"{"context":{"before":"keep ","selected":"this","after":"!"}}"#)
        #expect(p.reply(to: #"{"key":"BackSpace"}"#) == #"{"edits":[{"deleteBackward":1}],"suggestions":[],"handled":true}"#)
        #expect(p.document.text == "keep !")
    }
}
