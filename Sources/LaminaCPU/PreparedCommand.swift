import Lamina

/// A draw command resolved against its target and resources, ready to run on any band of rows.
enum PreparedCommand {
    case fill(FillRasterizer)
    case border(BorderRasterizer)
    case image(ImageRasterizer)
    case shadow(ShadowRasterizer)
    case blurredShadow(BlurredShadowRasterizer)
    case maskFill(MaskFillRasterizer)

    /// Draws the part of the command that falls in `rows` of `target`.
    func draw(into target: PixelBuffer, rows: Range<Int>) {
        switch self {
        case .fill(let r): r.draw(into: target, rows: rows)
        case .border(let r): r.draw(into: target, rows: rows)
        case .image(let r): r.draw(into: target, rows: rows)
        case .shadow(let r): r.draw(into: target, rows: rows)
        case .blurredShadow(let r): r.draw(into: target, rows: rows)
        case .maskFill(let r): r.draw(into: target, rows: rows)
        }
    }
}
