import Testing
@testable import Lamina

/// Plans of small layer trees, checked command by command (no GPU needed).
@Suite struct PlannerTests {
    static func layer(_ frame: Rect, _ configure: (inout Layer) -> Void = { _ in }) -> Layer {
        var l = Layer()
        l.setFrame(frame)
        configure(&l)
        return l
    }

    static func plan(_ root: Layer, scale: Double = 1, groupOpacity: Bool = true) throws -> RenderPlan {
        try RenderPlanner.plan(Scene(width: 200, height: 200, scale: scale, groupOpacity: groupOpacity, root: root))
    }

    @Test func backgroundThenSublayersThenBorder() throws {
        let root = Self.layer(Rect(0, 0, 200, 200)) {
            $0.backgroundColor = .white
            $0.borderWidth = 5
            $0.cornerRadius = 20
            $0.sublayers = [Self.layer(Rect(-20, -20, 60, 60)) { $0.backgroundColor = Color(red: 1, green: 0, blue: 0) }]
        }
        let p = try Self.plan(root)
        #expect(p.commands.count == 3)
        guard case .fill(let bg) = p.commands[0], case .fill(let child) = p.commands[1], case .border(let border) = p.commands[2] else {
            Issue.record("unexpected order: \(p)")
            return
        }
        #expect(bg.shape.radii == CornerRadii(uniform: 20))
        #expect(child.clip.isNone, "no clip without masksToBounds")
        #expect(border.inner.rect == Rect(5, 5, 190, 190))
        #expect(border.inner.radii == CornerRadii(uniform: 15))
    }

    @Test func masksToBoundsClipsSublayersAlongTheCurve() throws {
        let root = Self.layer(Rect(0, 0, 200, 200)) {
            $0.cornerRadius = 20
            $0.masksToBounds = true
            $0.sublayers = [Self.layer(Rect(-20, -20, 60, 60)) {
                $0.backgroundColor = .black
                $0.masksToBounds = true
                $0.cornerRadius = 10
                $0.sublayers = [Self.layer(Rect(30, 30, 40, 40)) { $0.backgroundColor = .white }]
            }]
        }
        let p = try Self.plan(root)
        guard case .fill(let grandchild) = p.commands.last else { Issue.record("\(p)"); return }
        #expect(grandchild.clip.shapes.count == 2, "clipped by both masking ancestors")
        #expect(grandchild.clip.shapes[0].shape.radii == CornerRadii(uniform: 20))
    }

    @Test func rectangularPixelAlignedClipBecomesScissor() throws {
        let root = Self.layer(Rect(0, 0, 100, 100)) {
            $0.masksToBounds = true
            $0.sublayers = [Self.layer(Rect(50, 50, 100, 100)) { $0.backgroundColor = .black }]
        }
        let p = try Self.plan(root, scale: 2)
        guard case .fill(let f) = p.commands.first else { Issue.record("\(p)"); return }
        #expect(f.clip.shapes.isEmpty)
        #expect(f.clip.scissor == PixelRect(x: 0, y: 0, width: 200, height: 200))
    }

    @Test func zPositionSortsStably() throws {
        let colors: [(Double, Color)] = [(1, .black), (0, .white), (1, Color(red: 1, green: 0, blue: 0)), (-1, Color(white: 0.5))]
        let root = Self.layer(Rect(0, 0, 100, 100)) { r in
            r.sublayers = colors.map { z, c in Self.layer(Rect(0, 0, 10, 10)) { $0.zPosition = z; $0.backgroundColor = c } }
        }
        let p = try Self.plan(root)
        let order = p.commands.compactMap { cmd -> PremultipliedColor? in
            if case .fill(let f) = cmd { return f.color }
            return nil
        }
        #expect(order == [Color(white: 0.5), .white, .black, Color(red: 1, green: 0, blue: 0)].map(\.premultiplied))
    }

    @Test func groupOpacityFlattensOverlappingParts() throws {
        func button(_ group: Bool?) -> Layer {
            Self.layer(Rect(0, 0, 200, 200)) { root in
                root.sublayers = [Self.layer(Rect(20, 20, 150, 50)) {
                    $0.opacity = 0.5
                    $0.allowsGroupOpacity = group
                    $0.backgroundColor = .white
                    $0.sublayers = [Self.layer(Rect(10, 10, 100, 30)) { $0.backgroundColor = .white }]
                }]
            }
        }
        let grouped = try Self.plan(button(nil))
        #expect(grouped.offscreens.count == 1)
        #expect(grouped.offscreens.first?.reason == .groupOpacity(layer: "root.sublayers[0]"))
        guard case .image(let composite) = grouped.commands.last else { Issue.record("\(grouped)"); return }
        #expect(composite.opacity == 0.5)
        #expect(composite.source == .offscreen(0))

        let ungrouped = try Self.plan(button(false))
        #expect(ungrouped.offscreens.isEmpty)
        let alphas = ungrouped.commands.compactMap { c -> Double? in if case .fill(let f) = c { return f.color.alpha }; return nil }
        #expect(alphas == [0.5, 0.5], "each part drawn at the product of opacities")

        let sceneDefaultOff = try Self.plan(button(nil), groupOpacity: false)
        #expect(sceneDefaultOff.offscreens.isEmpty)
    }

    @Test func singlePartSkipsTheGroupOffscreen() throws {
        let root = Self.layer(Rect(0, 0, 100, 100)) {
            $0.sublayers = [Self.layer(Rect(10, 10, 20, 20)) { $0.opacity = 0.5; $0.backgroundColor = .black }]
        }
        let p = try Self.plan(root)
        #expect(p.offscreens.isEmpty)
        guard case .fill(let f) = p.commands.first else { Issue.record("\(p)"); return }
        #expect(f.color.alpha == 0.5)
    }

    @Test func listing43ShadowsUseTheClosedForm() throws {
        let card = { (clip: Bool) in Self.layer(Rect(0, 0, 140, 140)) {
            $0.backgroundColor = .white
            $0.cornerRadius = 20
            $0.borderWidth = 5
            $0.masksToBounds = clip
            $0.sublayers = [Self.layer(Rect(-20, -20, 60, 60)) { $0.backgroundColor = Color(red: 1, green: 0, blue: 0) }]
        } }
        let outer = Self.layer(Rect(20, 20, 140, 140)) {
            $0.shadowOpacity = 0.5
            $0.shadowOffset = Size(0, 5)
            $0.shadowRadius = 5
            $0.sublayers = [card(true)]
        }
        let p = try Self.plan(Self.layer(Rect(0, 0, 200, 200)) { $0.sublayers = [outer] })
        #expect(p.offscreens.isEmpty)
        guard case .roundedRectShadow(let s) = p.commands.first else { Issue.record("\(p)"); return }
        #expect(s.shape.rect == Rect(0, 5, 140, 140))
        #expect(s.shape.radii == CornerRadii(uniform: 20))
        #expect(s.sigma == 5)
        #expect(abs(s.color.alpha - 0.5) < 1e-12)

        var overflowing = outer
        overflowing.sublayers = [card(false)]
        let q = try Self.plan(Self.layer(Rect(0, 0, 200, 200)) { $0.sublayers = [overflowing] })
        #expect(q.offscreens.map(\.reason) == [.shadowSilhouette(layer: "root.sublayers[0]")], "overflowing child needs the real silhouette")
    }

    @Test func defaultShadowPointsUpAndMasksToBoundsClipsIt() throws {
        let l = Self.layer(Rect(50, 50, 100, 100)) { $0.backgroundColor = .white; $0.shadowOpacity = 1; $0.masksToBounds = true }
        let p = try Self.plan(Self.layer(Rect(0, 0, 200, 200)) { $0.sublayers = [l] })
        guard case .roundedRectShadow(let s) = p.commands.first else { Issue.record("\(p)"); return }
        #expect(s.shape.rect.minY == -3)
        #expect(s.clip.scissor == PixelRect(x: 50, y: 50, width: 100, height: 100))
    }

    @Test func rasterizeCacheKeyIgnoresPlacementButSeesContent() throws {
        func scene(x: Double, color: Color) throws -> RenderPlan {
            try Self.plan(Self.layer(Rect(0, 0, 200, 200)) { root in
                root.sublayers = [Self.layer(Rect(x, 10, 50, 50)) {
                    $0.shouldRasterize = true
                    $0.rasterizationScale = 2
                    $0.opacity = 0.5
                    $0.sublayers = [Self.layer(Rect(0, 0, 20, 20)) { $0.backgroundColor = color }]
                }]
            })
        }
        let a = try scene(x: 10, color: .black), b = try scene(x: 70, color: .black), c = try scene(x: 10, color: .white)
        #expect(a.offscreens.count == 1)
        #expect(a.offscreens[0].width == 40, "20 points at 2 px per point")
        #expect(a.offscreens[0].cacheKey != nil)
        #expect(a.offscreens[0].cacheKey == b.offscreens[0].cacheKey)
        #expect(a.offscreens[0].cacheKey != c.offscreens[0].cacheKey)
    }

    @Test func hiddenMaskHidesTheLayer() throws {
        var m = Self.layer(Rect(0, 0, 10, 10)) { $0.backgroundColor = .black }
        m.isHidden = true
        let p = try Self.plan(Self.layer(Rect(0, 0, 100, 100)) { $0.backgroundColor = .white; $0.mask = m })
        #expect(p.commands.isEmpty)
    }

    @Test func maskMakesTwoOffscreensOfTheSameSize() throws {
        let m = Self.layer(Rect(10, 10, 30, 30)) { $0.backgroundColor = .black; $0.cornerRadius = 15 }
        let p = try Self.plan(Self.layer(Rect(0, 0, 100, 100)) { $0.backgroundColor = .white; $0.mask = m })
        #expect(p.offscreens.count == 2)
        #expect(p.offscreens[0].width == 30 && p.offscreens[1].width == 30)
        guard case .image(let d) = p.commands.last else { Issue.record("\(p)"); return }
        #expect(d.mask == 1)
    }

    @Test func contentsGravityAndCrop() {
        #expect(ContentsLayout.gravityRect(.resizeAspect, content: Size(100, 50), bounds: Rect(0, 0, 100, 100)) == Rect(0, 25, 100, 50))
        #expect(ContentsLayout.gravityRect(.resizeAspectFill, content: Size(100, 50), bounds: Rect(0, 0, 100, 100)) == Rect(-50, 0, 200, 100))
        #expect(ContentsLayout.gravityRect(.topRight, content: Size(10, 10), bounds: Rect(0, 0, 100, 100)) == Rect(90, 0, 10, 10))
        #expect(ContentsLayout.gravityRect(.bottom, content: Size(10, 10), bounds: Rect(0, 0, 100, 100)) == Rect(45, 90, 10, 10))
        let (crop, unit) = ContentsLayout.cropAndUnitRect(Rect(0.1, 0, 0.1, 1), width: 100, height: 10)
        #expect(crop == PixelRect(x: 10, y: 0, width: 10, height: 10))
        #expect(unit == Rect(0, 0, 1, 1))
        let (edge, _) = ContentsLayout.cropAndUnitRect(Rect(1.5, 0, 1, 1), width: 4, height: 4)
        #expect(edge.x == 3 && edge.width == 1, "outside the image the edge pixels extend")
    }

    @Test func filtersFollowTheDrawnSize() {
        var l = Layer()
        l.minificationFilter = .trilinear
        l.magnificationFilter = .nearest
        l.minificationFilterBias = 0.5
        let small = ContentsLayout.sampling(for: l, destination: Rect(0, 0, 10, 10), sourceSize: Size(80, 80),
                                            sourceRect: Rect(0, 0, 1, 1), transform: .identity)
        #expect(small == .trilinear(lod: 3.5))
        let big = ContentsLayout.sampling(for: l, destination: Rect(0, 0, 100, 100), sourceSize: Size(80, 80),
                                          sourceRect: Rect(0, 0, 1, 1), transform: .identity)
        #expect(big == .nearest)
        let oneAxis = ContentsLayout.sampling(for: l, destination: Rect(0, 0, 100, 40), sourceSize: Size(80, 80),
                                              sourceRect: Rect(0, 0, 1, 1), transform: .identity)
        #expect(oneAxis == .trilinear(lod: 1.5), "either axis smaller → minification")
    }

    @Test func nineSliceKeepsEdgesInPoints() {
        var l = Layer()
        l.contentsCenter = Rect(0.25, 0.25, 0.5, 0.5)
        let s = ContentsLayout.slices(layer: l, destination: Rect(0, 0, 100, 100), unit: Rect(0, 0, 1, 1), cropSize: Size(40, 40))
        #expect(s.count == 9)
        #expect(s[0].destination == Rect(0, 0, 10, 10))
        #expect(s[4].destination == Rect(10, 10, 80, 80))
        let tight = ContentsLayout.slices(layer: l, destination: Rect(0, 0, 10, 100), unit: Rect(0, 0, 1, 1), cropSize: Size(40, 40))
        #expect(tight[0].destination.width == 5, "edges shrink proportionally when too small")
    }
}
