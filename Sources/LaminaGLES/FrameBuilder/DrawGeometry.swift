import Lamina

/// Where draws reach on their target, in whole pixels: the pure geometry the frame builder and the
/// renderer share (no GL).
enum DrawGeometry {
    /// Holes of a draw and opaque-pass pieces are shrunk to multiples of this many pixels: llvmpipe shades
    /// 4 × 4 blocks whole, so a piece edge mid-block costs the block twice. The draws beside a hole give
    /// the same pixels there (the fill's exact color, or nothing).
    static let shadingBlock = 4

    /// The rectangles `drawQuad` covers: the pixel area of `bounds`, within `visible` when given, less
    /// the holes shrunk to shading blocks.
    static func quadPieces(bounds: Rect, holes: [Rect], visible: ArraySlice<QuadPiece>?, clip: Clip,
                           target: RenderTarget) -> [QuadPiece] {
        let area = pixelArea(of: bounds, clip: clip, width: target.width, height: target.height)
        guard !area.isEmpty else { return [] }
        var pieces = visible.map { $0.compactMap { $0.intersection(area) } } ?? [area]
        for hole in holes {
            let skipped = QuadPiece(pixelCentersIn: hole).alignedInward(to: shadingBlock)
            guard !skipped.isEmpty else { continue }
            pieces = pieces.flatMap { $0.subtracting(skipped) }
        }
        return pieces
    }

    /// The whole pixels a quad over `bounds` (target pixels) may touch: within the target, the clip's
    /// scissor and its shapes' reach.
    static func pixelArea(of bounds: Rect, clip: Clip, width: Int, height: Int) -> QuadPiece {
        var x0 = max(0, Int(saturating: bounds.minX.rounded(.down))), y0 = max(0, Int(saturating: bounds.minY.rounded(.down)))
        var x1 = min(width, Int(saturating: bounds.maxX.rounded(.up))), y1 = min(height, Int(saturating: bounds.maxY.rounded(.up)))
        if let s = clip.scissor {
            x0 = max(x0, s.x); y0 = max(y0, s.y)
            x1 = min(x1, s.x + s.width); y1 = min(y1, s.y + s.height)
        }
        for shape in clip.shapes {
            let reach = shape.transform.coverageBounds(of: shape.shape.rect)
            x0 = max(x0, Int(saturating: reach.minX.rounded(.down))); y0 = max(y0, Int(saturating: reach.minY.rounded(.down)))
            x1 = min(x1, Int(saturating: reach.maxX.rounded(.up))); y1 = min(y1, Int(saturating: reach.maxY.rounded(.up)))
        }
        return QuadPiece(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// The whole target pixels that an opaque fill sets to its color at coverage 1, within the target.
    static func opaquePieces(of fill: Fill, width: Int, height: Int) -> [QuadPiece] {
        DrawCommand.fill(fill).opaqueArea.compactMap { area in
            let q = QuadPiece(pixelCentersIn: area)
            let clipped = QuadPiece(x0: max(q.x0, 0), y0: max(q.y0, 0), x1: min(q.x1, width), y1: min(q.y1, height))
            return clipped.isEmpty ? nil : clipped
        }
    }

    /// Whether the pixels `outer` may touch on the canvas include all those `inner` may touch (then the
    /// fused shader's table lookups stay within the shadow's table wherever the fill draws).
    static func encloses(_ outer: DrawCommand, _ inner: DrawCommand, in canvas: RenderTarget) -> Bool {
        guard let o = CanvasPieces.area(of: outer, width: canvas.width, height: canvas.height),
              let i = CanvasPieces.area(of: inner, width: canvas.width, height: canvas.height) else { return false }
        return o.x0 <= i.x0 && o.y0 <= i.y0 && o.x1 >= i.x1 && o.y1 >= i.y1
    }
}
