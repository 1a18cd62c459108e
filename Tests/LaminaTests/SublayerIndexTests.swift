import Testing
@testable import Lamina

/// The index of a layer's many sublayers answers "which may draw in this box" with every sublayer that
/// does (measured one by one, as the planner and damage do without it), in drawing order; an index carried
/// to a changed list of sublayers answers as one made afresh.
@Suite("Where many sublayers draw (SublayerIndex)")
struct SublayerIndexTests {
    /// Sublayers of every kind the index must place or set aside: plain, rotated, scaled, shadowed, hidden,
    /// transparent, empty, reordered by zPosition, and one with a subtree too large to measure whole.
    static func sublayers(_ count: Int, seed: UInt64) -> [Layer] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { i in
            var l = Layer()
            l.setFrame(Rect(Double.random(in: -50...900, using: &rng), Double.random(in: -50...600, using: &rng),
                            Double.random(in: 0...120, using: &rng), Double.random(in: 0...90, using: &rng)))
            l.backgroundColor = Color(red: 0.5, green: 0.2, blue: 0.1, alpha: i % 11 == 0 ? 0 : 1)
            if i % 5 == 0 { l.affineTransform = .rotation(Double.random(in: 0...3, using: &rng)) }
            if i % 7 == 0 { l.affineTransform = .scale(Double.random(in: 0.2...3, using: &rng), 1.5) }
            if i % 3 == 0 { l.shadowOpacity = 0.5; l.shadowRadius = Double.random(in: 0...20, using: &rng) }
            if i % 13 == 0 { l.isHidden = true }
            if i % 17 == 0 { l.opacity = 0 }
            if i % 4 == 0 { l.zPosition = Double(Int.random(in: -2...2, using: &rng)) }
            if i == 9 { l.sublayers = (0..<300).map { _ in Layer() } }
            return l
        }
    }

    /// The drawing positions whose sublayer's box (measured alone) meets `q`.
    static func bruteForce(_ sublayers: [Layer], meeting q: Rect) -> Set<Int> {
        let order = RenderPlanner.drawingOrder(sublayers) ?? Array(sublayers.indices)
        var found = Set<Int>()
        for (k, i) in order.enumerated() {
            guard let local = SceneDamage.localExtent(of: sublayers[i]) else { continue }
            let box = sublayers[i].transformToSuperlayer.boundingBox(of: local)
            if box.minX <= q.maxX && q.minX <= box.maxX && box.minY <= q.maxY && q.minY <= box.maxY { found.insert(k) }
        }
        return found
    }

    static func queries(seed: UInt64) -> [[Rect]] {
        var rng = SplitMix64(seed: seed)
        return (0..<40).map { _ in
            (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                Rect(Double.random(in: -100...1000, using: &rng), Double.random(in: -100...700, using: &rng),
                     Double.random(in: 0...300, using: &rng), Double.random(in: 0...200, using: &rng))
            }
        }
    }

    @Test("every sublayer drawing in a box is found, in drawing order, each once", arguments: [1, 2, 3] as [UInt64])
    func findsEverySublayerThatDraws(_ seed: UInt64) {
        let subs = Self.sublayers(200, seed: seed)
        let index = SublayerIndex(subs)
        #expect(index.order == RenderPlanner.drawingOrder(subs))
        for q in Self.queries(seed: seed + 100) {
            let found = index.positions(meetingAny: q)
            #expect(found == found.sorted() && Set(found).count == found.count)
            let expected = q.reduce(into: Set<Int>()) { $0.formUnion(Self.bruteForce(subs, meeting: $1)) }
            #expect(expected.isSubset(of: Set(found)), "missing \(expected.subtracting(found).sorted())")
            #expect(Set(found).subtracting(expected).allSatisfy { (index.order?[$0] ?? $0) == 9 },
                    "only the sublayer too large to measure is returned without drawing there")
        }
    }

    @Test("an index carried over changed sublayers, found or told, answers as one made afresh", arguments: [4, 5] as [UInt64])
    func carriedIndexEqualsFreshOne(_ seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var subs = Self.sublayers(150, seed: seed)
        var index = SublayerIndex(subs)
        var told = index
        for step in 0..<30 {
            let earlier = subs
            var touched: Set<Int> = []
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: 0..<subs.count, using: &rng)
                touched.insert(i)
                switch step % 4 {
                case 0: subs[i].position = Point(Double.random(in: 0...900, using: &rng), Double.random(in: 0...600, using: &rng))
                case 1: subs[i].isHidden.toggle()
                case 2: subs[i].zPosition = Double(Int.random(in: -3...3, using: &rng))
                default: subs[i].shadowRadius = Double.random(in: 0...40, using: &rng); subs[i].shadowOpacity = 1
                }
            }
            index = index.following(earlier, with: subs)
            told = told.following(earlier, with: subs, replaced: touched.sorted())
            let fresh = SublayerIndex(subs)
            #expect(index.order == fresh.order && told.order == fresh.order)
            for q in Self.queries(seed: seed &+ UInt64(step)) {
                #expect(index.positions(meetingAny: q) == fresh.positions(meetingAny: q), "step \(step)")
                #expect(told.positions(meetingAny: q) == fresh.positions(meetingAny: q), "step \(step), told what changed")
            }
        }
    }

    @Test("a layer keeps its index until it changes, and the next frame's layer takes it over")
    func indexFollowsTheLayer() {
        var root = Layer()
        root.sublayers = Self.sublayers(64, seed: 7)
        let first = root.sublayerIndex
        #expect(root.sublayerIndex === first)
        var next = root
        next.sublayers[3].position = Point(5, 5)
        next.inheritSublayerIndex(from: root)
        #expect(next.sublayerIndex !== first)
        #expect(next.sublayerIndex.positions(meetingAny: [Rect(0, 0, 10, 10)]).contains(next.sublayerIndex.position?[3] ?? 3))
        #expect(root.sublayerIndex === first, "the earlier layer keeps its own")
    }
}
