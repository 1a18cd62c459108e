/// Turns a line span into positioned glyphs: truncation with "…" by whole grapheme clusters, bidi reordering
/// (UAX #9 L1 and L2, by shaped segments), alignment and justification, ¼-pixel x rounding.
struct LineComposer {
    let paragraph: ShapedParagraph
    let runs: [TextRun]
    let fallback: (any FontFallback)?
    /// Bounds width in device pixels.
    let maxWidth: Double
    /// Device pixels per point.
    let scale: Double
    let alignment: TextAlignment
    /// Where the bounds' left edge lies in device pixels.
    var originX: Double = 0

    private struct Piece {
        var segment: Int?
        var chars: Range<Int>
        var level: UInt8
    }

    private struct Ellipsis {
        var glyphs: [ShapedGlyph]
        var face: FontFace
        var pixelSize: Double
        var run: Int
        var width: Double
    }

    /// Glyphs and width of `span`, truncated with `truncation` when it is wider than the bounds, placed with
    /// its baseline at `baseline`.
    func compose(_ span: LineSpan, truncation: TextTruncation, baseline: Double) -> (glyphs: [PositionedGlyph], x: Double, width: Double, truncated: Bool) {
        let p = paragraph
        var kept: [Range<Int>] = [span.start..<span.contentEnd]
        var ellipsis: (Ellipsis, at: Int)?
        if truncation != .none, span.contentEnd > span.start, p.width(span.start, span.contentEnd) > maxWidth + 1e-6 {
            (kept, ellipsis) = truncate(span.start, span.contentEnd, mode: truncation)
        }
        var pieces: [Piece] = []
        for (k, range) in kept.enumerated() {
            if let e = ellipsis, e.at == k { pieces.append(Piece(segment: nil, chars: 0..<0, level: p.bidi.baseLevel)) }
            for (s, segment) in p.segments.enumerated() {
                let lo = max(range.lowerBound, segment.range.lowerBound), hi = min(range.upperBound, segment.range.upperBound)
                if lo < hi { pieces.append(Piece(segment: s, chars: lo..<hi, level: segment.level)) }
            }
        }
        if let e = ellipsis, e.at == kept.count { pieces.append(Piece(segment: nil, chars: 0..<0, level: p.bidi.baseLevel)) }
        applyRuleL1(&pieces)
        reorder(&pieces)

        var width = 0.0, spaces = 0
        for piece in pieces {
            if let s = piece.segment {
                let segment = p.segments[s]
                for g in segment.glyphs[segment.glyphIndices(for: piece.chars)] {
                    width += g.xAdvance
                    if p.text[g.cluster] == 0x20 { spaces += 1 }
                }
            } else if let e = ellipsis {
                width += e.0.width
            }
        }
        var extraPerSpace = 0.0
        var align = alignment
        if align == .justified {
            if !span.isParagraphEnd && ellipsis == nil && spaces > 0 && width < maxWidth {
                extraPerSpace = (maxWidth - width) / Double(spaces)
            }
            align = .natural
        }
        if align == .natural { align = p.bidi.isRightToLeft ? .right : .left }
        let offset: Double = switch align {
        case .right: maxWidth - width
        case .center: (maxWidth - width) / 2
        default: 0
        }
        let x0 = originX + offset

        var glyphs: [PositionedGlyph] = []
        var pen = x0
        func place(_ g: ShapedGlyph, face: FontFace, pixelSize: Double, run: Int, cluster: Int) {
            glyphs.append(PositionedGlyph(face: face, glyphID: g.glyphID, x: ((pen + g.xOffset) * 4 + 0.5).rounded(.down) / 4,
                                          y: (baseline - g.yOffset + 0.5).rounded(.down), pixelSize: pixelSize,
                                          isColor: face.hasColorGlyphs, color: runs[run].color, cluster: cluster))
            pen += g.xAdvance
        }
        for piece in pieces {
            if let s = piece.segment {
                let segment = p.segments[s]
                for g in segment.glyphs[segment.glyphIndices(for: piece.chars)] {
                    place(g, face: segment.face, pixelSize: segment.pixelSize, run: p.runOfChar[g.cluster], cluster: p.offset + g.cluster)
                    if p.text[g.cluster] == 0x20 { pen += extraPerSpace }
                }
            } else if let e = ellipsis {
                let cut = e.at < kept.count ? kept[e.at].lowerBound : (kept.last?.upperBound ?? span.start)
                for g in e.0.glyphs { place(g, face: e.0.face, pixelSize: e.0.pixelSize, run: e.0.run, cluster: p.offset + cut) }
            }
        }
        return (glyphs, x0, width + extraPerSpace * Double(spaces), ellipsis != nil)
    }

    /// The kept character ranges and where "…" goes among them (its index in the list).
    private func truncate(_ a: Int, _ e: Int, mode: TextTruncation) -> ([Range<Int>], (Ellipsis, at: Int)) {
        let p = paragraph
        let b = p.boundaries(a, e)
        let m = b.count - 1
        func runAt(_ i: Int) -> Int { p.runOfChar[min(max(i, a), max(e - 1, a))] }
        var cache: [Int: Ellipsis] = [:]
        func ellipsis(run: Int) -> Ellipsis {
            if let cached = cache[run] { return cached }
            let made = makeEllipsis(run: run)
            cache[run] = made
            return made
        }
        switch mode {
        case .start:
            for k in 1...max(m, 1) where k <= m {
                let el = ellipsis(run: runAt(b[k] - 1))
                if el.width + p.width(b[k], e) <= maxWidth + 1e-6 { return ([b[k]..<e], (el, 0)) }
            }
            return ([], (ellipsis(run: runAt(e - 1)), 0))
        case .middle:
            for keep in stride(from: m - 1, through: 0, by: -1) {
                let head = (keep + 1) / 2, tail = keep / 2
                let el = ellipsis(run: runAt(b[head]))
                if p.width(a, b[head]) + el.width + p.width(b[m - tail], e) <= maxWidth + 1e-6 {
                    return ([a..<b[head], b[m - tail]..<e], (el, 1))
                }
            }
            return ([], (ellipsis(run: runAt(a)), 0))
        default:
            for k in stride(from: m - 1, through: 0, by: -1) {
                let el = ellipsis(run: runAt(b[k]))
                if p.width(a, b[k]) + el.width <= maxWidth + 1e-6 { return ([a..<b[k]], (el, 1)) }
            }
            return ([], (ellipsis(run: runAt(a)), 0))
        }
    }

    private func makeEllipsis(run: Int) -> Ellipsis {
        let r = runs[run]
        let cluster: [Unicode.Scalar] = ["\u{2026}"]
        let face = r.font.covers(cluster) ? r.font : (fallback?.fallbackFace(for: cluster, primary: r.font) ?? r.font)
        let pixelSize = r.fontSize * scale
        let glyphs = HarfBuzzShaper.shape([0x2026], range: 0..<1, face: face, pixelSize: pixelSize,
                                          rightToLeft: false, script: HarfBuzzShaper.scripts(of: [0x2026])[0])
        return Ellipsis(glyphs: glyphs, face: face, pixelSize: pixelSize, run: run, width: glyphs.reduce(0) { $0 + $1.xAdvance })
    }

    /// UAX #9 L1: whitespace and isolate/embedding controls at the line's logical end take the paragraph level.
    private func applyRuleL1(_ pieces: inout [Piece]) {
        guard let last = pieces.indices.last, pieces[last].segment != nil else { return }
        let p = paragraph
        let range = pieces[last].chars
        var start = range.upperBound
        while start > range.lowerBound, p.bidi.resetsAtLineEnd[start - 1] { start -= 1 }
        guard start < range.upperBound, pieces[last].level != p.bidi.baseLevel else { return }
        var reset = pieces[last]
        reset.chars = start..<range.upperBound
        reset.level = p.bidi.baseLevel
        if start == range.lowerBound {
            pieces[last] = reset
        } else {
            pieces[last].chars = range.lowerBound..<start
            pieces.append(reset)
        }
    }

    /// UAX #9 L2: from the highest level down to the lowest odd one, reverse every run of pieces at that
    /// level or above. Within a piece, HarfBuzz's output is already in visual order.
    private func reorder(_ pieces: inout [Piece]) {
        guard let highest = pieces.map(\.level).max() else { return }
        let lowestOdd = (pieces.map(\.level).filter { $0 & 1 == 1 }.min()) ?? (highest + 1)
        var level = highest
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < pieces.count {
                guard pieces[i].level >= level else { i += 1; continue }
                var j = i
                while j < pieces.count && pieces[j].level >= level { j += 1 }
                pieces[i..<j].reverse()
                i = j
            }
            level -= 1
        }
    }
}
