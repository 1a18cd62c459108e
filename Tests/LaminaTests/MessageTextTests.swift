import Foundation
import Testing
@testable import Lamina

/// Error messages are one bounded line: values from the input are cut and control characters escaped.
@Suite struct MessageTextTests {
    @Test func escapesControlCharacters() {
        #expect(MessageText.escaped("a\nb\tc\r\u{1b}[31m\u{7f}\u{85}é") == #"a\nb\tc\r\u{1b}[31m\u{7f}\u{85}é"#)
    }

    @Test func escapesBidirectionalControls() {
        let text = "a\u{202E}gnp.exe\u{202C}b\u{061C}\u{200E}\u{200F}\u{202A}\u{202B}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}\u{2028}"
        #expect(MessageText.escaped(text)
                == #"a\u{202e}gnp.exe\u{202c}b\u{61c}\u{200e}\u{200f}\u{202a}\u{202b}\u{202d}\u{2066}\u{2067}\u{2068}\u{2069}\u{2028}"#)
        #expect(MessageText.escaped("שלום ‍ zero-width joiner stays") == "שלום ‍ zero-width joiner stays")
    }

    @Test func cutsLongTextWithAnEllipsis() {
        let cut = MessageText.escaped(String(repeating: "x", count: 1_000), limit: 10)
        #expect(cut == String(repeating: "x", count: 10) + "…")
        #expect(MessageText.escaped("short", limit: 10) == "short")
        #expect(MessageText.line(String(repeating: "y", count: 100_000)).count == MessageText.lineLimit + 1)
    }

    @Test func aMegabyteKeyGivesABoundedLine() throws {
        let key = String(repeating: "k", count: 1_000_000)
        let line = try #require(rootErrorLine("\"\(key)\": 1"))
        #expect(line.count < 1_000, "\(line.count) characters")
        #expect(line.hasPrefix("card.json: root[\"kkk"))
        #expect(line.contains("…"))
        #expect(line.contains("unknown key"))
    }

    @Test func aKeyWithControlCharactersIsEscaped() throws {
        let line = try #require(rootErrorLine(#""a\u001b[2Jb\nc": 1"#))
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 })
        #expect(line == #"card.json: root["a\u{1b}[2Jb\nc"]: unknown key "a\u{1b}[2Jb\nc"; did you mean "name"?"#)
    }

    @Test func sceneErrorDescriptionsAreBounded() {
        let e = SceneError(file: "f.json", path: "p", message: String(repeating: "m\n", count: 50_000))
        #expect(e.description.count <= MessageText.lineLimit + 1)
        #expect(!e.description.contains("\n"))
    }

    @Test func longStringValuesAreCutInMessages() throws {
        let value = String(repeating: "v", count: 500_000) + "\u{7}"
        let line = try #require(rootErrorLine("\"cornerCurve\": \"\(value)\""))
        #expect(line.count < 300, "\(line.count) characters")
        #expect(!line.contains("\u{7}"))
    }
}
