import Lamina
import Testing

/// A layer whose only change is its background or border color, alpha kept, damages its bounds only —
/// not its shadow, overflowing sublayers or the group, mask or rasterized surface it is drawn in.
@Suite("Damage of repaints")
struct RepaintDamageTests {
    static let blue = Color(red: 0.2, green: 0.4, blue: 0.8)
    static let red = Color(red: 0.9, green: 0.2, blue: 0.1)

    /// A 60 × 40 card at (100, 80) with a shadow reaching well past it and a sublayer overflowing it.
    func card(_ configure: (inout Layer) -> Void = { _ in }) -> Layer {
        var l = Layer(name: "card")
        l.setFrame(Rect(100, 80, 60, 40))
        l.backgroundColor = Self.blue
        l.cornerRadius = 8
        l.borderWidth = 2
        l.shadowOpacity = 0.6
        l.shadowRadius = 8
        l.shadowOffset = Size(0, 6)
        var badge = Layer(name: "badge")
        badge.setFrame(Rect(50, -10, 20, 20))
        badge.backgroundColor = .black
        l.sublayers = [badge]
        configure(&l)
        return l
    }

    func scene(_ layers: [Layer]) -> Scene { DamageScenes.canvas(layers) }

    /// The card's bounds with the 2 px edge outset: (98, 78)–(162, 122).
    func expectBoundsOnly(_ d: DamageRegion, _ what: Comment) throws {
        let box = try #require(d.bounds, what)
        #expect(box.x >= 97 && box.y >= 77 && box.x + box.width <= 163 && box.y + box.height <= 123, "\(what): \(d)")
        #expect(d.area >= 60 * 40, "\(what): \(d)")
    }

    @Test("background and border colors with the same alpha damage the bounds; other changes damage the whole extent")
    func ownRepaint() throws {
        let before = scene([card()])
        try expectBoundsOnly(SceneDamage.between(before, scene([card { $0.backgroundColor = Self.red }])), "background")
        try expectBoundsOnly(SceneDamage.between(before, scene([card { $0.borderColor = Self.red }])), "border")
        try expectBoundsOnly(SceneDamage.between(before, scene([card { $0.backgroundColor = Self.red; $0.borderColor = .white }])), "both")
        let whole: [(String, (inout Layer) -> Void)] = [
            ("alpha changes", { $0.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.5) }),
            ("border alpha changes", { $0.borderColor = .clear }),
            ("color and corner radius", { $0.backgroundColor = Self.red; $0.cornerRadius = 9 }),
            ("color and a sublayer", { $0.backgroundColor = Self.red; $0.sublayers[0].backgroundColor = .white }),
        ]
        for (what, change) in whole {
            let d = SceneDamage.between(before, scene([card(change)]))
            #expect(d.area > 90 * 70, "\(what): the shadow and the badge are redrawn too: \(d)")
        }
    }

    @Test("a repaint inside a group, a masked layer or under a shadow that follows content damages its bounds only; inside a rasterized layer, the whole layer")
    func repaintBelowSurfaces() throws {
        let surfaces: [(String, (inout Layer) -> Void)] = [
            ("group", { $0.opacity = 0.5 }),
            ("mask", { var m = Layer(name: "m"); m.setFrame(Rect(0, 0, 300, 200)); m.backgroundColor = .black; m.cornerRadius = 40; $0.mask = m }),
            ("content-shaped shadow", { $0.shadowOpacity = 0.5; $0.shadowRadius = 10 }),
            ("rasterized", { $0.shouldRasterize = true }),
        ]
        for (what, surface) in surfaces {
            func holder(_ cardChange: @escaping (inout Layer) -> Void) -> Layer {
                var h = Layer(name: "holder")
                h.setFrame(Rect(0, 0, 300, 200))
                h.sublayers = [card(cardChange)]
                surface(&h)
                return h
            }
            let before = scene([holder { _ in }])
            let repainted = SceneDamage.between(before, scene([holder { $0.backgroundColor = Self.red }]))
            if what == "rasterized" {
                #expect(repainted.area > 90 * 70, "its bitmap is drawn back through a filter: the whole layer: \(repainted)")
                let own = SceneDamage.between(scene([card { $0.shouldRasterize = true }]), scene([card { $0.shouldRasterize = true; $0.backgroundColor = Self.red }]))
                #expect(own.area > 90 * 70, "a rasterized layer's own repaint too: \(own)")
            } else {
                try expectBoundsOnly(repainted, "\(what)")
            }
            let moved = SceneDamage.between(before, scene([holder { $0.position.x += 1 }]))
            #expect(moved.area > 90 * 70, "\(what): a move below redraws the whole surface: \(moved)")
        }
    }

    @Test("a hidden layer's repaint damages nothing")
    func hiddenRepaint() {
        let before = scene([card { $0.isHidden = true }])
        #expect(SceneDamage.between(before, scene([card { $0.isHidden = true; $0.backgroundColor = Self.red }])).isEmpty)
    }
}
