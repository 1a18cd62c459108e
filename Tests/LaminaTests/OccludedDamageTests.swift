import Lamina
import Testing

/// Damage less what opaque layers drawn above the change hide (`DamageOcclusion`).
@Suite("Damage under opaque layers")
struct OccludedDamageTests {
    func layer(_ name: String, _ frame: Rect, _ configure: (inout Layer) -> Void = { _ in }) -> Layer {
        var l = Layer(name: name)
        l.setFrame(frame)
        l.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.8)
        configure(&l)
        return l
    }

    func scene(_ layers: [Layer]) -> Scene { DamageScenes.canvas(layers) }

    /// A card moving from `from` to `to` under (or over) `panel`.
    func damage(panel: Layer, from: Rect, to: Rect, cardOnTop: Bool = false) -> DamageRegion {
        let card = { (frame: Rect) in self.layer("card", frame) { $0.shadowOpacity = 0.5; $0.shadowRadius = 2 } }
        let frames = [from, to].map { f in scene(cardOnTop ? [panel, card(f)] : [card(f), panel]) }
        return SceneDamage.between(frames[0], frames[1])
    }

    @Test("A change wholly under an opaque layer damages nothing; one partly under damages what shows")
    func hiddenAndPartlyHidden() throws {
        let panel = layer("panel", Rect(100, 50, 200, 150)) { $0.cornerRadius = 8 }
        #expect(damage(panel: panel, from: Rect(150, 100, 40, 30), to: Rect(160, 100, 40, 30)).isEmpty)
        let partly = damage(panel: panel, from: Rect(60, 100, 60, 30), to: Rect(62, 100, 60, 30))
        let box = try #require(partly.bounds)
        #expect(box.x < 60 && box.x + box.width <= 102, "only the part left of the panel: \(partly)")
        #expect(box.y < 100 && box.y + box.height > 130, "the shadow reach above and below stays: \(partly)")
        let whole = damage(panel: panel, from: Rect(60, 100, 60, 30), to: Rect(62, 100, 60, 30), cardOnTop: true)
        #expect(try #require(whole.bounds).x + whole.bounds!.width > 122, "a card above the panel is damaged whole: \(whole)")
    }

    @Test("Only opaque fills drawn at canvas level hide damage: translucent, faded, rotated, masked, rasterized and grouped panels do not")
    func onlyOpaquePanelsHide() {
        let frame = Rect(100, 50, 200, 150)
        let panels: [(String, Layer)] = [
            ("translucent", layer("panel", frame) { $0.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.99) }),
            ("faded", layer("panel", frame) { $0.opacity = 0.99 }),
            ("rotated", layer("panel", frame) { $0.affineTransform = .rotation(0.01) }),
            ("masked", layer("panel", frame) { $0.mask = self.layer("m", Rect(0, 0, 200, 150)) }),
            ("rasterized", layer("panel", frame) { $0.shouldRasterize = true }),
            ("under a faded group", layer("group", frame) {
                $0.backgroundColor = .clear
                $0.opacity = 0.5
                $0.sublayers = [self.layer("panel", Rect(0, 0, 200, 150))]
            }),
        ]
        for (what, panel) in panels {
            let d = damage(panel: panel, from: Rect(150, 100, 40, 30), to: Rect(160, 100, 40, 30))
            #expect(d.area >= 50 * 30, "\(what): \(d)")
        }
    }

    @Test("A panel clipped by its superlayer hides only inside the clip; a zPosition above the panel is damaged")
    func clipsAndOrder() throws {
        let clipped = layer("holder", Rect(100, 50, 100, 150)) {
            $0.backgroundColor = .clear
            $0.masksToBounds = true
            $0.sublayers = [self.layer("panel", Rect(0, 0, 200, 150))]
        }
        let d = damage(panel: clipped, from: Rect(150, 100, 100, 30), to: Rect(152, 100, 100, 30))
        let box = try #require(d.bounds)
        #expect(box.x >= 198 && box.x + box.width >= 252, "left of x 200 the clipped panel hides the card: \(d)")
        let panel = layer("panel", Rect(100, 50, 200, 150))
        let raised = { (x: Double) in
            self.scene([self.layer("card", Rect(x, 100, 40, 30)) { $0.zPosition = 1 }, panel])
        }
        #expect(SceneDamage.between(raised(150), raised(160)).area >= 50 * 30, "zPosition draws the card over the panel")
    }
}
