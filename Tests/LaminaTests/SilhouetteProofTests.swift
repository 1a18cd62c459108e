import Testing
@testable import Lamina

/// A content-shaped shadow over an opaque background whose sublayers draw inside it is the background's
/// closed-form shadow; anything drawn outside the shape keeps the silhouette offscreen.
@Suite struct SilhouetteProofTests {
    typealias P = PlannerTests

    /// A caster with an opaque background (corner radius `radius`) and one shadowed, half-transparent
    /// card at `cardFrame` inside it.
    static func caster(radius: Double, cardFrame: Rect, cardShadow: Double = 2) -> Layer {
        P.layer(Rect(20, 20, 120, 80)) {
            $0.backgroundColor = .white
            $0.cornerRadius = radius
            $0.shadowOpacity = 0.5
            $0.shadowOffset = Size(0, 4)
            $0.shadowRadius = 6
            $0.sublayers = [P.layer(cardFrame) {
                $0.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.9)
                $0.cornerRadius = 8
                $0.opacity = 0.5
                $0.shadowOpacity = cardShadow > 0 ? 1 : 0
                $0.shadowRadius = cardShadow
            }]
        }
    }

    static func plan(_ caster: Layer) throws -> RenderPlan {
        try P.plan(P.layer(Rect(0, 0, 200, 160)) { $0.sublayers = [caster] })
    }

    @Test("a rect background with a shadowed, half-transparent sublayer inside casts the rect's closed-form shadow")
    func rectBackgroundWithSublayerInside() throws {
        let p = try Self.plan(Self.caster(radius: 0, cardFrame: Rect(20, 20, 60, 30)))
        #expect(p.offscreens.filter { if case .shadowSilhouette = $0.reason { true } else { false } }.isEmpty, "\(p)")
        guard case .roundedRectShadow(let s) = p.commands.first else { Issue.record("\(p)"); return }
        #expect(s.shape.rect == Rect(0, 4, 120, 80))
        #expect(s.shape.isRect)
        #expect(s.sigma == 6)
    }

    @Test("a rounded background proves a sublayer inside its curve, not one in a corner outside it")
    func roundedBackgroundChecksTheCorners() throws {
        let inside = try Self.plan(Self.caster(radius: 20, cardFrame: Rect(30, 20, 50, 30)))
        guard case .roundedRectShadow(let s) = inside.commands.first else { Issue.record("\(inside)"); return }
        #expect(s.shape.radii == CornerRadii(uniform: 20))

        let corner = try Self.plan(Self.caster(radius: 20, cardFrame: Rect(0, 0, 30, 30), cardShadow: 0))
        #expect(corner.offscreens.map(\.reason) == [.shadowSilhouette(layer: "root.sublayers[0]")], "\(corner)")
    }

    @Test("a sublayer whose own shadow reaches past the background keeps the silhouette offscreen")
    func sublayerShadowOutsideIsNotProven() throws {
        let p = try Self.plan(Self.caster(radius: 0, cardFrame: Rect(10, 10, 100, 60), cardShadow: 6))
        #expect(p.offscreens.map(\.reason).contains(.shadowSilhouette(layer: "root.sublayers[0]")), "\(p)")
        let q = try Self.plan(Self.caster(radius: 0, cardFrame: Rect(40, 30, 40, 20), cardShadow: 2))
        #expect(!q.offscreens.map(\.reason).contains(.shadowSilhouette(layer: "root.sublayers[0]")), "\(q)")
    }
}
