import Foundation
import Lamina
import Testing

/// A mask whose alpha is 1 over everything its layer draws changes no pixel: the planner drops it and its
/// two offscreens, and the render is the one without the mask.
@Suite("Masks that cannot change the result are dropped")
struct RedundantMaskTests {
    static func masked(_ mask: Layer?) -> Scene {
        let card = Harness.layer(Rect(30, 20, 80, 50)) {
            $0.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9)
            $0.cornerRadius = 10
            $0.borderWidth = 3
            $0.shadowOpacity = 0.6
            $0.shadowRadius = 4
            $0.sublayers = [Harness.layer(Rect(50, 25, 40, 40)) { $0.backgroundColor = Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.7) }]
            $0.mask = mask
        }
        return Harness.scene(160, 110, [card])
    }

    static func maskOffscreens(_ scene: Scene) throws -> Int {
        try RenderPlanner.plan(scene).offscreens.filter {
            if case .mask = $0.reason { return true }
            return false
        }.count
    }

    @Test("an opaque rectangle over all the layer draws (its shadow and overflowing sublayer too) is dropped", arguments: Harness.backends)
    func opaqueCoveringMask(_ backend: String) throws {
        let cover = Harness.layer(Rect(-30, -30, 150, 130)) { $0.backgroundColor = .black }
        let scene = Self.masked(cover)
        #expect(try Self.maskOffscreens(scene) == 0)
        #expect(try Harness.render(scene, on: backend) == Harness.render(Self.masked(nil), on: backend))
    }

    @Test("masks that do change pixels stay: too small, translucent, rotated, rounded at the drawing's edge")
    func maskThatMatters() throws {
        let small = Harness.layer(Rect(0, 0, 60, 40)) { $0.backgroundColor = .black }
        let translucent = Harness.layer(Rect(-30, -30, 150, 130)) { $0.backgroundColor = Color(white: 0, alpha: 0.5) }
        let rotated = Harness.layer(Rect(-30, -30, 150, 130)) {
            $0.backgroundColor = .black
            $0.affineTransform = AffineTransform.rotation(0.3)
        }
        let rounded = Harness.layer(Rect(-6, -6, 100, 82)) {
            $0.backgroundColor = .black
            $0.cornerRadius = 20
        }
        for mask in [small, translucent, rotated, rounded] {
            #expect(try Self.maskOffscreens(Self.masked(mask)) == 1)
        }
    }
}
