import Testing
@testable import Lamina

/// Hit testing of layers with many sublayers through their `HitIndex` against a direct walk of every layer
/// written here from the rules (front-most first by zPosition then array order, hidden skipped, clipping by
/// masksToBounds, rounded bounds).
@Suite struct HitIndexTests {
    /// The deepest hit under `layer` at `point` (in its superlayer's space), trying every sublayer.
    static func reference(_ layer: Layer, _ point: Point) -> [Int]? {
        guard !layer.isHidden, let inverse = layer.transformToSuperlayer.inverted else { return nil }
        let local = inverse.apply(point)
        if layer.masksToBounds && !layer.contains(local) { return nil }
        let order = layer.sublayers.indices.sorted {
            layer.sublayers[$0].zPosition != layer.sublayers[$1].zPosition
                ? layer.sublayers[$0].zPosition > layer.sublayers[$1].zPosition : $0 > $1
        }
        for i in order { if let path = reference(layer.sublayers[i], local) { return [i] + path } }
        return layer.contains(local) ? [] : nil
    }

    static func scatteredCards(_ count: Int, seed: UInt64) -> Layer {
        var rng = SplitMix64(seed: seed)
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        var root = Layer()
        root.setFrame(Rect(0, 0, 800, 600))
        for i in 0..<count {
            var card = Layer()
            card.setFrame(Rect(r(-40...780), r(-40...580), r(4...80), r(4...60)))
            card.cornerRadius = r(0...12)
            card.masksToBounds = i % 3 == 0
            card.isHidden = i % 17 == 5
            card.zPosition = Double(i % 4)
            card.affineTransform = i % 5 == 0 ? .rotation(r(-1...1)) : .identity
            if i % 2 == 0 {
                var child = Layer()
                child.setFrame(Rect(r(-30...60), r(-30...50), r(2...50), r(2...50)))
                child.affineTransform = .scale(r(0.5...2), r(0.5...2))
                card.sublayers = [child]
            }
            root.sublayers.append(card)
        }
        return root
    }

    @Test(arguments: [40, 300, 2000]) func theIndexFindsWhatTryingEveryLayerFinds(_ count: Int) {
        let root = Self.scatteredCards(count, seed: UInt64(count))
        var rng = SplitMix64(seed: 7)
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        var hits = 0
        for _ in 0..<1500 {
            let p = Point(r(-50...850), r(-50...650))
            let expected = Self.reference(root, p)
            #expect(root.hitTest(p) == expected, "at \(p)")
            if let e = expected, !e.isEmpty { hits += 1 }
        }
        #expect(hits > 100, "the points hit sublayers \(hits) times")
    }

    @Test func aChangedSublayerIsFoundAtItsNewPlace() {
        var root = Self.scatteredCards(100, seed: 3)
        _ = root.hitTest(Point(1, 1))
        root.sublayers[42].setFrame(Rect(700, 500, 20, 20))
        root.sublayers[42].isHidden = false
        root.sublayers[42].zPosition = 10
        #expect(root.hitTest(Point(710, 510)) == [42])
    }
}

