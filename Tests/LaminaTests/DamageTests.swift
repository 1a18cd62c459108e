import Lamina
import Testing

@Suite("Damage between frames")
struct DamageTests {
    func card(_ name: String, _ frame: Rect, _ configure: (inout Layer) -> Void = { _ in }) -> Layer {
        var l = Layer(name: name)
        l.setFrame(frame)
        l.backgroundColor = .black
        configure(&l)
        return l
    }

    func scene(_ layers: [Layer], scale: Double = 1) -> Scene {
        var root = Layer(name: "root")
        root.setFrame(Rect(0, 0, 400, 300))
        root.sublayers = layers
        return Scene(width: 400, height: 300, scale: scale, background: .white, root: root)
    }

    @Test("Overlapping boxes merge into disjoint rects; the count is capped; the canvas clips")
    func merging() {
        let r = DamageRegion(boxes: [Rect(0, 0, 10, 10), Rect(5, 5, 10, 10), Rect(100, 100, 3, 3), Rect(-20, -20, 5, 5)], width: 200, height: 200)
        #expect(r.rects.count == 2)
        #expect(r.rects.contains(PixelRect(x: 0, y: 0, width: 15, height: 15)))
        let many = (0..<20).map { Rect(Double($0) * 10, 0, 2, 2) }
        let capped = DamageRegion(boxes: many, width: 400, height: 10, maxRects: 4)
        #expect(capped.rects.count <= 4)
        #expect(capped.area >= 20 * 4)
        for (i, a) in capped.rects.enumerated() {
            for b in capped.rects[(i + 1)...] {
                #expect(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y)
            }
        }
        #expect(DamageRegion(boxes: [Rect(0.5, 0.5, 1, 1)], width: 10, height: 10).rects == [PixelRect(x: 0, y: 0, width: 2, height: 2)])
    }

    @Test("Equal scenes have no damage; a canvas change damages everything")
    func unchanged() {
        let s = scene([card("a", Rect(10, 10, 50, 50))])
        #expect(SceneDamage.between(s, s).isEmpty)
        #expect(SceneDamage.between(nil, s).fraction == 1)
        var other = s
        other.background = .black
        #expect(SceneDamage.between(s, other).fraction == 1)
    }

    @Test("A moved layer damages its old and new extent, shadow reach and offset included")
    func moveWithShadow() throws {
        let shadowed: (inout Layer) -> Void = { $0.shadowOpacity = 1; $0.shadowRadius = 5; $0.shadowOffset = Size(10, 0) }
        let a = scene([card("a", Rect(40, 50, 40, 40), shadowed), card("b", Rect(300, 200, 40, 40))])
        let b = scene([card("a", Rect(150, 50, 40, 40), shadowed), card("b", Rect(300, 200, 40, 40))])
        let d = SceneDamage.between(a, b)
        let box = try #require(d.bounds)
        // Old shadow 50…90 (offset 10) less its reach and the edge outset; new one 160…200 plus its reach: the
        // reach of a shadow of σ 5 at full alpha (ShadowExtent.layerReach, 3.2σ) and one point.
        let r = Int(ShadowExtent.layerReach(sigma: 5, alpha: 1).rounded(.up)) + 1
        #expect(r >= 3 * 5 + 1 && r <= 4 * 5 + 1)
        #expect(box.x <= 40 + 10 - r && box.x >= 40 + 10 - r - 3)
        #expect(box.x + box.width >= 200 + r)
        #expect(box.y <= 50 - r && box.y >= 50 - r - 3)
        #expect(!d.rects.contains { $0.x < 340 && $0.x + $0.width > 300 && $0.y + $0.height > 200 })
    }

    @Test("A move inside a group, a mask or a rasterized layer damages the whole surface (a repaint: see RepaintDamageTests)")
    func surfaces() throws {
        for kind in 0..<3 {
            func tree(_ x: Double) -> Scene {
                var parent = card("p", Rect(0, 0, 300, 200)) { $0.backgroundColor = .clear }
                parent.sublayers = [card("x", Rect(0, 0, 300, 200)) { $0.backgroundColor = Color(white: 0.5) },
                                    card("y", Rect(x, 10, 5, 5)) { $0.backgroundColor = .black }]
                switch kind {
                case 0: parent.opacity = 0.5
                case 1: parent.mask = card("m", Rect(0, 0, 300, 200))
                default: parent.shouldRasterize = true
                }
                return scene([parent])
            }
            let d = SceneDamage.between(tree(10), tree(12))
            #expect(try #require(d.bounds).area >= 300 * 200, "kind \(kind)")
        }
        var plain = card("p", Rect(0, 0, 300, 200)) { $0.backgroundColor = .clear }
        plain.sublayers = [card("y", Rect(10, 10, 5, 5))]
        var changed = plain
        changed.sublayers[0].backgroundColor = .white
        #expect(SceneDamage.between(scene([plain]), scene([changed])).area < 15 * 15)
    }

    @Test("A change inside a shadow that follows a proven rounded rect damages only the change; a changed silhouette damages it all")
    func closedFormShadowContent() throws {
        func widget(dot: Color, cardWidth: Double = 200) -> Scene {
            var widget = card("w", Rect(50, 50, 200, 150)) {
                $0.backgroundColor = .clear
                $0.shadowOpacity = 0.5
                $0.shadowRadius = 8
            }
            let body = card("body", Rect(0, 0, cardWidth, 150)) {
                $0.backgroundColor = .white
                $0.cornerRadius = 12
                $0.masksToBounds = true
                $0.sublayers = [card("dot", Rect(20, 20, 10, 10)) { $0.backgroundColor = dot }]
            }
            widget.sublayers = [body]
            return scene([widget])
        }
        let inside = SceneDamage.between(widget(dot: .black), widget(dot: .white))
        #expect(inside.area > 0 && inside.area <= 16 * 16, "only the dot: \(inside)")
        let resized = SceneDamage.between(widget(dot: .black), widget(dot: .black, cardWidth: 180))
        #expect(try #require(resized.bounds).area >= 200 * 150, "the silhouette changed, so the shadow did: \(resized)")
    }

    @Test("masksToBounds limits a sublayer's damage; scale maps points to pixels")
    func clipsAndScale() throws {
        var clipped = card("p", Rect(0, 0, 50, 50)) { $0.masksToBounds = true }
        clipped.sublayers = [card("big", Rect(0, 0, 300, 300))]
        var changed = clipped
        changed.sublayers[0].backgroundColor = .white
        #expect(try #require(SceneDamage.between(scene([clipped]), scene([changed])).bounds).width <= 54)
        let small = scene([card("a", Rect(10, 10, 10, 10))], scale: 2)
        var moved = small
        moved.root.sublayers[0].backgroundColor = .white
        let box = try #require(SceneDamage.between(small, moved).bounds)
        #expect(box.x <= 20 && box.x + box.width >= 40)
    }
}
