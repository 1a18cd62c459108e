import Lamina

/// Text laid out in a layer's bounds as the scene contract's "Layout" paragraph says: paragraphs, bidi runs,
/// font fallback, HarfBuzz shaping, wrapping, vertical metrics, alignment, truncation and the height cut.
/// Everything is in device pixels from the bounds' top-left (moved by `TextLayoutOptions.origin`), y down.
public struct TextLayout: Sendable {
    /// The drawn lines, top to bottom.
    public var lines: [TextLine]
    /// The union of the drawn lines' boxes (content x extent × ascent to descent); an empty rect at the
    /// origin when no line is drawn.
    public var extents: Rect
    /// The number of glyphs in `lines`.
    public var glyphCount: Int { lines.reduce(0) { $0 + $1.glyphs.count } }

    /// Lays out `runs` (concatenated) in the bounds of `options`. Line ascent, descent and gap are `font`'s
    /// (the layer's font) at the line's largest run size; `fallback` draws the characters a run's face lacks.
    public init(runs: [TextRun], font: FontFace, options: TextLayoutOptions, fallback: (any FontFallback)? = nil) {
        let scale = options.scale
        let maxWidth = options.width * scale
        var text: [UInt32] = []
        var runOfChar: [Int] = []
        for (r, run) in runs.enumerated() {
            for scalar in run.text.unicodeScalars {
                text.append(scalar.value)
                runOfChar.append(r)
            }
        }
        let defaultSize = runs.first?.fontSize ?? 36

        struct PlannedLine {
            var paragraph: Int
            var span: LineSpan
            var metrics: FontMetrics
        }
        var paragraphs: [ShapedParagraph] = []
        var planned: [PlannedLine] = []
        for (range, sizeRun) in Self.paragraphRanges(text, runOfChar: runOfChar) {
            let shaped = ShapedParagraph(text: Array(text[range]), offset: range.lowerBound, runOfChar: Array(runOfChar[range]),
                                         runs: runs, scale: scale, fallback: fallback)
            for span in LineBreaker.lines(of: shaped, maxWidth: options.isWrapped ? maxWidth : nil) {
                var size = sizeRun.map { runs[$0].fontSize } ?? defaultSize
                if span.end > span.start { size = shaped.runOfChar[span.start..<span.end].map { runs[$0].fontSize }.max() ?? size }
                planned.append(PlannedLine(paragraph: paragraphs.count, span: span, metrics: font.metrics(pixelSize: size * scale)))
            }
            paragraphs.append(shaped)
        }

        var baselines: [Double] = []
        var raw = 0.0
        for (i, line) in planned.enumerated() {
            raw = i == 0 ? options.origin.y + line.metrics.ascent
                : raw + planned[i - 1].metrics.descent + planned[i - 1].metrics.lineGap + line.metrics.ascent
            baselines.append((raw + 0.5).rounded(.down))
        }
        var drawn = planned.count
        if options.isWrapped, let height = options.height {
            let limit = options.origin.y + height * scale + 1e-6
            drawn = planned.indices.first { baselines[$0] + planned[$0].metrics.descent > limit } ?? planned.count
        }
        var lastSpanOverride: LineSpan?
        if options.truncation != .none, drawn > 0, drawn < planned.count,
           planned[drawn].paragraph == planned[drawn - 1].paragraph {
            let previous = planned[drawn - 1]
            let n = paragraphs[previous.paragraph].count
            lastSpanOverride = LineSpan(start: previous.span.start, end: n,
                                        contentEnd: paragraphs[previous.paragraph].endWithoutHangingSpaces(previous.span.start, n),
                                        isParagraphEnd: true)
        }

        var lines: [TextLine] = []
        var extents: Rect?
        for i in 0..<drawn {
            let line = planned[i]
            let p = paragraphs[line.paragraph]
            let composer = LineComposer(paragraph: p, runs: runs, fallback: fallback, maxWidth: maxWidth, scale: scale,
                                        alignment: options.alignment, originX: options.origin.x)
            let isLast = i == drawn - 1
            let span = isLast ? (lastSpanOverride ?? line.span) : line.span
            let truncation = options.isWrapped && !(isLast && lastSpanOverride != nil) ? .none : options.truncation
            let composed = composer.compose(span, truncation: truncation, baseline: baselines[i])
            let textLine = TextLine(glyphs: composed.glyphs, baseline: baselines[i], x: composed.x, width: composed.width,
                                    ascent: line.metrics.ascent, descent: line.metrics.descent,
                                    textRange: (p.offset + span.start)..<(p.offset + span.end),
                                    isTruncated: composed.truncated, isRightToLeft: p.bidi.isRightToLeft)
            let box = Rect(textLine.x, textLine.baseline - textLine.ascent, textLine.width, textLine.ascent + textLine.descent)
            extents = extents.map { $0.union(box) } ?? box
            lines.append(textLine)
        }
        self.lines = lines
        self.extents = extents ?? Rect(0, 0, 0, 0)
    }

    /// The paragraphs of `text` (split at LF, CR LF and U+2029, separators excluded), each with the run whose
    /// size an empty paragraph takes.
    static func paragraphRanges(_ text: [UInt32], runOfChar: [Int]) -> [(Range<Int>, Int?)] {
        var result: [(Range<Int>, Int?)] = []
        var start = 0, i = 0
        while i < text.count {
            let c = text[i]
            var separatorLength = 0
            if c == 0x0A || c == 0x2029 { separatorLength = 1 }
            if c == 0x0D, i + 1 < text.count, text[i + 1] == 0x0A { separatorLength = 2 }
            if separatorLength > 0 {
                result.append((start..<i, runOfChar[i]))
                i += separatorLength
                start = i
            } else {
                i += 1
            }
        }
        result.append((start..<text.count, text.isEmpty ? nil : runOfChar[text.count - 1]))
        return result
    }
}
