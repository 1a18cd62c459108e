extension ImageRasterizer {
    /// Each pixel's weight: opacity × destination coverage × clip coverage; the opacity itself where both
    /// coverages are 1.
    @inline(__always) func weigh(_ piece: Range<Int>, y: Int, s: (outer: Range<Int>, inner: Range<Int>),
                                 c: (outer: Range<Int>, inner: Range<Int>), into cov: UnsafeMutablePointer<Float>) {
        let full = piece.intersect(s.inner).intersect(c.inner)
        guard !full.isEmpty else { return weighEach(piece, y: y, s: s, c: c, into: cov) }
        weighEach(piece.lowerBound..<full.lowerBound, y: y, s: s, c: c, into: cov)
        (cov + full.lowerBound).update(repeating: opacity, count: full.count)
        weighEach(full.upperBound..<piece.upperBound, y: y, s: s, c: c, into: cov)
    }

    /// `weigh` pixel by pixel.
    @inline(never) func weighEach(_ piece: Range<Int>, y: Int, s: (outer: Range<Int>, inner: Range<Int>),
                                  c: (outer: Range<Int>, inner: Range<Int>), into cov: UnsafeMutablePointer<Float>) {
        for x in piece {
            var v = opacity * (s.inner.contains(x) ? 1 : coverage.coverage(x: x, y: y))
            if v > 0 && !c.inner.contains(x) { v *= clip.coverage(x: x, y: y) }
            cov[x] = v
        }
    }
}
