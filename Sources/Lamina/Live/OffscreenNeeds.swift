/// The pixels of each offscreen that one copy of a restricted plan reads, so that the copy draws only
/// those (`RenderPlan.restricted(to:)`): an opacity group, a masked layer or a silhouette is repainted
/// where the damage samples it, not whole.
///
/// A reader's need is the preimage of the pixels it may change (its reach within its scissor) in the
/// offscreen's pixels, widened by what one target pixel samples: two texels for nearest and bilinear reads,
/// the whole downsampled blocks and kernel taps of a blur (`BlurRecipe`). Trilinear reads mix mip levels
/// built from the whole offscreen, and a raster-cached offscreen is kept whole for later frames, so both
/// are needed whole. A draw inside an offscreen that is needed in part gets the need as its scissor;
/// every pixel inside it comes out as in the full plan.
struct OffscreenNeeds {
    enum Need: Equatable {
        case all
        case pixels(PixelRect)
    }

    static let nothing = Need.pixels(PixelRect(x: 0, y: 0, width: 0, height: 0))

    private let offscreens: [Offscreen]
    /// False: every offscreen read is needed whole (a backend that limits offscreens itself).
    private let limiting: Bool
    private(set) var needs: [OffscreenID: Need] = [:]

    init(offscreens: [Offscreen], limiting: Bool = true) {
        self.offscreens = offscreens
        self.limiting = limiting
    }

    /// Records what `command` (drawn as it is) reads of the offscreens.
    mutating func addReads(of command: DrawCommand) {
        switch command {
        case .image(let d):
            var ids = d.mask.map { [$0] } ?? []
            if case .offscreen(let id) = d.source { ids.append(id) }
            guard !ids.isEmpty else { return }
            let need = imageNeed(d, command: command, size: size(of: ids.last!))
            for id in ids { add(need, to: id) }
        case .blurredShadow(let s):
            guard case .offscreen(let id) = s.source else { return }
            add(blurNeed(s, command: command, size: size(of: id)), to: id)
        default:
            return
        }
    }

    /// Marks an offscreen as needed whole (raster-cached, or drawn inside one).
    mutating func requireAll(_ id: OffscreenID) { needs[id] = .all }

    /// Whether anything reads the offscreen in this copy.
    func isRead(_ id: OffscreenID) -> Bool { needs[id] != nil }

    /// `command` as drawn inside offscreen `owner`: unchanged when the offscreen is needed whole, limited
    /// to the needed pixels otherwise (a command that reaches none of them stays, with that scissor, so
    /// that the offscreen keeps the structure the planner gave it and a backend that draws a group of one
    /// layer's parts at once still finds them all); nil when nothing reads the offscreen or the scissor
    /// leaves nothing.
    func limit(_ command: DrawCommand, inside owner: OffscreenID) -> DrawCommand? {
        switch needs[owner] {
        case nil: return nil
        case .all: return command
        case .pixels(let rect): return command.limited(to: rect)
        }
    }

    private func size(of id: OffscreenID) -> (width: Int, height: Int) {
        offscreens.indices.contains(id) ? (offscreens[id].width, offscreens[id].height) : (0, 0)
    }

    private mutating func add(_ need: Need, to id: OffscreenID) {
        guard offscreens.indices.contains(id) else { return }
        guard limiting else { needs[id] = .all; return }
        let full = PixelRect(x: 0, y: 0, width: offscreens[id].width, height: offscreens[id].height)
        var merged = need
        switch (needs[id], need) {
        case (.all?, _), (_, .all): merged = .all
        case (.pixels(let a)?, .pixels(let b)):
            merged = a.area == 0 ? need : b.area == 0 ? .pixels(a) : .pixels(DamageRegion.hull(a, b))
        case (nil, _): break
        }
        if case .pixels(let r) = merged, r.x <= 0, r.y <= 0, r.x + r.width >= full.width, r.y + r.height >= full.height {
            merged = .all
        }
        needs[id] = merged
    }

    /// The texels an image draw samples: the preimage of its reach, two texels wider.
    private func imageNeed(_ d: ImageDraw, command: DrawCommand, size: (width: Int, height: Int)) -> Need {
        if case .trilinear = d.sampling { return .all }
        guard let reach = command.reach(offscreens: offscreens), !reach.isEmpty else { return Self.nothing }
        guard let box = d.sourceTexelBox(of: reach, width: size.width, height: size.height) else { return .all }
        return clamped(box.insetBy(dx: -2, dy: -2), size: size)
    }

    /// The source pixels a blurred shadow reads: whole downsampled blocks around the preimage of its reach,
    /// as wide as the kernel and the bilinear read back reach.
    private func blurNeed(_ s: BlurredShadow, command: DrawCommand, size: (width: Int, height: Int)) -> Need {
        guard let reach = command.reach(offscreens: offscreens), !reach.isEmpty else { return Self.nothing }
        let recipe = BlurRecipe(sigma: max(0, s.sigma))
        let f = Double(recipe.factor)
        let margin = Double(recipe.radius + 3)
        let x0 = reach.minX - Double(s.origin.x) - s.offset.x, x1 = reach.maxX - Double(s.origin.x) - s.offset.x
        let y0 = reach.minY - Double(s.origin.y) - s.offset.y, y1 = reach.maxY - Double(s.origin.y) - s.offset.y
        let lo = { (v: Double) in ((v / f).rounded(.down) - margin) * f }
        let hi = { (v: Double) in ((v / f).rounded(.up) + margin) * f }
        return clamped(Rect(minX: lo(x0), minY: lo(y0), maxX: hi(x1), maxY: hi(y1)), size: size)
    }

    private func clamped(_ box: Rect, size: (width: Int, height: Int)) -> Need {
        guard box.width.isFinite, box.height.isFinite, box.minX.isFinite, box.minY.isFinite else { return .all }
        let x0 = max(0, Int(saturating: box.minX.rounded(.down))), y0 = max(0, Int(saturating: box.minY.rounded(.down)))
        let x1 = min(size.width, Int(saturating: box.maxX.rounded(.up))), y1 = min(size.height, Int(saturating: box.maxY.rounded(.up)))
        return .pixels(PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)))
    }
}
