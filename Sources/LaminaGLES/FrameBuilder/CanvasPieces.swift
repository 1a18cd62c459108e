import Lamina

/// What each canvas-level command of a plan draws after occlusion, and the opaque pass, found on the CPU
/// before drawing with the shared `VisibilityPass` over the part of the canvas the commands reach (all of
/// it for a whole frame, the damage for a frame restricted to it).
///
/// The canvas-level commands are walked from the last to the first. A command reveals the area its quad
/// may touch (`CanvasPieces.area(of:)`) and draws the visible rectangles of it; then the pixels it replaces
/// whatever lies below are covered: an opaque fill's interior (`DrawGeometry.opaquePieces(of:width:height:)`)
/// or an opaque image's (`DrawCommand.opaqueCover(images:)`), shrunk to shading blocks. Each such interior's
/// own visible pixels go to the opaque pass, which paints them with the fill's color before any other draw:
/// no later draw of an earlier command touches them and no draw of a later one misses them, so the image is
/// bit-identical to drawing every command whole, while the rasterizer never sees a hidden pixel. The fill
/// draws the rest of itself, its rim, over the pixels that earlier commands also cover, which is what lets
/// a shadow's draw take its fill along (`drawFused`).
struct CanvasPieces {
    /// Per command: the range of `pieces` it draws, or nil when it is not culled (inside an offscreen).
    private var ranges: [Range<Int>?]
    private(set) var pieces: [QuadPiece] = []
    /// Opaque-pass instances: pixel bounds (x0, y0, x1, y1), color (r, g, b, a).
    private(set) var opaqueInstances: [Float] = []
    /// Pixels of the commands' areas that are hidden, and those drawn.
    private(set) var hiddenPixels = 0, visiblePixels = 0
    /// What the opaque pass paints of a fill's interior (shrunk to shading blocks), by fill, where that
    /// is only the part inside its border's hole (`fusedBorderHole`).
    private(set) var shrunkInteriors: [Int: [QuadPiece]] = [:]

    /// With `borderFusion`, fills that a shadow–fill draw will likely paint with their border keep their
    /// border's ring out of the opaque pass (`fusedBorderHole`).
    init(_ plan: RenderPlan, width: Int, height: Int, borderFusion: Bool = false, fills: ShadowedFills? = nil) {
        let fills = fills ?? (borderFusion ? ShadowedFills(plan) : .empty)
        ranges = Array(repeating: nil, count: plan.commands.count)
        let indices = ((try? plan.surfaceTree()) ?? .empty).canvasLevelIndices(commandCount: plan.commands.count)
        let areas = indices.map { CanvasPieces.area(of: plan.commands[$0], offscreens: plan.offscreens, width: width, height: height) }
        let reach = areas.reduce(nil as QuadPiece?) { r, a in a.map { r?.union($0) ?? $0 } ?? r } ?? QuadPiece(x0: 0, y0: 0, x1: 0, y1: 0)
        var pass = VisibilityPass(rows: reach.y0..<max(reach.y0, reach.y1), columns: reach.x0..<max(reach.x0, reach.x1))
        for (index, area) in zip(indices, areas).reversed() {
            let command = plan.commands[index]
            guard let area else {
                ranges[index] = 0..<0
                continue
            }
            let start = pieces.count
            pass.revealRectangles(rows: area.y0..<area.y1, columns: area.x0..<area.x1) { rows, columns in
                pieces.append(QuadPiece(x0: columns.lowerBound, y0: rows.lowerBound, x1: columns.upperBound, y1: rows.upperBound))
            }
            ranges[index] = start..<pieces.count
            if case .image = command {
                command.forEachOpaqueCover(images: plan.images) { r in
                    let q = QuadPiece(x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height)
                    Self.cover(q.alignedInward(to: DrawGeometry.shadingBlock, inTargetOf: width, height), in: &pass)
                }
                continue
            }
            guard case .fill(let fill) = command else { continue }
            var opaque = DrawGeometry.opaquePieces(of: fill, width: width, height: height)
            let hole = borderFusion ? CanvasPieces.fusedBorderHole(ofFill: index, in: plan, fills: fills,
                                                                   invisible: { [ranges] in ranges[$0]?.isEmpty == true }) : nil
            if let hole { opaque = opaque.flatMap { i in hole.compactMap { i.intersection($0) } } }
            let interiors = opaque.map { $0.alignedInward(to: DrawGeometry.shadingBlock, inTargetOf: width, height) }
            if hole != nil { shrunkInteriors[index] = interiors }
            OpaqueInstances.appendInteriors(interiors, visible: pieces[start...], color: ShaderValues.color(fill.color),
                                            to: &opaqueInstances)
            interiors.forEach { Self.cover($0, in: &pass) }
        }
        hiddenPixels = pass.hiddenPixels
        visiblePixels = pass.visiblePixels
    }

    /// Covers a piece's pixels in the pass.
    private static func cover(_ q: QuadPiece, in pass: inout VisibilityPass) {
        guard !q.isEmpty else { return }
        pass.cover(rows: q.y0..<q.y1, columns: q.x0..<q.x1)
    }

    /// For a fill that a shadow–fill draw will likely paint together with its border (`ShadowedFill.border`), the pixels of the border's hole (where it has coverage 0): the opaque pass paints
    /// the fill's interior only there, so the border's ring stays in the shadow's visible pieces. Nil
    /// otherwise (covering less than the whole interior is always exact, only slower when nothing fuses).
    static func fusedBorderHole(ofFill index: Int, in plan: RenderPlan, fills: ShadowedFills,
                                invisible: (Int) -> Bool) -> [QuadPiece]? {
        guard let parts = fills.byFill[index], case .fill(let fill) = plan.commands[index],
              case .roundedRectShadow(let shadow) = plan.commands[parts.shadow], FusionRules.mayFuse(shadow, with: fill),
              let partner = parts.border(in: plan.commands, invisible: invisible) else { return nil }
        return partner.border.inner.fullCoverage(transform: partner.border.transform).map { QuadPiece(pixelCentersIn: $0) }
    }

    /// The pieces command `index` draws; nil when it is not culled.
    func pieces(of index: Int) -> ArraySlice<QuadPiece>? {
        guard ranges.indices.contains(index), let r = ranges[index] else { return nil }
        return pieces[r]
    }

    /// The pixels a canvas-level command's quad may touch; nil when it draws nothing.
    static func area(of command: DrawCommand, offscreens: [Offscreen] = [], width: Int, height: Int) -> QuadPiece? {
        guard let bounds = command.bounds(offscreens: offscreens), let clip = command.clip else { return nil }
        let limit = Double(max(width, height)) + 2
        guard [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].allSatisfy({ $0.isFinite }) else { return nil }
        let clamped = Rect(minX: max(bounds.minX, -limit), minY: max(bounds.minY, -limit),
                           maxX: min(bounds.maxX, limit), maxY: min(bounds.maxY, limit))
        let area = DrawGeometry.pixelArea(of: clamped, clip: clip, width: width, height: height)
        return area.isEmpty ? nil : area
    }
}
