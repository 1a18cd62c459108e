/// Where a layer's many sublayers draw, in its bounds space (`SublayerGrid`): which of them may draw in a
/// box, found without measuring every one. Kept with the layer while it is unchanged (`Layer.sublayerIndex`)
/// and carried to the next frame's layer (`Layer.inheritSublayerIndex`), so a frame that redraws a small
/// damage over thousands of unchanged sublayers visits the few there.
///
/// A sublayer's box is `SceneDamage.localExtent` (everything its subtree draws, shadows to four σ) mapped by
/// its `transformToSuperlayer`. Sublayers the grid cannot place (a subtree of `RenderPlanner.cullingSubtreeLimit`
/// layers or more, a singular or non-finite placement, a shadow along an SVG path) are returned by every query.
final class SublayerIndex: Sendable {
    /// Layers with fewer sublayers are walked one by one.
    static let minimumCount = 32

    /// Drawing position → index in `sublayers`, and back (nil: the same).
    let order: [Int]?
    let position: [Int]?
    /// What was measured of each sublayer, by index in `sublayers`.
    private let measured: [Measure]
    /// Positions of sublayers returned by every query, ascending.
    private let unplaced: [Int]
    /// Positions whose box changed since the grid was made, tested on each query.
    private let moved: [Int]
    private let grid: SublayerGrid
    /// The union of every placed sublayer's box and bounds (or a box holding it), and the largest shadow
    /// blur among them (radius × the sublayer's scale, in this layer's bounds units): what
    /// `RenderPlanner.checkReach` measures of each, at most.
    let reach: Rect?
    let largestShadowBlur: Double

    /// One sublayer as the index sees it.
    struct Measure: Sendable {
        var z: Double
        /// The box it draws in (nil: nothing), and the box `checkReach` measures (nil: not placed).
        var box: Rect?
        var reach: Rect?
        var shadowBlur = 0.0

        init(_ layer: Layer) {
            z = layer.zPosition
            let t = layer.transformToSuperlayer
            guard t.determinant.isFinite, (1 / t.determinant).isFinite,
                  RenderPlanner.count(layer, limit: RenderPlanner.cullingSubtreeLimit) < RenderPlanner.cullingSubtreeLimit,
                  !Self.castsAlongSVG(layer) else { return }
            let box = SceneDamage.localExtent(of: layer).map { t.boundingBox(of: $0) }
            let bounds = t.boundingBox(of: layer.bounds)
            guard Self.isFinite(bounds), box.map(Self.isFinite) ?? true else { return }
            self.box = box
            reach = box.map { $0.union(bounds) } ?? bounds
            if layer.shadowOpacity > 0 { shadowBlur = layer.shadowRadius * t.meanScale }
        }

        private static func castsAlongSVG(_ layer: Layer) -> Bool {
            guard layer.castsShadow, case .svg? = layer.shadowPath else { return false }
            return true
        }

        private static func isFinite(_ r: Rect) -> Bool {
            r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite
        }
    }

    /// Indexes `sublayers`, measuring each.
    convenience init(_ sublayers: [Layer]) {
        self.init(measured: sublayers.map(Measure.init))
    }

    private init(measured: [Measure]) {
        self.measured = measured
        var sorted = true
        for i in measured.indices.dropFirst() where measured[i].z < measured[i - 1].z { sorted = false; break }
        let order: [Int]? = sorted ? nil : measured.indices.sorted { measured[$0].z != measured[$1].z ? measured[$0].z < measured[$1].z : $0 < $1 }
        self.order = order
        position = order.map { o in
            var p = [Int](repeating: 0, count: o.count)
            for (k, i) in o.enumerated() { p[i] = k }
            return p
        }
        var unplaced: [Int] = []
        var reach: Rect?, blur = 0.0
        for k in measured.indices {
            let m = measured[order?[k] ?? k]
            guard let r = m.reach else { unplaced.append(k); continue }
            reach = reach.map { $0.union(r) } ?? r
            blur = max(blur, m.shadowBlur)
        }
        self.unplaced = unplaced
        self.reach = reach
        largestShadowBlur = blur
        moved = []
        grid = SublayerGrid(count: measured.count) { measured[order?[$0] ?? $0].box }
    }

    private init(_ base: SublayerIndex, measured: [Measure], moved: [Int], reach: Rect?, blur: Double) {
        order = base.order
        position = base.position
        unplaced = base.unplaced
        grid = base.grid
        self.measured = measured
        self.moved = moved
        self.reach = reach
        largestShadowBlur = blur
    }

    /// The index of `sublayers`, which replaced `earlier` (this index's list): only the sublayers not kept
    /// from it (the same value at the same place) are measured again. The grid is kept while the changed
    /// ones keep their drawing order and stay placed, and few have moved since it was made. `replaced`, when
    /// the caller knows it, lists every index where `sublayers` differs from `earlier` (ascending), so they are
    /// not compared one by one.
    func following(_ earlier: [Layer], with sublayers: [Layer], replaced: [Int]? = nil) -> SublayerIndex {
        guard earlier.count == sublayers.count else { return SublayerIndex(sublayers) }
        let changed = replaced ?? sublayers.indices.filter { !sublayers[$0].sharesStorage(with: earlier[$0]) }
        guard !changed.isEmpty else { return self }
        var next = measured
        var reach = reach, blur = largestShadowBlur, keepsGrid = true
        for i in changed {
            let m = Measure(sublayers[i])
            keepsGrid = keepsGrid && m.z == next[i].z && (m.reach == nil) == (next[i].reach == nil)
            next[i] = m
            if let r = m.reach { reach = reach.map { $0.union(r) } ?? r }
            blur = max(blur, m.shadowBlur)
        }
        let moved = Array(Set(self.moved + changed.map { position?[$0] ?? $0 })).sorted()
        guard keepsGrid, moved.count <= max(64, measured.count / 32) else { return SublayerIndex(measured: next) }
        return SublayerIndex(self, measured: next, moved: moved, reach: reach, blur: blur)
    }

    /// The box sublayer at drawing position `k` draws in, in this layer's bounds space.
    func box(at k: Int) -> Rect? { measured[order?[k] ?? k].box }

    /// The drawing positions of the sublayers whose box meets one of `queries` (boxes in the layer's
    /// bounds space; edges touching count), with every unplaced one, ascending and each once.
    func positions(meetingAny queries: [Rect]) -> [Int] {
        var found = unplaced
        for q in queries {
            guard q.width.isFinite, q.height.isFinite else { return Array(measured.indices) }
            grid.collect(meeting: q, box: box(at:), into: &found)
        }
        for k in moved {
            guard let b = box(at: k) else { continue }
            if queries.contains(where: { SublayerGrid.meets(b, $0) }) { found.append(k) }
        }
        found.sort()
        var unique: [Int] = []
        unique.reserveCapacity(found.count)
        for k in found where unique.last != k { unique.append(k) }
        return unique
    }
}
