import Lamina

/// Random scenes and random single mutations of them: layers added, removed and reordered, and every
/// kind of property changed (geometry, colors, corners, borders, shadows, masks, group opacity,
/// shouldRasterize, hidden, contents).
struct SceneMutator {
    var rng: SplitMix64
    private var nextName = 0
    let width: Double, height: Double
    let image = Harness.checker(size: 8, cell: 2)

    init(seed: UInt64, width: Double, height: Double) {
        rng = SplitMix64(seed: seed)
        self.width = width; self.height = height
    }

    mutating func name() -> String { nextName += 1; return "L\(nextName)" }

    mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
    mutating func chance(_ p: Double) -> Bool { double(0...1) < p }
    mutating func color() -> Color {
        Color(red: double(0...1), green: double(0...1), blue: double(0...1), alpha: chance(0.6) ? 1 : double(0.2...1))
    }

    mutating func newLayer(depth: Int = 0) -> Layer {
        var l = Layer(name: name())
        l.setFrame(Rect(double(-10...width - 10), double(-10...height - 10), double(4...width / 2), double(4...height / 2)))
        l.backgroundColor = chance(0.8) ? color() : .clear
        if chance(0.3) { l.cornerRadius = double(0...12) }
        if chance(0.2) { l.borderWidth = double(0.5...4); l.borderColor = color() }
        if chance(0.25) { l.shadowOpacity = double(0.3...1); l.shadowRadius = double(0...6); l.shadowOffset = Size(double(-4...4), double(-4...4)) }
        if depth < 2 && chance(0.3) {
            l.sublayers = (0..<Int.random(in: 1...2, using: &rng)).map { _ in newLayer(depth: depth + 1) }
        }
        return l
    }

    mutating func scene() -> Scene {
        var root = Layer(name: "root")
        root.setFrame(Rect(0, 0, width, height))
        root.sublayers = (0..<5).map { _ in newLayer() }
        return Scene(width: width, height: height, background: .white, root: root)
    }

    /// Paths (child indices from the root) of every layer below the root, masks excluded.
    func paths(_ layer: Layer, prefix: [Int] = []) -> [[Int]] {
        layer.sublayers.indices.flatMap { i in [prefix + [i]] + paths(layer.sublayers[i], prefix: prefix + [i]) }
    }

    static func update(_ layer: inout Layer, at path: ArraySlice<Int>, _ body: (inout Layer) -> Void) {
        guard let first = path.first else { return body(&layer) }
        update(&layer.sublayers[first], at: path.dropFirst(), body)
    }

    /// Applies one random mutation; returns a short description of it.
    mutating func mutate(_ scene: inout Scene) -> String {
        let all = paths(scene.root)
        guard let target = all.randomElement(using: &rng), all.count > 2 else {
            scene.root.sublayers.append(newLayer())
            return "add at root"
        }
        let kind = Int.random(in: 0..<24, using: &rng)
        var what = ""
        var add: Layer? = nil
        if kind == 0 || kind == 1 { add = newLayer(depth: target.count) }
        var me = self
        Self.update(&scene.root, at: target[...]) { l in what = me.change(&l, kind: kind, add: add) }
        self = me
        if kind == 2 {
            Self.update(&scene.root, at: target.dropLast()) { p in p.sublayers.remove(at: target.last!) }
            what = "remove"
        } else if kind == 3 {
            Self.update(&scene.root, at: target.dropLast()) { p in
                let j = Int.random(in: 0..<p.sublayers.count, using: &me.rng)
                p.sublayers.swapAt(target.last!, j)
            }
            self = me
            what = "reorder"
        }
        return "\(what) \(target)"
    }
}
