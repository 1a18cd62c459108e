import Testing
@testable import Lamina

/// The one visibility pass of both backends, against a model that keeps one Bool per pixel.
@Suite struct VisibilityPassTests {
    /// A random draw list walked back to front over regions that start anywhere (not on a word edge) and
    /// spill past the items: each item's visible pixels, read as row spans (`reveal`) and as rectangles
    /// (`revealRectangles`, on a twin pass given the same covers), are exactly the model's uncovered pixels
    /// of its area inside the region; hidden and visible counts add up.
    @Test(arguments: [(0..<40, 0..<130), (7..<33, 5..<71), (3..<4, 60..<200), (0..<90, 64..<128)])
    func visiblePixelsMatchAModel(rows region: Range<Int>, columns: Range<Int>) {
        var rng = SplitMix64(seed: UInt64(region.lowerBound * 1000 + columns.lowerBound))
        var outcomes: Set<String> = []
        for _ in 0..<60 {
            var pass = VisibilityPass(rows: region, columns: columns), twin = pass
            var covered: Set<[Int]> = []
            var expectedHidden = 0, expectedVisible = 0
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                let y0 = Int.random(in: -5..<95, using: &rng), x0 = Int.random(in: -5..<210, using: &rng)
                let ys = y0..<(y0 + Int.random(in: 0...40, using: &rng)), xs = x0..<(x0 + Int.random(in: 0...90, using: &rng))
                let area = pass.reveal(rows: ys, columns: xs)
                var model: Set<[Int]> = [], inside = 0
                for y in ys.clamped(to: region) {
                    for x in xs.clamped(to: columns) {
                        inside += 1
                        if !covered.contains([x, y]) { model.insert([x, y]) }
                    }
                }
                expectedVisible += model.count
                expectedHidden += inside - model.count
                var spans: Set<[Int]> = [], rects: Set<[Int]> = [], rectPixels = 0
                pass.withSpans(of: area) { v in
                    for y in ys.clamped(to: region) {
                        v.forEach(row: y, in: xs.clamped(to: columns)) { s in s.forEach { spans.insert([$0, y]) } }
                    }
                }
                let anyShown = twin.revealRectangles(rows: ys, columns: xs) { r, c in
                    for y in r { for x in c { rects.insert([x, y]); rectPixels += 1 } }
                }
                #expect(anyShown == !model.isEmpty)
                #expect(spans == model && rects == model && rectPixels == model.count)
                switch area {
                case .hidden: #expect(model.isEmpty); outcomes.insert("hidden")
                case .all: #expect(model.count == inside); outcomes.insert("all")
                case .partial: #expect(!model.isEmpty && model.count < inside); outcomes.insert("partial")
                }
                guard Bool.random(using: &rng) else { continue }
                let inset = Int.random(in: 0...6, using: &rng)
                let solid = { (y: Int) in (xs.lowerBound + inset + (y & 1))..<max(xs.lowerBound + inset + (y & 1), xs.upperBound - inset) }
                pass.cover(rows: ys, solid)
                twin.cover(rows: ys, solid)
                for y in ys.clamped(to: region) {
                    for x in solid(y).clamped(to: columns) { covered.insert([x, y]) }
                }
            }
            #expect(pass.hiddenPixels == expectedHidden && pass.visiblePixels == expectedVisible)
            #expect(twin.hiddenPixels == expectedHidden && twin.visiblePixels == expectedVisible)
        }
        #expect(outcomes.count == 3, "\(outcomes)")
    }

    /// Rows with the same visible spans become one rectangle per span: an area with a covered hole in its
    /// middle rows gives the band above, two strips beside the hole and the band below.
    @Test func runsOfEqualRowsMerge() {
        var pass = VisibilityPass(rows: 0..<20, columns: 0..<20)
        pass.cover(rows: 5..<10, columns: 4..<8)
        var rects: [[Int]] = []
        pass.revealRectangles(rows: 0..<20, columns: 0..<20) { r, c in
            rects.append([c.lowerBound, r.lowerBound, c.upperBound, r.upperBound])
        }
        #expect(rects == [[0, 0, 20, 5], [0, 5, 4, 10], [8, 5, 20, 10], [0, 10, 20, 20]])
    }

    /// `showsAny` and `uncoveredBox` (what `CoverMap` asks at its grain), on regions that start anywhere: the box
    /// is exactly the hull of the model's uncovered pixels of the area inside the region, and asking counts nothing.
    @Test(arguments: [(7..<33, 5..<71), (0..<40, 64..<200)])
    func queriesMatchAModel(rows region: Range<Int>, columns: Range<Int>) {
        var rng = SplitMix64(seed: UInt64(region.lowerBound * 31 + columns.lowerBound))
        for _ in 0..<80 {
            var pass = VisibilityPass(rows: region, columns: columns)
            var covered: Set<[Int]> = []
            for _ in 0..<Int.random(in: 0...8, using: &rng) {
                let y0 = Int.random(in: -5..<45, using: &rng), x0 = Int.random(in: 0..<210, using: &rng)
                let ys = y0..<(y0 + Int.random(in: 0...30, using: &rng)), xs = x0..<(x0 + Int.random(in: 0...80, using: &rng))
                pass.cover(rows: ys, columns: xs)
                for y in ys { for x in xs { covered.insert([x, y]) } }
            }
            let y0 = Int.random(in: -5..<45, using: &rng), x0 = Int.random(in: 0..<210, using: &rng)
            let ys = y0..<(y0 + Int.random(in: 0...30, using: &rng)), xs = x0..<(x0 + Int.random(in: 0...80, using: &rng))
            var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
            for y in ys.clamped(to: region) {
                for x in xs.clamped(to: columns) where !covered.contains([x, y]) {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            let box = pass.uncoveredBox(rows: ys, columns: xs)
            if minX == Int.max {
                #expect(box == nil)
                #expect(!pass.showsAny(rows: ys, columns: xs))
            } else {
                #expect(box?.rows == minY..<(maxY + 1) && box?.columns == minX..<(maxX + 1), "\(String(describing: box))")
                #expect(pass.showsAny(rows: ys, columns: xs))
            }
            #expect(pass.hiddenPixels == 0 && pass.visiblePixels == 0)
        }
    }
}
