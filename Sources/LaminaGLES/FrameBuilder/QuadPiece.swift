import Lamina

/// A rectangle of whole target pixels [x0, x1) × [y0, y1) that one quad (or one instance) covers.
struct QuadPiece: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    /// The pixels whose centers lie in `rect` (target pixels).
    init(pixelCentersIn rect: Rect) {
        x0 = Int(saturating: (rect.minX - 0.5).rounded(.up)); x1 = Int(saturating: (rect.maxX - 0.5).rounded(.down)) + 1
        y0 = Int(saturating: (rect.minY - 0.5).rounded(.up)); y1 = Int(saturating: (rect.maxY - 0.5).rounded(.down)) + 1
    }

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// The pixels in both pieces; nil when there are none.
    func intersection(_ other: QuadPiece) -> QuadPiece? {
        let q = QuadPiece(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        return q.isEmpty ? nil : q
    }

    /// The smallest piece holding both.
    func union(_ other: QuadPiece) -> QuadPiece {
        QuadPiece(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// The largest piece inside this one whose edges lie on multiples of `block` pixels (llvmpipe shades
    /// whole 4 × 4 blocks, so a hole that ends mid-block leaves the draw beside it shading the block anyway).
    func alignedInward(to block: Int) -> QuadPiece {
        func up(_ v: Int) -> Int { (v + block - 1).floorDivided(by: block) * block }
        func down(_ v: Int) -> Int { v.floorDivided(by: block) * block }
        return QuadPiece(x0: up(x0), y0: up(y0), x1: down(x1), y1: down(y1))
    }

    /// `alignedInward(to:)` for a piece already cut to a target of `width` × `height`: an edge on the
    /// target's right or bottom border stays there (no block lies beyond it), so the piece covers what
    /// the uncut piece aligned and then cut to the target covers, as a draw skipping the uncut piece
    /// aligned as its hole (`DrawGeometry.quadPieces`) expects.
    func alignedInward(to block: Int, inTargetOf width: Int, _ height: Int) -> QuadPiece {
        var q = alignedInward(to: block)
        if x1 >= width { q.x1 = x1 }
        if y1 >= height { q.y1 = y1 }
        return q
    }

    /// This piece minus `hole`, as up to four disjoint pieces (bands above and below, strips beside).
    func subtracting(_ hole: QuadPiece) -> [QuadPiece] {
        let hx0 = max(x0, hole.x0), hx1 = min(x1, hole.x1), hy0 = max(y0, hole.y0), hy1 = min(y1, hole.y1)
        guard hx1 > hx0, hy1 > hy0 else { return [self] }
        return [QuadPiece(x0: x0, y0: y0, x1: x1, y1: hy0), QuadPiece(x0: x0, y0: hy1, x1: x1, y1: y1),
                QuadPiece(x0: x0, y0: hy0, x1: hx0, y1: hy1), QuadPiece(x0: hx1, y0: hy0, x1: x1, y1: hy1)]
            .filter { !$0.isEmpty }
    }
}

extension Int {
    /// ⌊self / divisor⌋ for a positive divisor.
    func floorDivided(by divisor: Int) -> Int {
        self >= 0 ? self / divisor : -((-self + divisor - 1) / divisor)
    }
}
