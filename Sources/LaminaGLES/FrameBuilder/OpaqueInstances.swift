import Lamina

/// The opaque pass's instances: the visible interiors of opaque fills, painted before the other draws
/// with their color (`CanvasPieces`), or inside an offscreen before the fill's own draw.
enum OpaqueInstances {
    /// Floats per opaque-pass instance: pixel bounds (x0, y0, x1, y1), color (r, g, b, a).
    static let opaqueInstanceFloats = 8

    /// Appends one opaque-pass instance (the `opaqueInstanceFloats` layout) to `instances`.
    static func appendOpaqueInstance(_ q: QuadPiece, color c: (Float, Float, Float, Float), to instances: inout [Float]) {
        instances += [Float(q.x0), Float(q.y0), Float(q.x1), Float(q.y1), c.0, c.1, c.2, c.3]
    }

    /// Appends the instances that paint a fill's `interiors` (which may overlap) where they lie in `visible`
    /// (all of them when nil), each pixel once: an interior's pieces less the interiors before it.
    static func appendInteriors(_ interiors: [QuadPiece], visible: ArraySlice<QuadPiece>?, color c: (Float, Float, Float, Float),
                                to instances: inout [Float]) {
        var painted: [QuadPiece] = []
        for interior in interiors where !interior.isEmpty {
            var parts = visible.map { $0.compactMap { $0.intersection(interior) } } ?? [interior]
            for p in painted { parts = parts.flatMap { $0.subtracting(p) } }
            for q in parts { appendOpaqueInstance(q, color: c, to: &instances) }
            painted.append(interior)
        }
    }
}
