/// What executing a plan holds in memory at its peak, by kind, as both backends allocate it: the
/// canvas and its read-back copy, the offscreens alive at once (each from its `beginOffscreen` to the
/// last command that reads it), the path masks the plan carries, and the images it draws with the
/// crops and mip levels made of them.
public struct MemoryNeeds: Hashable, Sendable, CustomStringConvertible {
    public var canvas = 0
    public var offscreens = 0
    public var pathMasks = 0
    public var images = 0

    public var total: Int { canvas + offscreens + pathMasks + images }

    public init(canvas: Int = 0, offscreens: Int = 0, pathMasks: Int = 0, images: Int = 0) {
        self.canvas = canvas; self.offscreens = offscreens; self.pathMasks = pathMasks; self.images = images
    }

    /// The needs of `plan`; throws when the plan is malformed (see `SurfaceTree`).
    public init(_ plan: RenderPlan) throws {
        canvas = 2 * plan.width * plan.height * 4
        offscreens = MemoryNeeds.peakOffscreenBytes(plan, surfaces: try plan.surfaceTree())
        var crops = Set<CropKey>()
        for command in plan.commands {
            switch command {
            case .maskFill(let m): pathMasks += m.mask.alpha.count
            case .glyphs(let g): pathMasks += g.imageBytes
            case .gradient(let g): pathMasks += GradientRasterizer.bytes(region: g.region)
            case .blurredShadow(let s): if case .mask(let m) = s.source { pathMasks += m.alpha.count }
            case .image(let d):
                if case .image(let index, let crop) = d.source {
                    var mipmapped = false
                    if case .trilinear = d.sampling { mipmapped = true }
                    crops.insert(CropKey(index: index, crop: crop, mipmapped: mipmapped))
                }
            default: break
            }
        }
        images = plan.images.reduce(0) { $0 + $1.bitmap.pixels.count }
        for c in crops {
            let bytes = max(0, c.crop.width) * max(0, c.crop.height) * 4
            images += c.mipmapped ? bytes + bytes / 3 : bytes
        }
    }

    private struct CropKey: Hashable {
        let index: Int
        let crop: PixelRect
        let mipmapped: Bool
    }

    /// The most offscreen bytes alive at once: an offscreen lives from its `beginOffscreen` until the
    /// last command that reads it (its `endOffscreen` when nothing does).
    static func peakOffscreenBytes(_ plan: RenderPlan, surfaces: SurfaceTree) -> Int {
        let freedAt = surfaces.releasePoints()
        var live = 0, peak = 0
        for (i, command) in plan.commands.enumerated() {
            if case .beginOffscreen(let id) = command {
                live += plan.offscreens[id].width * plan.offscreens[id].height * 4
                peak = max(peak, live)
            }
            for id in freedAt[i] ?? [] { live -= plan.offscreens[id].width * plan.offscreens[id].height * 4 }
        }
        return peak
    }

    /// "canvas 16 MiB, offscreens 1.2 GiB, path masks 3 MiB, images 40 MiB".
    public var description: String {
        [("canvas", canvas), ("offscreens", offscreens), ("path masks", pathMasks), ("images", images)]
            .filter { $0.1 > 0 }.map { "\($0.0) \(MemoryBudget.format($0.1))" }.joined(separator: ", ")
    }
}

extension RenderPlan {
    /// Refuses a plan that needs more memory than `budget`.
    public func checkMemory(_ budget: MemoryBudget) throws {
        let needs = try MemoryNeeds(self)
        guard needs.total <= budget.bytes else {
            throw RenderError(.badInput, "the render needs \(MemoryBudget.format(needs.total)) (\(needs)); "
                              + "the memory limit is \(budget) (--memory-limit)")
        }
    }
}
