import Testing
@testable import Lamina

@Suite struct JSONParserTests {
    func parseError(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryValueKind() throws {
        let v = try JSONParser.parse(#" {"a": [1, -2.5e2, 0, true, false, null], "b": {"c": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"}, "": []} "#)
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o.keys == ["a", "b", ""])
        #expect(o["a"] == .array([.number(1), .number(-250), .number(0), .bool(true), .bool(false), .null]))
        guard case .object(let b)? = o["b"] else { Issue.record("b"); return }
        #expect(b["c"] == .string("x\"\\/\u{8}\u{c}\n\r\té😀"))
        #expect(try JSONParser.parse("  42 ") == .number(42))
        #expect(try JSONParser.parse("\"\"") == .string(""))
        #expect(try JSONParser.parse("{}") == .object(JSONObject()))
        #expect(try JSONParser.parse("[ ]") == .array([]))
        #expect(try JSONParser.parse("1E+2") == .number(100))
        #expect(try JSONParser.parse("-0.125") == .number(-0.125))
        #expect(try JSONParser.parse("\u{FEFF}[1]") == .array([.number(1)]))
    }

    @Test func keepsKeyOrder() throws {
        guard case .object(let o) = try JSONParser.parse(#"{"z":1,"a":2,"m":3}"#) else { return }
        #expect(o.keys == ["z", "a", "m"])
        #expect(o.members.map(\.key) == ["z", "a", "m"])
    }

    @Test(arguments: [
        ("", 1, 1, "expected a value, got the end of the document"),
        ("[1,]", 1, 4, "expected a value, got ']'"),
        ("{\"a\":1,}", 1, 8, "expected a string key in double quotes, got '}'"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the key, got '1'"),
        ("[1 2]", 1, 4, "expected ',' or ']', got '2'"),
        ("{\"a\":1 \"b\":2}", 1, 8, "expected ',' or '}', got '\"'"),
        ("01", 1, 2, "leading zeros are not allowed in numbers"),
        ("1.", 1, 3, "expected a digit after the decimal point, got the end of the document"),
        ("-", 1, 2, "expected a digit after '-', got the end of the document"),
        ("1e", 1, 3, "expected a digit in the exponent, got the end of the document"),
        ("+1", 1, 1, "expected a value, got '+'"),
        (".5", 1, 1, "expected a value, got '.'"),
        ("NaN", 1, 1, "expected a value, got 'N'"),
        ("Infinity", 1, 1, "expected a value, got 'I'"),
        ("1e999", 1, 1, "number 1e999 is out of range"),
        ("tru", 1, 1, "expected a value, got 't'"),
        ("[1]\n x", 2, 2, "expected the end of the document, got 'x'"),
        ("\"abc", 1, 5, "unterminated string (opened at line 1, column 1)"),
        ("\"a\tb\"", 1, 3, "control character byte 0x09 in a string (escape it)"),
        ("\"\\x\"", 1, 2, "invalid escape sequence '\\x'"),
        ("\"\\u12\"", 1, 6, "expected 4 hex digits after \\u, got '\"'"),
        ("\"\\ud800\"", 1, 2, "unpaired surrogate \\uD800"),
        ("\"\\udc00\"", 1, 2, "unpaired surrogate \\uDC00"),
        ("{\"a\":1,\n \"a\":2}", 2, 2, "duplicate key \"a\""),
        ("[1] [2]", 1, 5, "expected the end of the document, got '['"),
        ("{'a':1}", 1, 2, "expected a string key in double quotes, got '''"),
        ("// c\n1", 1, 1, "expected a value, got '/'"),
    ])
    func refusesInvalidDocumentsAtTheRightPlace(text: String, line: Int, column: Int, message: String) {
        let e = parseError(text)
        #expect(e?.message == message, "\(text)")
        #expect(e?.line == line && e?.column == column, "\(text): \(String(describing: e))")
    }

    @Test func refusesInvalidUTF8() {
        let e: JSONParseError?
        do { _ = try JSONParser.parse([0x22, 0x61, 0xC3, 0x28, 0x22]); e = nil } catch { e = error }
        #expect(e?.message == "invalid UTF-8 in a string")
        #expect(e?.offset == 0)
    }

    @Test func columnsCountCharactersNotBytes() {
        let e = parseError("[\"é\", x]")
        #expect(e?.column == 7)
        #expect(e?.description == "line 1, column 7: expected a value, got 'x'")
    }

    @Test func parsesDeepNestingWithoutRecursion() throws {
        let depth = 25_000
        let text = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
        let steps = try LargeStack.run { () throws -> Int in
            var v = try JSONParser.parse(text)
            var n = 0
            while case .array(let items) = v { v = items[0]; n += 1 }
            #expect(v == .number(7))
            return n
        }
        #expect(steps == depth)
        let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        let parsed = try LargeStack.run { () throws -> Bool in
            if case .object = try JSONParser.parse(objects) { return true }
            return false
        }
        #expect(parsed)
    }

    @Test func capsNesting() {
        let depth = JSONParser.maxNesting + 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let e = parseError(text)
        #expect(e?.message == "arrays and objects nested deeper than \(JSONParser.maxNesting) levels")
        #expect(e?.offset == JSONParser.maxNesting)
    }

    @Test func briefRendersValuesForMessages() {
        #expect(JSONValue.number(-5).brief == "-5")
        #expect(JSONValue.number(0.25).brief == "0.25")
        #expect(JSONValue.string("x").brief == "\"x\"")
        #expect(JSONValue.array([.number(1), .number(2)]).brief == "[1,2]")
        #expect(JSONValue.object(JSONObject()).brief == "{}")
        #expect(JSONValue.null.brief == "null")
    }
}
