import Testing
@testable import Lamina

/// The parser counts what its parsed values take in memory and stops past a limit, so a document of
/// millions of tiny values cannot expand into gigabytes; objects find keys by scanning or, past
/// `JSONObject.indexedCount` members, through an index.
struct JSONParseBudgetTests {
    static func tinyObjects(_ n: Int) -> [UInt8] {
        Array(("[" + Array(repeating: #"{"a":0}"#, count: n).joined(separator: ",") + "]").utf8)
    }

    @Test("a document of tiny objects past the cost limit fails with exceedsLimit; under it, it parses")
    func costLimit() throws {
        let doc = Self.tinyObjects(10_000)
        var caught: JSONParseError?
        do { _ = try JSONParser.parse(doc, costLimit: 1 << 20) } catch { caught = error }
        let error = try #require(caught)
        #expect(error.exceedsLimit)
        #expect(error.message.contains("1 MiB"), "\(error.message)")
        guard case .array(let items) = try JSONParser.parse(doc, costLimit: 64 << 20) else { Issue.record("not an array"); return }
        #expect(items.count == 10_000)
    }

    @Test("the counted cost is within a factor of two of what the values hold: ~100–400 bytes a tiny object")
    func costModel() throws {
        let doc = Self.tinyObjects(1000)
        var low = 0, high = 1 << 30
        while high - low > 1024 {
            let mid = (low + high) / 2
            if (try? JSONParser.parse(doc, costLimit: mid)) != nil { high = mid } else { low = mid }
        }
        #expect(high > 100 * 1000 && high < 400 * 1000, "\(high) bytes for 1000 objects")
    }

    @Test("a malformed document is not a limit error")
    func malformed() {
        var caught: JSONParseError?
        do { _ = try JSONParser.parse(Array("[1,".utf8), costLimit: 1 << 20) } catch { caught = error }
        #expect(caught?.exceedsLimit == false)
    }

    @Test("large objects index their keys: lookups and duplicates work past the scan size")
    func indexedObjects() throws {
        let n = JSONObject.indexedCount * 3
        let text = "{" + (0..<n).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        guard case .object(let o) = try JSONParser.parse(text) else { Issue.record("not an object"); return }
        for i in 0..<n { #expect(o["k\(i)"] == .number(Double(i))) }
        #expect(o["k\(n)"] == nil)
        #expect(throws: JSONParseError.self) { try JSONParser.parse("{" + text.dropFirst().dropLast() + ",\"k5\":1}") }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(#"{"a":1,"b":2,"a":3}"#) }
    }

    @Test("the parser reports the nesting depth the decoder sizes its stack by")
    func depth() throws {
        #expect(try JSONParser.measured(Array("1".utf8), costLimit: .max).depth == 0)
        #expect(try JSONParser.measured(Array(#"{"a":[[{}]]}"#.utf8), costLimit: .max).depth == 4)
    }

    @Test("a scene past the memory budget is refused as a limit (exceedsLimit), naming memory")
    func sceneBudget() {
        let doc = #"{"width":10,"height":10,"root":{"sublayers":["# + Array(repeating: "{}", count: 20_000).joined(separator: ",") + "]}}"
        var caught: SceneError?
        do { _ = try SceneDecoder(budget: MemoryBudget(bytes: 256 << 10)).decode(doc) } catch { caught = error }
        #expect(caught?.exceedsLimit == true)
        #expect(caught?.message.contains("memory") == true, "\(caught?.message ?? "")")
    }
}
