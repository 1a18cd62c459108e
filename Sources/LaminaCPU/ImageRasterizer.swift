import Lamina

/// Draws `ImageDraw`: the sampled source (nearest, bilinear or trilinear) × opacity × destination
/// coverage × clip, optionally × the alpha of a mask offscreen sampled at the same coordinates; texels
/// are scaled to 0…1 and the factors multiplied in the GPU shader's order.
///
/// With an axis-aligned transform the texel taps of every column are computed once per band and
/// those of every row once per row (and a magnified bilinear image's texel rows are lerped along x once,
/// `LerpedRows`); other transforms compute them per pixel.
final class ImageRasterizer: Sendable {
    /// One level read for a sample and its weight (two for trilinear).
    struct LevelRead {
        let level: PixelBuffer
        let weight: Float
    }

    let coverage: ShapeCoverage
    let clip: ClipCoverage
    /// Source levels, then mask levels (`maskStart` is where the mask's begin).
    let reads: [LevelRead]
    let maskStart: Int
    let linear: Bool
    let opacity: Float
    /// Target pixel center → unit source coordinates.
    let mapping: SourceMapping
    let axisAligned: Bool
    /// Whether the draw stores an opaque color where its destination and clip coverage are 1: an opaque
    /// texture at opacity 1 without a mask (every sample has alpha 255, so `Blend.over` stores it).
    let occludes: Bool
    /// Texel bytes scaled for the pixels drawn at the opacity itself (`ScaledBytes`), for draws of one level
    /// without a mask at an opacity below 1.
    let scaledBytes: ScaledBytes?

    init?(_ draw: ImageDraw, texture: Texture, mask: Texture?, target: PixelBuffer) {
        guard draw.opacity > 0, let inv = draw.transform.inverted,
              let cov = ShapeCoverage(shape: RoundedRect(rect: draw.destination), transform: draw.transform)
        else { return nil }
        let clip = ClipCoverage(draw.clip, targetWidth: target.width, targetHeight: target.height)
        guard !clip.isEmpty else { return nil }
        coverage = cov
        self.clip = clip
        opacity = Float(draw.opacity)
        let levelReads: (Texture) -> [LevelRead]
        switch draw.sampling {
        case .nearest:
            linear = false
            levelReads = { [LevelRead(level: $0.base, weight: 1)] }
        case .linear:
            linear = true
            levelReads = { [LevelRead(level: $0.base, weight: 1)] }
        case .trilinear(let lod):
            linear = true
            levelReads = { t in
                let l = min(max(lod.isFinite ? lod : 0, 0), Double(t.levels.count - 1))
                let l0 = Int(saturating: l.rounded(.down)), frac = l - Double(l0)
                if frac <= 0 || l0 + 1 >= t.levels.count { return [LevelRead(level: t.levels[l0], weight: 1)] }
                return [LevelRead(level: t.levels[l0], weight: Float(1 - frac)), LevelRead(level: t.levels[l0 + 1], weight: Float(frac))]
            }
        }
        let src = levelReads(texture)
        reads = src + (mask.map(levelReads) ?? [])
        maskStart = mask == nil ? reads.count : src.count
        let d = draw.destination, s = draw.sourceRect
        guard d.width > 0, d.height > 0, [inv.a, inv.b, inv.c, inv.d, inv.tx, inv.ty].allSatisfy({ Float($0).isFinite }) else { return nil }
        mapping = SourceMapping(inverse: inv, destination: d, sourceRect: s)
        axisAligned = mapping.axisAligned
        occludes = texture.opaque && mask == nil && opacity >= 1
        scaledBytes = src.count == 1 && mask == nil && opacity < 1 ? ScaledBytes(levelWeight: src[0].weight, weight: opacity) : nil
    }

    /// The pixels of row `y` it stores an opaque color into (full destination and clip coverage); empty
    /// unless it `occludes`.
    @inline(__always) func solidSpan(row y: Int) -> Range<Int> {
        guard occludes, y >= clip.y0, y < clip.y1 else { return 0..<0 }
        let s = coverage.spans(row: y)
        guard !s.inner.isEmpty else { return 0..<0 }
        return s.inner.intersect(clip.spans(row: y).inner)
    }

    @inline(__always) func taps(_ x: Int, _ y: Int, _ view: LevelView) -> (AxisTap, AxisTap) {
        (AxisTap(unit: mapping.u(x, y), size: view.width, linear: linear),
         AxisTap(unit: mapping.v(x, y), size: view.height, linear: linear))
    }

    /// Pixels it may touch at all.
    var bounds: (x0: Int, y0: Int, x1: Int, y1: Int) { clip.limit(coverage.bounds) }

    func draw(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans = .all) {
        guard let scaledBytes else { return draw(into: target, rows: rows, visible: visible, scaled: nil) }
        scaledBytes.bytes.withUnsafeBufferPointer {
            draw(into: target, rows: rows, visible: visible, scaled: ($0.baseAddress!, scaledBytes.weight))
        }
    }

    private func draw(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans,
                      scaled: (bytes: UnsafePointer<UInt8>, weight: Float)?) {
        let ys = clip.rows(rows).intersect(coverage.bounds.y0..<coverage.bounds.y1)
        let xs = (clip.x0..<clip.x1).intersect(coverage.bounds.x0..<coverage.bounds.x1)
        guard !ys.isEmpty, !xs.isEmpty else { return }
        let n = reads.count
        withUnsafeTemporaryAllocation(of: LevelView.self, capacity: n) { views in
            for j in 0..<n { views[j] = LevelView(reads[j].level, weight: reads[j].weight) }
            if n == 1, let scaled { views[0].scale(scaled.bytes, weight: scaled.weight) }
            withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: xs.count) { sources in
                withUnsafeTemporaryAllocation(of: AxisTap.self, capacity: axisAligned ? xs.count * n + n : 1) { table in
                    if axisAligned {
                        for j in 0..<n {
                            for x in xs {
                                table[j * xs.count + x - xs.lowerBound] = AxisTap(unit: mapping.u(x, 0), size: views[j].width, linear: linear)
                            }
                        }
                    }
                    let direct = !axisAligned ? 0..<0 : n == 1 ? ImageRasterizer.directColumns(table.baseAddress!, xs: xs)
                        : maskedOneToOne ? ImageRasterizer.directColumns(table.baseAddress!, xs: xs)
                            .intersect(ImageRasterizer.directColumns(table.baseAddress! + xs.count, xs: xs)) : 0..<0
                    func rows(_ lerped: UnsafeMutablePointer<LerpedRows>?) {
                        for y in ys where !visible.rowIsHidden(y) {
                            drawRow(y, xs: xs, visible: visible, views: views.baseAddress!, table: table.baseAddress!,
                                    sources: sources.baseAddress!, direct: direct, lerped: lerped, into: target)
                        }
                    }
                    let texelsPerRow = Double(abs(mapping.d / mapping.dh * mapping.sh)) * Double(views[0].height)
                    guard axisAligned, n == 1, maskStart == n, linear, direct.count * 2 < xs.count, LerpedRows.pays(texelsPerRow: texelsPerRow) else { return rows(nil) }
                    LerpedRows.with(columns: xs.count) { withUnsafeMutablePointer(to: &$0) { rows($0) } }
                }
            }
        }
    }

    /// Whether a row may read its source and its mask one to one (`MaskedBytes`): one level each, of weight 1.
    private var maskedOneToOne: Bool { reads.count == 2 && maskStart == 1 && reads[0].weight == 1 && reads[1].weight == 1 }

    /// For a mask read one to one over `direct` on the row whose taps `table` holds: the source texel and the
    /// mask texel of column 0 (pointers to step by the column's byte offset); nil where either row tap has a
    /// fraction or no column is direct.
    @inline(__always) private func maskedTexels(xs: Range<Int>, views: UnsafePointer<LevelView>, table: UnsafeMutablePointer<AxisTap>,
                                                direct: Range<Int>) -> (source: UnsafeMutablePointer<UInt8>, mask: UnsafeMutablePointer<UInt8>)? {
        guard !direct.isEmpty, reads.count == 2 else { return nil }
        let sourceRow = table[xs.count * 2], maskRow = table[xs.count * 2 + 1]
        guard sourceRow.f == 0, maskRow.f == 0 else { return nil }
        let k = direct.lowerBound - xs.lowerBound
        return (views[0].rows(sourceRow).0 + (Int(table[k].i0) &- direct.lowerBound) &* 4,
                views[1].rows(maskRow).0 + (Int(table[xs.count + k].i0) &- direct.lowerBound) &* 4)
    }

    /// The longest run of columns whose taps read consecutive texels without a fraction: there a row
    /// without a fraction is a 1:1 copy (an image or offscreen drawn at its size on whole pixels).
    static func directColumns(_ table: UnsafePointer<AxisTap>, xs: Range<Int>) -> Range<Int> {
        var best = 0..<0, start = 0
        for k in 0..<xs.count {
            let continues = k > start && table[k].i0 == table[k - 1].i0 &+ 1
            if table[k].f != 0 { start = k + 1; continue }
            if !continues { start = k }
            if k + 1 - start > best.count { best = start..<(k + 1) }
        }
        return (best.lowerBound + xs.lowerBound)..<(best.upperBound + xs.lowerBound)
    }

    /// One row; `direct`: the columns where the taps read one texel each, consecutively (`directColumns`).
    @inline(__always) private func drawRow(_ y: Int, xs: Range<Int>, visible: VisibleSpans, views: UnsafePointer<LevelView>,
                                           table: UnsafeMutablePointer<AxisTap>, sources: UnsafeMutablePointer<SIMD4<Float>>,
                                           direct: Range<Int>, lerped: UnsafeMutablePointer<LerpedRows>?, into target: PixelBuffer) {
        let n = reads.count
        let s = coverage.spans(row: y), c = clip.spans(row: y)
        let span = s.outer.intersect(c.outer).intersect(xs)
        guard !span.isEmpty else { return }
        if axisAligned {
            for j in 0..<n {
                table[xs.count * n + j] = AxisTap(unit: mapping.v(0, y), size: views[j].height, linear: linear)
            }
        }
        let cov = UnsafeMutableRawPointer(sources).assumingMemoryBound(to: Float.self) + 3 * span.count - span.lowerBound
        if axisAligned {
            if n == 1 && maskStart == n {
                let rowTap = table[xs.count]
                let texels = direct.isEmpty || rowTap.f != 0 ? nil
                    : views[0].rows(rowTap).0 + (Int(table[direct.lowerBound - xs.lowerBound].i0) &- direct.lowerBound) &* 4
                visible.forEach(row: y, in: span) { piece in
                    weigh(piece, y: y, s: s, c: c, into: cov)
                    let middle = texels == nil ? piece.upperBound..<piece.upperBound : piece.intersect(direct)
                    func sampled(_ part: Range<Int>) {
                        guard !part.isEmpty else { return }
                        let k = part.lowerBound - xs.lowerBound
                        guard let lerped, texels == nil, span.count * 2 >= xs.count else {
                            return views[0].blendRow(taps: table + k, row: rowTap, weights: cov + part.lowerBound,
                                                     into: target.row(y) + part.lowerBound * 4, count: part.count, opaque: occludes)
                        }
                        let (top, bottom) = lerped.pointee.rows(rowTap, view: views[0], taps: table, count: xs.count)
                        views[0].blendRow(top: top + k, bottom: bottom + k, taps: table + k, row: rowTap, weights: cov + part.lowerBound,
                                          into: target.row(y) + part.lowerBound * 4, count: part.count, opaque: occludes)
                    }
                    guard let texels, !middle.isEmpty else { return sampled(piece) }
                    sampled(piece.lowerBound..<middle.lowerBound)
                    views[0].blendDirectRow(texels: texels + middle.lowerBound &* 4, weights: cov + middle.lowerBound,
                                            into: target.row(y) + middle.lowerBound * 4, count: middle.count, opaque: occludes)
                    sampled(middle.upperBound..<piece.upperBound)
                }
            } else {
                let texels = maskedTexels(xs: xs, views: views, table: table, direct: direct)
                visible.forEach(row: y, in: span) { piece in
                    weigh(piece, y: y, s: s, c: c, into: cov)
                    let middle = texels == nil ? piece.upperBound..<piece.upperBound : piece.intersect(direct)
                    guard let texels, !middle.isEmpty else {
                        return blendPiece(piece, y: y, xs: xs, views: views, table: table, weights: cov, into: target.row(y))
                    }
                    blendPiece(piece.lowerBound..<middle.lowerBound, y: y, xs: xs, views: views, table: table, weights: cov, into: target.row(y))
                    MaskedBytes.blendRow(texels: texels.source + middle.lowerBound &* 4, mask: texels.mask + middle.lowerBound &* 4,
                                         weights: cov + middle.lowerBound, into: target.row(y) + middle.lowerBound * 4, count: middle.count)
                    blendPiece(middle.upperBound..<piece.upperBound, y: y, xs: xs, views: views, table: table, weights: cov, into: target.row(y))
                }
            }
            return
        }
        visible.forEach(row: y, in: span) { piece in
            weigh(piece, y: y, s: s, c: c, into: cov)
            blendTransformedPiece(piece, y: y, xs: xs, views: views, table: table, weights: cov, into: target.row(y))
        }
    }
}
