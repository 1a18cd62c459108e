import Testing
@testable import Lamina

/// Hit testing and conversion between layers (`Layer.hitTest(_:)`, `LiveLayer.hitTest(_:atTime:)`,
/// `convert`), against points computed by hand.
@Suite struct HitTestTests {
    static func layer(_ frame: Rect, _ configure: (inout Layer) -> Void = { _ in }) -> Layer {
        var l = Layer()
        l.setFrame(frame)
        configure(&l)
        return l
    }

    /// Root 400×400 (its bounds space is the canvas). Sublayer 0 "a": bounds (10, 20, 100, 50), anchor (0, 0)
    /// at (100, 100), scaled 2 then turned 90° — a point (x, y) of it is at (100 − 2(y − 20), 100 + 2(x − 10)).
    /// Its sublayer "b": bounds (−5, −5, 20, 10), anchor (1, 1) (the point (15, 5)) at (30, 40), scaled (1, 3).
    static var turned: Layer {
        var b = Layer(name: "b")
        b.bounds = Rect(-5, -5, 20, 10)
        b.anchorPoint = Point(1, 1)
        b.position = Point(30, 40)
        b.affineTransform = .scale(1, 3)
        var a = Layer(name: "a")
        a.bounds = Rect(10, 20, 100, 50)
        a.anchorPoint = Point(0, 0)
        a.position = Point(100, 100)
        a.affineTransform = AffineTransform.scale(2, 2).concatenating(.rotation(.pi / 2))
        a.sublayers = [b]
        return layer(Rect(0, 0, 400, 400)) { $0.sublayers = [a] }
    }

    static func close(_ p: Point?, _ q: Point, within e: Double = 1e-9) -> Bool {
        guard let p else { return false }
        return abs(p.x - q.x) <= e && abs(p.y - q.y) <= e
    }

    @Test func convertThroughTransformsAnchorAndBoundsOrigin() throws {
        let root = Self.turned
        // a's (60, 45): minus the anchor (10, 20) → (50, 25), ×2 → (100, 50), turned → (−50, 100), + (100, 100).
        #expect(Self.close(root.convert(Point(60, 45), from: [0], to: []), Point(50, 200)))
        // b's (0, 0): − (15, 5) → (−15, −5), ×(1, 3) → (−15, −15), + (30, 40) → a's (15, 25) → root (90, 110).
        #expect(Self.close(root.convert(Point(0, 0), from: [0, 0], to: [0]), Point(15, 25)))
        #expect(Self.close(root.convert(Point(0, 0), from: [0, 0], to: []), Point(90, 110)))
        for p in [Point(0, 0), Point(-3.25, 7.5), Point(1e3, -2e2)] {
            let there = try #require(root.convert(p, from: [0, 0], to: []))
            #expect(Self.close(root.convert(there, from: [], to: [0, 0]), p))
            let inA = try #require(root.convert(p, from: [], to: [0]))
            #expect(Self.close(root.convert(inA, from: [0], to: []), p))
        }
        let box = try #require(root.convert(Rect(10, 20, 100, 50), from: [0], to: []))
        #expect(Self.close(box.origin, Point(0, 100)) && abs(box.width - 100) < 1e-9 && abs(box.height - 200) < 1e-9)
        #expect(root.convert(Point(0, 0), from: [3], to: []) == nil)
    }

    @Test func hitTestFindsTheDeepestLayerThroughTransforms() {
        let root = Self.turned
        #expect(root.hitTest(Point(90, 110)) == [0, 0])
        #expect(root.hitTest(Point(50, 200)) == [0])
        #expect(root.hitTest(Point(300, 300)) == [])
        #expect(root.hitTest(Point(-1, 5)) == nil)
        // Just past a's far edge x = 110 (the canvas y = 100 + 2 × 100 = 300): the root, not a.
        #expect(root.hitTest(Point(50, 300.5)) == [])
        #expect(root.hitTest(Point(50, 299.5)) == [0])
    }

    @Test func liveTreeConvertsAndHitsAsTheValues() throws {
        let tree = LayerTree(scene: Scene(width: 400, height: 400, root: Self.turned))
        let a = tree.root.sublayers[0], b = a.sublayers[0]
        #expect(tree.hitTest(Point(90, 110)) === b)
        #expect(tree.hitTest(Point(50, 200)) === a)
        #expect(Self.close(b.convert(Point(0, 0), to: nil), Point(90, 110)))
        #expect(Self.close(b.convert(Point(0, 0), to: a), Point(15, 25)))
        #expect(Self.close(a.convert(Point(0, 0), from: b), Point(15, 25)))
        let back = try #require(b.convert(Point(-3.25, 7.5), to: tree.root))
        #expect(Self.close(b.convert(back, from: tree.root), Point(-3.25, 7.5)))
        #expect(b.convert(Point(0, 0), to: LiveLayer()) == nil)
        #expect(b.contains(Point(14, 4)) && !b.contains(Point(15, 0)))
    }

    /// A clipping layer at (275…325)² with a sublayer reaching past it to x = 375.
    static func clipped(_ clips: Bool) -> Layer {
        let overflow = layer(Rect(25, -25, 100, 100)) { $0.backgroundColor = .white }
        let clip = layer(Rect(275, 275, 50, 50)) { $0.masksToBounds = clips; $0.cornerRadius = 10; $0.sublayers = [overflow] }
        return layer(Rect(0, 0, 400, 400)) { $0.sublayers = [clip] }
    }

    @Test func masksToBoundsClipsHitsOfAnOverflowingSublayer() {
        #expect(Self.clipped(false).hitTest(Point(340, 300)) == [0, 0])
        #expect(Self.clipped(true).hitTest(Point(340, 300)) == [])
        #expect(Self.clipped(true).hitTest(Point(320, 300)) == [0, 0])
        // In the clip's bounds but in its rounded-off corner: neither the clip nor its sublayer.
        #expect(Self.clipped(true).hitTest(Point(323.5, 276.5)) == [])
        #expect(Self.clipped(false).hitTest(Point(323.5, 276.5)) == [0, 0])
    }

    @Test func roundedCornersMiss() {
        let round = Self.layer(Rect(0, 0, 100, 100)) { $0.cornerRadius = 40 }
        #expect(!round.contains(Point(3, 3)))
        #expect(!round.contains(Point(1, 30)))  // 40.3 from the corner's center (40, 40)
        #expect(round.contains(Point(12, 12)))  // 39.6 from it
        #expect(round.contains(Point(50, 0)) && !round.contains(Point(50, 100)) && !round.contains(Point(100, 50)))
        var some = round
        some.maskedCorners = [.maxXMaxY]
        #expect(some.contains(Point(3, 3)) && !some.contains(Point(97, 97)))
        // 200 × 200, so that the continuous corner (1.53 r along each edge) fits. At 1 r from the corner along
        // the edge the circular corner has just begun (x 0.2 is in it) while the continuous curve is 0.37 in.
        var circular = Self.layer(Rect(0, 0, 200, 200)) { $0.cornerRadius = 40 }
        #expect(circular.contains(Point(0.2, 40)))
        circular.cornerCurve = .continuous
        #expect(!circular.contains(Point(0.2, 40)) && circular.contains(Point(0.6, 40)))
        #expect(!circular.contains(Point(3, 3)) && circular.contains(Point(100, 100)))
        #expect(round.hitTest(Point(3, 3)) == nil)
    }

    @Test func hiddenLayersAreSkippedAndTransparentOnesHit() {
        let back = Self.layer(Rect(0, 0, 50, 50))
        let front = Self.layer(Rect(0, 0, 50, 50)) { $0.isHidden = true; $0.sublayers = [Self.layer(Rect(0, 0, 10, 10))] }
        #expect(Self.layer(Rect(0, 0, 100, 100)) { $0.sublayers = [back, front] }.hitTest(Point(5, 5)) == [0])
        var clear = front
        clear.isHidden = false
        clear.opacity = 0
        #expect(Self.layer(Rect(0, 0, 100, 100)) { $0.sublayers = [back, clear] }.hitTest(Point(5, 5)) == [1, 0])
        #expect(Self.layer(Rect(0, 0, 100, 100)) { $0.isHidden = true }.hitTest(Point(5, 5)) == nil)
    }

    @Test func frontMostFirstByZPositionThenArrayOrder() {
        let raised = Self.layer(Rect(0, 0, 50, 50)) { $0.zPosition = 1 }
        let flat = Self.layer(Rect(0, 0, 50, 50))
        #expect(Self.layer(Rect(0, 0, 100, 100)) { $0.sublayers = [raised, flat] }.hitTest(Point(5, 5)) == [0])
        #expect(Self.layer(Rect(0, 0, 100, 100)) { $0.sublayers = [flat, flat, raised, flat] }.hitTest(Point(5, 5)) == [2])
        #expect(Self.layer(Rect(0, 0, 100, 100)) { $0.sublayers = [flat, flat] }.hitTest(Point(5, 5)) == [1])
        // zPosition orders siblings only: a raised layer under a lower one's sibling stays behind it.
        let holder = Self.layer(Rect(0, 0, 50, 50)) { $0.sublayers = [Self.layer(Rect(0, 0, 50, 50)) { $0.zPosition = 9 }] }
        #expect(Self.layer(Rect(0, 0, 100, 100)) { $0.sublayers = [holder, flat] }.hitTest(Point(5, 5)) == [1])
        // Past `SublayerIndex.minimumCount` sublayers the kept drawing order is used: the same answer.
        let many = (0..<40).map { i in Self.layer(Rect(0, 0, 50, 50)) { $0.zPosition = Double((i * 17) % 40) } }
        #expect(Self.layer(Rect(0, 0, 100, 100)) { $0.sublayers = many }.hitTest(Point(5, 5)) == [many.indices.max { many[$0].zPosition < many[$1].zPosition }!])
        #expect(Self.layer(Rect(0, 0, 100, 100)) { $0.sublayers = Array(repeating: flat, count: 40) }.hitTest(Point(5, 5)) == [39])
    }

    @Test func presentationHitTestFollowsAnAnimatedPosition() throws {
        let tree = LayerTree(scene: Scene(width: 400, height: 100, root: Self.layer(Rect(0, 0, 400, 100))))
        let card = LiveLayer()
        card.setFrame(Rect(40, 40, 20, 20))
        tree.root.addSublayer(card)
        try card.add(Animation(keyPath: .position, from: .point(Point(50, 50)), to: .point(Point(250, 50)), duration: 1), forKey: "move")
        #expect(tree.hitTest(Point(150, 50), atTime: 0.5) === card)
        #expect(tree.hitTest(Point(50, 50), atTime: 0.5) === tree.root)
        #expect(tree.hitTest(Point(50, 50)) === card)
        #expect(tree.hitTest(Point(150, 50)) === tree.root)
        #expect(tree.hitTest(Point(249, 50), atTime: 1.5) === tree.root)
        #expect(Self.close(card.convert(Point(10, 10), to: nil, atTime: 0.5), Point(150, 50)))
        #expect(Self.close(card.convert(Point(10, 10), to: nil), Point(50, 50)))
        let values = tree.scene.root.presentation(at: 0.25)
        #expect(values.hitTest(Point(100, 50)) == [0])
    }
}
