import Lamina

/// Exact cross-command occlusion of a plan's canvas-level draws, found on the CPU before drawing.
///
/// The canvas-level commands are walked from the last to the first over a one-bit-per-pixel map of
/// the pixels that later opaque fills replace with their color (`DrawGeometry.opaquePieces(of:width:height:)`)
/// and later opaque images with their samples (`DrawCommand.opaqueCover(images:)`).
/// A command's visible pieces are the uncovered pixels of the area its quad may touch
/// (`DrawGeometry.pixelArea`), as rectangles (runs of rows with the same uncovered spans); then an
/// opaque fill's interior, shrunk to shading blocks, is covered. Each such interior's own visible pixels
/// go to the opaque pass, which paints them with the fill's color before any other draw: no later draw
/// of an earlier command touches them and no draw of a later one misses them, so the image is
/// bit-identical to drawing every command whole, while the rasterizer never sees a hidden pixel (unlike
/// the depth test). The fill draws the rest of itself, its rim, over the pixels that earlier commands
/// also cover, which is what lets a shadow's draw take its fill along (`drawFused`).
struct CanvasVisibility {
    /// Per command: the range of `pieces` it draws, or nil when it is not culled (inside an offscreen).
    private var ranges: [Range<Int>?]
    private(set) var pieces: [QuadPiece] = []
    /// Opaque-pass instances: pixel bounds (x0, y0, x1, y1), depth 0, color (r, g, b, a).
    private(set) var opaqueInstances: [Float] = []
    /// Pixels of the commands' areas that are hidden, and those drawn (opaque interiors included).
    private(set) var hiddenPixels = 0
    private(set) var visiblePixels = 0
    /// What the opaque pass paints of a fill's interior (shrunk to shading blocks), by fill, where that
    /// is only the part inside its border's hole (`fusedBorderHole`).
    private(set) var shrunkInteriors: [Int: [QuadPiece]] = [:]

    private let width: Int, height: Int, words: Int
    private var covered: [UInt64]
    private var row: [Int32] = [], previous: [Int32] = []

    /// With `borderFusion`, fills that a shadow–fill draw will likely paint with their border keep their
    /// border's ring out of the opaque pass (`fusedBorderHole`).
    init(_ plan: RenderPlan, width: Int, height: Int, borderFusion: Bool = false, parts: LayerParts? = nil) {
        let parts = parts ?? (borderFusion ? LayerParts(plan) : .empty)
        self.width = width
        self.height = height
        words = CoverageBits.words(forWidth: width)
        covered = [UInt64](repeating: 0, count: words * height)
        ranges = Array(repeating: nil, count: plan.commands.count)
        for index in DrawGeometry.canvasLevelIndices(of: plan).reversed() {
            let command = plan.commands[index]
            guard let area = CanvasVisibility.area(of: command, offscreens: plan.offscreens, width: width, height: height) else {
                ranges[index] = 0..<0
                continue
            }
            ranges[index] = appendVisible(area)
            if case .image = command {
                coverOpaqueImage(command, images: plan.images)
                continue
            }
            guard case .fill(let fill) = command else { continue }
            let c = ShaderValues.color(fill.color)
            var interiors = DrawGeometry.opaquePieces(of: fill, width: width, height: height)
            if borderFusion, let inner = CanvasVisibility.fusedBorderHole(ofFill: index, in: plan, parts: parts, invisible: { [ranges] in ranges[$0]?.isEmpty == true }) {
                interiors = interiors.flatMap { i in inner.compactMap { i.intersection($0) } }
                shrunkInteriors[index] = interiors.map { $0.alignedInward(to: DrawGeometry.shadingBlock, inTargetOf: width, height) }
            }
            var painted: [QuadPiece] = []
            for interior in interiors {
                let shown = appendVisible(interior.alignedInward(to: DrawGeometry.shadingBlock, inTargetOf: width, height))
                var parts = Array(pieces[shown])
                pieces.removeSubrange(shown)
                for p in painted { parts = parts.flatMap { $0.subtracting(p) } }
                for q in parts { OpaqueInstances.appendOpaqueInstance(q, depth: 0, color: c, to: &opaqueInstances) }
                painted.append(interior.alignedInward(to: DrawGeometry.shadingBlock, inTargetOf: width, height))
            }
            interiors.forEach { cover($0.alignedInward(to: DrawGeometry.shadingBlock, inTargetOf: width, height)) }
        }
    }

    /// For a fill that a shadow–fill draw will likely paint together with its border (`GLESBackend
    /// .borderPartner`), the pixels of the border's hole (where it has coverage 0): the opaque pass paints
    /// the fill's interior only there, so the border's ring stays in the shadow's visible pieces. Nil
    /// otherwise (covering less than the whole interior is always exact, only slower when nothing fuses).
    static func fusedBorderHole(ofFill index: Int, in plan: RenderPlan, parts: LayerParts,
                                invisible: (Int) -> Bool) -> [QuadPiece]? {
        guard index > 0, parts.layerFilledAfterShadow(at: index - 1) != nil, case .fill(let fill) = plan.commands[index],
              case .roundedRectShadow(let shadow) = plan.commands[index - 1], FusionRules.mayFuse(shadow, with: fill),
              let partner = FusionRules.borderPartner(ofFill: index, in: plan, parts: parts, invisible: invisible) else { return nil }
        return DrawGeometry.fullCoverage(of: partner.border.inner, transform: partner.border.transform).map { QuadPiece(pixelCentersIn: $0) }
    }

    /// The pieces command `index` draws; nil when it is not culled.
    func pieces(of index: Int) -> ArraySlice<QuadPiece>? {
        guard ranges.indices.contains(index), let r = ranges[index] else { return nil }
        return pieces[r]
    }

    /// The pixels a canvas-level command's quad may touch; nil when it draws nothing.
    static func area(of command: DrawCommand, offscreens: [Offscreen] = [], width: Int, height: Int) -> QuadPiece? {
        let bounds: Rect, clip: Clip
        switch command {
        case .fill(let f) where f.transform.inverted != nil:
            (bounds, clip) = (DrawGeometry.coverageBounds(of: f.shape.rect, transform: f.transform), f.clip)
        case .border(let b) where b.transform.inverted != nil:
            (bounds, clip) = (DrawGeometry.coverageBounds(of: b.outer.rect, transform: b.transform), b.clip)
        case .image(let i) where i.transform.inverted != nil:
            (bounds, clip) = (DrawGeometry.coverageBounds(of: i.destination, transform: i.transform), i.clip)
        case .roundedRectShadow(let s) where s.transform.inverted != nil:
            (bounds, clip) = (DrawGeometry.bounds(of: s), s.clip)
        case .blurredShadow(let s):
            (bounds, clip) = (DrawGeometry.bounds(of: s, offscreens: offscreens), s.clip)
        case .maskFill(let m):
            (bounds, clip) = (Rect(Double(m.origin.x), Double(m.origin.y), Double(m.mask.width), Double(m.mask.height)), m.clip)
        default:
            return nil
        }
        let limit = Double(max(width, height)) + 2
        guard [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].allSatisfy({ $0.isFinite }) else { return nil }
        let clamped = Rect(minX: max(bounds.minX, -limit), minY: max(bounds.minY, -limit),
                           maxX: min(bounds.maxX, limit), maxY: min(bounds.maxY, limit))
        let area = DrawGeometry.pixelArea(of: clamped, clip: clip, width: width, height: height)
        return area.isEmpty ? nil : area
    }

    /// Appends the uncovered pixels of `area` as pieces; returns their range.
    private mutating func appendVisible(_ area: QuadPiece) -> Range<Int> {
        let start = pieces.count
        guard !area.isEmpty else { return start..<start }
        var runStart = area.y0
        previous.removeAll(keepingCapacity: true)
        covered.withUnsafeBufferPointer { map in
            for y in area.y0..<area.y1 {
                let line = map.baseAddress! + y * words
                if y > area.y0 && CoverageBits.sameBits(line, line - words, in: area.x0..<area.x1) { continue }
                row.removeAll(keepingCapacity: true)
                CoverageBits.forEachClearSpan(in: line, from: area.x0, to: area.x1) { lo, hi in
                    row.append(Int32(lo))
                    row.append(Int32(hi))
                }
                if y > area.y0 && row == previous { continue }
                closeRun(from: runStart, to: y)
                swap(&row, &previous)
                runStart = y
            }
        }
        closeRun(from: runStart, to: area.y1)
        let drawn = pieces[start...].reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }
        visiblePixels += drawn
        hiddenPixels += (area.x1 - area.x0) * (area.y1 - area.y0) - drawn
        return start..<pieces.count
    }

    private mutating func closeRun(from y0: Int, to y1: Int) {
        guard y1 > y0 else { return }
        for i in stride(from: 0, to: previous.count, by: 2) {
            pieces.append(QuadPiece(x0: Int(previous[i]), y0: y0, x1: Int(previous[i + 1]), y1: y1))
        }
    }

    /// Covers the interior of an unmasked draw of an opaque image at opacity 1 (`DrawCommand.opaqueCover(images:)`),
    /// shrunk to shading blocks: the draw stores its samples there (alpha 1), so nothing earlier shows. It draws
    /// those pixels itself; nothing goes to the opaque pass.
    private mutating func coverOpaqueImage(_ command: DrawCommand, images: [Image]) {
        let canvas = QuadPiece(x0: 0, y0: 0, x1: width, y1: height)
        command.forEachOpaqueCover(images: images) { r in
            guard let q = QuadPiece(x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height).intersection(canvas) else { return }
            cover(q.alignedInward(to: DrawGeometry.shadingBlock, inTargetOf: width, height))
        }
    }

    /// Marks a piece's pixels covered.
    private mutating func cover(_ q: QuadPiece) {
        guard !q.isEmpty else { return }
        let words = words
        covered.withUnsafeMutableBufferPointer { map in
            for y in q.y0..<q.y1 { CoverageBits.cover(q.x0..<q.x1, in: map.baseAddress! + y * words) }
        }
    }
}
