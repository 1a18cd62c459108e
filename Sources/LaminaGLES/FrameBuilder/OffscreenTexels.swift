import Lamina

/// Offscreens drawn only where their composite shows them: an offscreen read once, by a canvas-level
/// image draw (no mask, no mip chain, not kept by the raster cache), needs only the texels that the
/// visible pieces of that draw sample (`CanvasPieces`), plus a margin for bilinear filtering. The
/// draws inside it cover just those texels, and an offscreen whose composite is hidden is not drawn
/// at all. The rest of the target stays transparent and is never read. The needed pieces are disjoint,
/// since a draw blends once per piece.
enum OffscreenTexels {
    /// Texels around a sampled position that bilinear filtering may read, and then some.
    static let neededTexelMargin = 2

    /// The texels each such offscreen needs, by offscreen.
    static func offscreenNeeds(of plan: RenderPlan, surfaces: SurfaceTree,
                               visibility: CanvasPieces) -> [OffscreenID: [QuadPiece]] {
        var needs: [OffscreenID: [QuadPiece]] = [:]
        for (id, surface) in surfaces.surfaces.enumerated() where surface.readers.count == 1 {
            let index = surface.readers[0]
            let offscreen = plan.offscreens[id]
            guard offscreen.cacheKey == nil, case .image(let image) = plan.commands[index], image.mask == nil,
                  image.sampling == .nearest || image.sampling == .linear,
                  let pieces = visibility.pieces(of: index), image.transform.inverted != nil,
                  image.destination.width > 0, image.destination.height > 0 else { continue }
            var disjoint: [QuadPiece] = []
            for piece in pieces {
                guard let t = texels(of: piece, image: image, width: offscreen.width, height: offscreen.height)
                else { continue }
                var parts = [t]
                for d in disjoint { parts = parts.flatMap { $0.subtracting(d) } }
                disjoint += parts
            }
            needs[id] = disjoint
        }
        return needs
    }

    /// The texels of an offscreen (width × height) that an image draw samples over a canvas piece.
    static func texels(of piece: QuadPiece, image: ImageDraw, width: Int, height: Int) -> QuadPiece? {
        guard let t = image.sourceTexelBox(of: Rect(minX: Double(piece.x0), minY: Double(piece.y0),
                                                    maxX: Double(piece.x1), maxY: Double(piece.y1)), width: width, height: height)
        else { return QuadPiece(x0: 0, y0: 0, x1: width, y1: height) }
        let m = Double(neededTexelMargin)
        let x0 = max(0, Int(saturating: max(t.minX - m, -1).rounded(.down))), x1 = min(width, Int(saturating: min(t.maxX + m, Double(width) + 1).rounded(.up)))
        let y0 = max(0, Int(saturating: max(t.minY - m, -1).rounded(.down))), y1 = min(height, Int(saturating: min(t.maxY + m, Double(height) + 1).rounded(.up)))
        let q = QuadPiece(x0: x0, y0: y0, x1: x1, y1: y1)
        return q.isEmpty ? nil : q
    }
}
