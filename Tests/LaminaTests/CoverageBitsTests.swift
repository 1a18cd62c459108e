import Testing
@testable import Lamina

/// The one-bit-per-pixel covered rows that both backends' occlusion culling keeps.
@Suite struct CoverageBitsTests {
    /// `isClear` says a span has no covered pixel exactly when its only clear span is the whole of it, on rows
    /// three words wide covered in random runs (spans within a word, across words and at word edges).
    @Test func isClearAgreesWithTheClearSpans() {
        var rng = SplitMix64(seed: 7)
        var checked = 0, clear = 0
        for _ in 0..<400 {
            var line = [UInt64](repeating: 0, count: 3)
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let a = Int.random(in: 0..<192, using: &rng), n = Int.random(in: 1...20, using: &rng)
                line.withUnsafeMutableBufferPointer { CoverageBits.cover(a..<min(192, a + n), in: $0.baseAddress!) }
            }
            for _ in 0..<20 {
                let a = Int.random(in: 0..<192, using: &rng), b = Int.random(in: (a + 1)...192, using: &rng)
                var spans: [Range<Int>] = []
                line.withUnsafeBufferPointer { p in
                    CoverageBits.forEachClearSpan(in: p.baseAddress!, from: a, to: b) { spans.append($0..<$1) }
                }
                let answer = line.withUnsafeBufferPointer { CoverageBits.isClear(a..<b, in: $0.baseAddress!) }
                #expect(answer == (spans == [a..<b]), "span \(a)..<\(b) of \(line.map { String($0, radix: 2) })")
                checked += 1
                if answer { clear += 1 }
            }
        }
        #expect(clear > 100 && clear < checked - 100)
    }
}
