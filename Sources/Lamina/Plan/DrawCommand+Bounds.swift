/// Where each kind of draw command reaches on its target: the one answer the planner, damage, visibility and
/// both backends use (the CPU rasterizers loop over these pixels, the GPU draws quads over them, the damage
/// and culling passes test them). `DrawBoundsTests` checks that no pixel outside a command's bounds changes
/// when either backend draws it.
extension DrawCommand {
    /// Target-pixel bounds of every pixel the command may change, before its clip; nil for the offscreen
    /// brackets and for draws whose transform cannot be inverted (they draw nothing). `offscreens` gives the
    /// sizes of blurred offscreen sources.
    public func bounds(offscreens: [Offscreen]) -> Rect? {
        switch self {
        case .beginOffscreen, .endOffscreen: return nil
        case .fill(let f):
            return f.transform.inverted == nil ? nil : f.transform.coverageBounds(of: f.shape.rect)
        case .border(let b):
            return b.transform.inverted == nil ? nil : b.transform.coverageBounds(of: b.outer.rect)
        case .image(let i):
            return i.transform.inverted == nil ? nil : i.transform.coverageBounds(of: i.destination)
        case .roundedRectShadow(let s):
            return s.transform.inverted == nil ? nil : s.drawnBounds
        case .blurredShadow(let s):
            return s.drawnBounds(offscreens: offscreens)
        case .maskFill(let m):
            return Rect(Double(m.origin.x), Double(m.origin.y), Double(m.mask.width), Double(m.mask.height))
        case .glyphs(let g):
            return g.box.rect
        case .gradient(let g):
            return g.region.rect
        }
    }
}

extension DrawCommand {
    /// The clip of a drawing command; nil for the offscreen brackets.
    public var clip: Clip? {
        switch self {
        case .beginOffscreen, .endOffscreen: return nil
        case .fill(let f): return f.clip
        case .border(let b): return b.clip
        case .image(let i): return i.clip
        case .roundedRectShadow(let s): return s.clip
        case .blurredShadow(let s): return s.clip
        case .maskFill(let m): return m.clip
        case .glyphs(let g): return g.clip
        case .gradient(let g): return g.clip
        }
    }
}

extension AffineTransform {
    /// Target-pixel bounds of everything a coverage-shaded `rect` can touch through this transform: its
    /// bounding box outset by the anti-aliasing reach (½ px of local distance along the most stretched
    /// axis), one pixel, and `extra` pixels.
    public func coverageBounds(of rect: Rect, extra: Double = 0) -> Rect {
        let box = boundingBox(of: rect)
        let t = a * a + b * b + c * c + d * d
        let det = determinant
        let largest = ((t + max(t * t - 4 * det * det, 0).squareRoot()) / 2).squareRoot()
        let k = max(meanScale, 1e-12)
        let m = 0.5 * largest / k + 1 + extra
        return Rect(minX: box.minX - m, minY: box.minY - m, maxX: box.maxX + m, maxY: box.maxY + m)
    }
}

/// How far a Gaussian shadow is drawn past its shape: `sigmas` σ (beyond, less than 3.2·10⁻⁵ of its color is
/// left), and no further than its coverage times its alpha can reach ¼ of a byte step.
public enum ShadowExtent {
    /// The σ multiple every shadow is drawn, planned, damaged and culled to.
    public static let sigmas = 4.0

    /// The distance past the shape, in the shape's own units, for a closed-form shadow of `sigma` and `alpha`.
    public static func reach(sigma: Double, alpha: Double) -> Double {
        min(sigmas * max(sigma, 0), ShadowMath.negligibleReach(sigma: max(sigma, 0), alpha: alpha))
    }

    /// How far a layer's shadow may be drawn past its shape, in the layer's units, whichever way the planner
    /// draws it: in closed form to `reach`, blurred from a silhouette or a path mask to 3σ (`BlurRecipe.reach`,
    /// whose extra pixel and bilinear margin the caller's one-unit outset and the composite's bounds hold).
    public static func layerReach(sigma: Double, alpha: Double) -> Double {
        max(reach(sigma: sigma, alpha: alpha), 3 * max(sigma, 0))
    }
}

extension RoundedRectShadow {
    /// Target pixels a closed-form shadow may change: its shape's box grown by `ShadowExtent.reach` (in
    /// target pixels) and one pixel.
    public var drawnBounds: Rect {
        guard sigma > 0 else { return transform.coverageBounds(of: shape.rect) }
        let reach = ShadowExtent.reach(sigma: sigma, alpha: color.alpha) * transform.meanScale + 1
        let box = transform.boundingBox(of: shape.rect)
        return Rect(minX: box.minX - reach, minY: box.minY - reach, maxX: box.maxX + reach, maxY: box.maxY + reach)
    }
}

extension BlurredShadow {
    /// The pixels a blurred shadow's composite covers: the bilinear read back of its low-resolution blur
    /// around a `sourceWidth × sourceHeight` source placed at origin + offset (see `BlurRecipe`).
    public func drawnBounds(sourceWidth: Int, sourceHeight: Int) -> Rect {
        let f = BlurRecipe(sigma: max(sigma, 0)).factor, ff = Double(f)
        let lowWidth = (sourceWidth + f - 1) / f, lowHeight = (sourceHeight + f - 1) / f
        let ox = Double(origin.x) + offset.x, oy = Double(origin.y) + offset.y
        return Rect(minX: ox - 0.5 * ff - 1.5, minY: oy - 0.5 * ff - 1.5,
                    maxX: ox + (Double(lowWidth) + 0.5) * ff + 0.5, maxY: oy + (Double(lowHeight) + 0.5) * ff + 0.5)
    }

    /// The same with the source's size taken from the plan's offscreens (everything, for an unknown one).
    public func drawnBounds(offscreens: [Offscreen]) -> Rect {
        switch source {
        case .offscreen(let id):
            guard offscreens.indices.contains(id) else { return Rect(-1e9, -1e9, 2e9, 2e9) }
            return drawnBounds(sourceWidth: offscreens[id].width, sourceHeight: offscreens[id].height)
        case .mask(let m):
            return drawnBounds(sourceWidth: m.width, sourceHeight: m.height)
        }
    }
}
