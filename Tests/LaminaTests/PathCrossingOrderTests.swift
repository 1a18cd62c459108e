import Testing
@testable import Lamina

/// Paths whose edges cross a scanline out of x order (a comb listed from right to left made
/// every line an insertion sort of k²): the crossings still come out sorted, the mask is the exact one,
/// and a cancelled render stops inside the mask.
@Suite struct PathCrossingOrderTests {
    static let pitch = 1.25, toothWidth = 0.75, top = 10.0, bar = 20.0, tip = 60.0

    /// A comb of `teeth` teeth 0.75 px wide at a pitch of 1.25 px hanging from a bar (y 10…20) down to
    /// y 60, its points listed from right to left (or, `leftToRight`, the same outline reversed).
    static func comb(teeth: Int, leftToRight: Bool) -> [Point] {
        let right = 10 + Double(teeth) * pitch
        var points = [Point(right, top), Point(right, bar)]
        for i in (0..<teeth).reversed() {
            let x = 10 + Double(i) * pitch
            points += [Point(x + toothWidth, bar), Point(x + toothWidth, tip), Point(x, tip), Point(x, bar)]
        }
        points += [Point(10, bar), Point(10, top)]
        return leftToRight ? points.reversed() : points
    }

    /// The comb's exact coverage of pixel (x, y): its edges lie on quarter pixels and rows, so every
    /// sample line of a row sees the same spans.
    static func expectedAlpha(teeth: Int, x: Int, y: Int) -> UInt8 {
        let row = Double(y), px = Double(x)
        func overlap(_ a: Double, _ b: Double) -> Double { max(0, min(b, px + 1) - max(a, px)) }
        var c = 0.0
        if row >= top && row < bar {
            c = overlap(10, 10 + Double(teeth) * pitch)
        } else if row >= bar && row < tip {
            let first = min(teeth, max(0, Int(((px - 10 - toothWidth) / pitch).rounded(.down))))
            for i in first..<teeth {
                let a = 10 + Double(i) * pitch
                if a >= px + 1 { break }
                c += overlap(a, a + toothWidth)
            }
        }
        return UInt8((min(1, c) * 255).rounded())
    }

    @Test func combListedRightToLeftGivesTheExactMask() {
        let teeth = 1200
        let rect = PixelRect(x: 0, y: 0, width: Int(20 + Double(teeth) * Self.pitch), height: 64)
        let rightToLeft = PathRasterizer.mask(polygons: [Self.comb(teeth: teeth, leftToRight: false)], fillRule: .nonZero, in: rect)
        let leftToRight = PathRasterizer.mask(polygons: [Self.comb(teeth: teeth, leftToRight: true)], fillRule: .nonZero, in: rect)
        #expect(rightToLeft.alpha == leftToRight.alpha)
        var wrong = 0
        for y in 0..<rect.height {
            for x in 0..<rect.width where rightToLeft[x, y] != Self.expectedAlpha(teeth: teeth, x: x, y: y) { wrong += 1 }
        }
        #expect(wrong == 0)
        #expect(rightToLeft[11, 30] == 191 && rightToLeft[12, 30] == 128 && rightToLeft[13, 15] == 255)
    }

    @Test func crossingsComeOutSortedForShuffledEdges() {
        var random = SplitMix64(seed: 44)
        for _ in 0..<20 {
            let polygons = (0..<Int(random.next() % 6 + 1)).map { _ in
                (0..<Int(random.next() % 60 + 3)).map { _ in Point(random.unit() * 80 - 10, random.unit() * 60 - 5) }
            }
            var table = EdgeTable(polygons: polygons, originX: 0, originY: 0)
            var out: [(x: Double, winding: Int)] = []
            for line in 0..<(50 * 16) {
                let y = (Double(line) + 0.5) / 16
                table.crossings(atY: y, into: &out)
                var expected: [Double] = []
                var winding = 0
                for polygon in polygons {
                    for i in polygon.indices {
                        let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                        let (t, b) = p.y < q.y ? (p, q) : (q, p)
                        guard p.y != q.y, t.y <= y, b.y > y else { continue }
                        expected.append(t.x + (y - t.y) * ((b.x - t.x) / (b.y - t.y)))
                        winding += p.y < q.y ? 1 : -1
                    }
                }
                #expect(out.map(\.x) == expected.sorted(), "line \(y)")
                #expect(out.reduce(0) { $0 + $1.winding } == winding)
            }
        }
    }

    @Test func cancelledMaskStops() {
        let cancellation = RenderCancellation()
        cancellation.cancel()
        let rect = PixelRect(x: 0, y: 0, width: 200, height: 64)
        #expect(throws: RenderCancelled.self) {
            try PathRasterizer.mask(polygons: [Self.comb(teeth: 100, leftToRight: false)], fillRule: .nonZero, in: rect,
                                    cancellation: cancellation)
        }
        let path = Path.svg(SVGPath(segments: [.move(Point(0, 0)), .line(Point(50, 0)), .line(Point(0, 50)), .close]), fillRule: .nonZero)
        #expect(throws: RenderCancelled.self) {
            try PathRasterizer.mask(for: path, transform: .identity, in: rect, cancellation: cancellation)
        }
        let live = try? PathRasterizer.mask(for: path, transform: .identity, in: rect, cancellation: RenderCancellation())
        #expect(live?.alpha == PathRasterizer.mask(for: path, transform: .identity, in: rect).alpha)
    }
}
