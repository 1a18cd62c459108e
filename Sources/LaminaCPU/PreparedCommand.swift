import Lamina

/// A draw command resolved against its target and resources, ready to run on any band of rows.
enum PreparedCommand {
    case fill(FillRasterizer)
    case border(BorderRasterizer)
    case image(ImageRasterizer)
    case shadow(ShadowRasterizer)
    case tableShadow(TableShadowRasterizer)
    case blurredShadow(BlurredShadowRasterizer)
    case maskFill(MaskFillRasterizer)
    case glyphs(GlyphRunRasterizer)

    /// Draws the visible part of the command that falls in `rows` of `target`.
    func draw(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans = .all) {
        switch self {
        case .fill(let r): r.draw(into: target, rows: rows, visible: visible)
        case .border(let r): r.draw(into: target, rows: rows, visible: visible)
        case .image(let r): r.draw(into: target, rows: rows, visible: visible)
        case .shadow(let r): r.draw(into: target, rows: rows, visible: visible)
        case .tableShadow(let r): r.draw(into: target, rows: rows, visible: visible)
        case .blurredShadow(let r): r.draw(into: target, rows: rows, visible: visible)
        case .maskFill(let r): r.draw(into: target, rows: rows, visible: visible)
        case .glyphs(let r): r.draw(into: target, rows: rows, visible: visible)
        }
    }

    /// A box holding every pixel the command may change (inclusive-exclusive).
    var bounds: (x0: Int, y0: Int, x1: Int, y1: Int) {
        switch self {
        case .fill(let r): r.bounds
        case .border(let r): r.bounds
        case .image(let r): r.bounds
        case .shadow(let r): r.bounds
        case .tableShadow(let r): r.bounds
        case .blurredShadow(let r): r.bounds
        case .maskFill(let r): r.bounds
        case .glyphs(let r): r.bounds
        }
    }

    /// Whether the command stores an opaque color, whatever lies below, on some pixels (`solidSpan`).
    var occludes: Bool {
        switch self {
        case .fill(let r): r.opaque != nil
        case .image(let r): r.occludes
        default: false
        }
    }

    /// Marks covered in `pass`, on each of `rows`, the pixels the command stores opaquely over whatever
    /// lies below (its rasterizer's `solidSpan`), the case matched once for all rows.
    @inline(__always) func cover(rows: Range<Int>, in pass: inout VisibilityPass) {
        switch self {
        case .fill(let r): pass.cover(rows: rows) { r.solidSpan(row: $0) }
        case .image(let r): pass.cover(rows: rows) { r.solidSpan(row: $0) }
        default: return
        }
    }
}
