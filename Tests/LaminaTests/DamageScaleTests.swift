import Testing
@testable import Lamina

/// Damage of frames that change a few layers among many, or many at once, and of trees thousands of
/// levels deep: exact where few changed, covering everything where many did, and found without
/// recursion that follows the tree's depth.
@Suite("Damage over many siblings and deep chains")
struct DamageScaleTests {
    /// `count` opaque 6 × 6 cells, 12 px apart (their extents, edge outset included, do not meet).
    static func cells(_ count: Int, columns: Int = 100) -> [Layer] {
        (0..<count).map { i in
            var l = Layer(name: "cell-\(i)")
            l.setFrame(Rect(Double(10 + (i % columns) * 12), Double(10 + (i / columns) * 12), 6, 6))
            l.backgroundColor = .black
            return l
        }
    }

    static func scene(_ layers: [Layer], width: Double = 1230, height: Double = 1000) -> Scene {
        var root = Layer(name: "root")
        root.setFrame(Rect(0, 0, width, height))
        root.sublayers = layers
        return Scene(width: width, height: height, background: .white, root: root)
    }

    static func extent(_ layer: Layer, in scene: Scene) -> Rect? {
        SceneDamage.extent(of: layer, parent: .identity, clip: Rect(0, 0, Double(scene.pixelWidth), Double(scene.pixelHeight)))
    }

    /// Whether every pixel of every box lies in one of the region's rects, which do not overlap.
    static func covers(_ region: DamageRegion, _ boxes: [Rect]) -> Bool {
        var marked = [Int](repeating: 0, count: region.width * region.height)
        for r in region.rects {
            for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { marked[y * region.width + x] += 1 } }
        }
        guard !marked.contains(where: { $0 > 1 }) else { return false }
        return boxes.allSatisfy { box in
            let p = box.integralOutset
            for y in Int(p.minY)..<Int(p.maxY) where y >= 0 && y < region.height {
                for x in Int(p.minX)..<Int(p.maxX) where x >= 0 && x < region.width && marked[y * region.width + x] == 0 { return false }
            }
            return true
        }
    }

    @Test("a few siblings changed among thousands damage exactly their old and new extents")
    func fewAmongMany() throws {
        let old = Self.scene(Self.cells(6000))
        var new = old
        for i in [7, 2500, 5999] { new.root.sublayers[i].position.x += 3 }
        new.root.sublayers[4000].opacity = 0.5
        let damage = SceneDamage.between(old, new)
        var boxes: [Rect] = []
        for i in [7, 2500, 5999, 4000] {
            boxes += [Self.extent(old.root.sublayers[i], in: old), Self.extent(new.root.sublayers[i], in: new)].compactMap { $0 }
        }
        let expected = DamageRegion(boxes: boxes, width: new.pixelWidth, height: new.pixelHeight)
        #expect(Set(damage.rects) == Set(expected.rects))
        #expect(damage.rects.count == 4)
    }

    @Test("ten thousand siblings changed at once: every old and new extent is damaged, in few disjoint rects")
    func allOfMany() {
        let old = Self.scene(Self.cells(10_000))
        var new = old
        for i in new.root.sublayers.indices { new.root.sublayers[i].position.y += Double(i % 7) }
        let damage = SceneDamage.between(old, new)
        let boxes = old.root.sublayers.compactMap { Self.extent($0, in: old) } + new.root.sublayers.compactMap { Self.extent($0, in: new) }
        #expect(damage.rects.count <= DamageRegion.maxRects)
        #expect(Self.covers(damage, boxes))
    }

    @Test("thousands of scattered boxes merge into disjoint rects covering them all")
    func manyBoxes() {
        var random = SplitMix64(seed: 44)
        let boxes = (0..<3000).map { _ in Rect(random.unit() * 600 - 20, random.unit() * 400 - 20, random.unit() * 30, random.unit() * 30) }
        let region = DamageRegion(boxes: boxes, width: 600, height: 400)
        #expect(region.rects.count <= DamageRegion.maxRects)
        #expect(Self.covers(region, boxes))
        let few = DamageRegion(boxes: Array(boxes.prefix(80)), width: 600, height: 400, maxRects: 100)
        #expect(Self.covers(few, Array(boxes.prefix(80))))
        #expect(few.area < 600 * 400)
    }

    /// A chain of `depth` layers, each a little inside its superlayer, the deepest a small red box.
    static func chain(_ depth: Int) -> Scene {
        var layer = Layer(name: "leaf")
        layer.setFrame(Rect(0.1, 0.1, 40, 30))
        layer.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        for level in (0..<(depth - 1)).reversed() {
            var parent = Layer(name: "level-\(level)")
            parent.setFrame(Rect(0.01, 0.01, 300, 200))
            parent.sublayers = [layer]
            layer = parent
        }
        return Scene(width: 400, height: 300, background: .white, root: layer)
    }

    @Test("a 6000-deep chain becomes a LayerTree and LiveLayers, and a change at its leaf damages the leaf alone")
    func deepChainTree() throws {
        let scene = Self.chain(6000)
        let live = LiveLayer(scene.root)
        #expect(live.snapshot().depth == 6000)
        let tree = LayerTree(scene: scene)
        _ = tree.nextFrame()
        var leaf = tree.root
        var parent = AffineTransform.scale(scene.scale, scene.scale)
        while let next = leaf.sublayers.first {
            parent = leaf.properties.transformToSuperlayer.concatenating(parent)
            leaf = next
        }
        let canvas = Rect(0, 0, 400, 300)
        let before = try #require(SceneDamage.extent(of: leaf.properties, parent: parent, clip: canvas))
        leaf.position = Point(leaf.position.x + 100, leaf.position.y)
        let after = try #require(SceneDamage.extent(of: leaf.properties, parent: parent, clip: canvas))
        let frame = tree.nextFrame()
        #expect(Set(frame.damage.rects) == Set(DamageRegion(boxes: [before, after], width: 400, height: 300).rects))
        #expect(frame.scene.root.depth == 6000)
        #expect(Set(SceneDamage.between(scene, frame.scene).rects) == Set(frame.damage.rects))
    }

    @Test("an animated 6000-deep chain presents its frames through a LayerTree with a clock")
    func deepAnimatedChain() throws {
        var scene = Self.chain(6000)
        var path: [Int] = []
        var layer = scene.root
        while let next = layer.sublayers.first { path.append(0); layer = next }
        try layer.add(Animation(keyPath: .positionX, from: .number(20), to: .number(200), duration: 1), forKey: "slide")
        scene.root.replace(at: path, with: layer)
        let tree = LayerTree(scene: scene)
        let first = tree.nextFrame(at: 0)
        #expect(first.damage.fraction == 1)
        let second = tree.nextFrame(at: 0.5)
        #expect(!second.damage.isEmpty && second.damage.fraction < 0.5)
        #expect(second.scene.root.depth == 6000)
    }
}

extension Layer {
    /// Replaces the layer at `path` (indices in `sublayers` from this layer) with `layer`, without recursion.
    mutating func replace(at path: [Int], with layer: Layer) {
        var chain: [Layer] = [self]
        for i in path { chain.append(chain[chain.count - 1].sublayers[i]) }
        chain[chain.count - 1] = layer
        for (k, i) in path.enumerated().reversed() { chain[k].sublayers[i] = chain[k + 1] }
        self = chain[0]
    }
}
