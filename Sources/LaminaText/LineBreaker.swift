/// A line of a paragraph before it is placed: characters start..<end, of which start..<contentEnd take width
/// (the rest are spaces hanging at a wrapped line's end).
struct LineSpan {
    var start: Int
    var end: Int
    var contentEnd: Int
    var isParagraphEnd: Bool
}

/// Splits a shaped paragraph into lines: at required breaks always; with a width, greedily at UAX #14
/// opportunities, a word wider than the width broken between grapheme clusters.
enum LineBreaker {
    static func lines(of p: ShapedParagraph, maxWidth: Double?) -> [LineSpan] {
        let n = p.count
        guard n > 0 else { return [LineSpan(start: 0, end: 0, contentEnd: 0, isParagraphEnd: true)] }
        var lines: [LineSpan] = []
        var start = 0
        while start < n {
            let end = lineEnd(of: p, from: start, maxWidth: maxWidth)
            let wrapped = end < n && !p.breakRequiredBefore[end]
            let contentEnd = wrapped ? p.endWithoutHangingSpaces(start, end) : end
            lines.append(LineSpan(start: start, end: end, contentEnd: contentEnd, isParagraphEnd: end == n))
            start = end
        }
        return lines
    }

    private static func lineEnd(of p: ShapedParagraph, from start: Int, maxWidth: Double?) -> Int {
        let n = p.count
        let limit = (maxWidth ?? .infinity) + 1e-6
        var lastFit: Int?
        var pos = start + 1
        while pos <= n {
            if pos < n && !p.breakAllowedBefore[pos] { pos += 1; continue }
            if pos < n && p.breakRequiredBefore[pos] {
                if p.width(start, p.endWithoutHangingSpaces(start, pos)) <= limit || lastFit == nil { return pos }
                return lastFit!
            }
            if p.width(start, p.endWithoutHangingSpaces(start, pos)) <= limit {
                lastFit = pos
                pos += 1
                continue
            }
            if let lastFit { return lastFit }
            return graphemeBreak(of: p, from: start, before: pos, limit: limit)
        }
        return n
    }

    /// The last cluster boundary in start<..<end where start..<boundary still fits; at least one cluster.
    private static func graphemeBreak(of p: ShapedParagraph, from start: Int, before end: Int, limit: Double) -> Int {
        var best: Int?
        var q = start + 1
        while q < end {
            if p.isClusterBoundary[q] {
                if p.width(start, q) <= limit { best = q } else { break }
            }
            q += 1
        }
        if let best { return best }
        q = start + 1
        while q < end && !p.isClusterBoundary[q] { q += 1 }
        return q
    }
}
