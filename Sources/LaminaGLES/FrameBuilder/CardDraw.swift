import Lamina

/// A layer drawn whole by one instanced draw (card.frag): its blurred shadow, its background fill,
/// optionally an image clipped to the fill's shape (its contents, or a sublayer's, under masksToBounds)
/// and the border whose outer edge is that shape: the parts the planner lists for it (`LayerItem`),
/// found on the plan's tree (`ShadowedFill`), as consecutive commands with one transform.
///
/// The shader computes border over image over fill over shadow per pixel and blends that once, so the
/// four draws become one: llvmpipe sets up one quad list instead of four, and the image no longer
/// splits the shadow–fill–border draw (`drawFused`) in two. Over an opacity group of exactly these parts
/// the same result times the opacity is the group's composite (`CollapsedCard`).
struct CardDraw {
    /// The parts, with the transform they are drawn with (the group's offset applied for a collapsed group).
    var shadow: RoundedRectShadow
    var fill: Fill
    var image: ImageDraw?
    var border: Border?
    /// The image's quad in the fill's local space.
    var imageDestination: Rect?
    /// The indices of the shadow, the fill, the image and the border in the plan.
    let first: Int, fillIndex: Int
    var imageIndex: Int?, borderIndex: Int?

    /// The index of the card's last command.
    var last: Int { max(fillIndex, imageIndex ?? 0, borderIndex ?? 0) }

    /// The border's width (0 without a border).
    var borderWidth: Double { border?.width ?? 0 }

    /// The card of a shadowed fill (`ShadowedFill`, found on the plan's tree): its shadow and fill, the
    /// filled layer's contents or sublayers when they are one image clipped to the fill, and its border when
    /// it follows; nil when the shadow and the fill cannot be one card. The parts may share one scissor (a
    /// damage rect of a restricted plan), which limits the pixels the card is drawn over, and no other clip.
    init?(_ parts: ShadowedFill, in commands: [DrawCommand]) {
        guard case .roundedRectShadow(let shadow) = commands[parts.shadow],
              case .fill(let fill) = commands[parts.fill], fill.clip.shapes.isEmpty, shadow.clip == fill.clip,
              fill.shape.curve == .circular || fill.shape.isRect, FusionRules.mayFuse(shadow, with: fill)
        else { return nil }
        self.init(shadow: shadow, fill: fill, first: parts.shadow, fillIndex: parts.fill)
        var last = parts.fill
        let between = parts.filled.parts.between
        if between.count == 1, case .image(let image) = commands[between.lowerBound], image.clip.scissor == fill.clip.scissor,
           let d = Self.destination(of: image, clippedTo: fill) {
            self.image = image
            imageDestination = d
            imageIndex = between.lowerBound
            last = between.lowerBound
        }
        if let b = parts.filled.border, b == last + 1, case .border(let border) = commands[b], border.outer == fill.shape,
           border.transform == fill.transform, border.clip == fill.clip {
            self.border = border
            borderIndex = b
        }
    }

    private init(shadow: RoundedRectShadow, fill: Fill, first: Int, fillIndex: Int) {
        self.shadow = shadow; self.fill = fill; self.first = first; self.fillIndex = fillIndex
    }

    /// The cards with an image of the plan's layers drawn on the canvas (outside every surface), by the index
    /// of their shadow.
    static func withImages(in tree: PlanTree, commands: [DrawCommand], fills: ShadowedFills) -> [Int: CardDraw] {
        var cards: [Int: CardDraw] = [:]
        PlanTree.forEachLayer(in: tree.canvas, intoSurfaces: false) { layer in
            guard let shadow = layer.closedFormShadow(in: commands), let parts = fills.byShadow[shadow],
                  let card = CardDraw(parts, in: commands), card.image != nil else { return }
            cards[shadow] = card
        }
        return cards
    }

    /// The same card moved by `offset` (whole pixels), scissors included.
    func placed(at offset: AffineTransform) -> CardDraw {
        func moved(_ clip: Clip) -> Clip {
            var c = clip
            c.scissor = clip.scissor.map {
                PixelRect(x: $0.x + Int(saturating: offset.tx), y: $0.y + Int(saturating: offset.ty), width: $0.width, height: $0.height)
            }
            return c
        }
        var card = self
        card.shadow.transform = shadow.transform.concatenating(offset)
        card.shadow.clip = moved(shadow.clip)
        card.fill.transform = fill.transform.concatenating(offset)
        card.fill.clip = moved(fill.clip)
        card.image?.transform = (image?.transform ?? .identity).concatenating(offset)
        card.image?.clip = .none
        card.border?.transform = (border?.transform ?? .identity).concatenating(offset)
        card.border?.clip = moved(border?.clip ?? .none)
        return card
    }

    static func isTrilinear(_ sampling: Sampling) -> Bool {
        if case .trilinear = sampling { return true }
        return false
    }

    /// The image's quad in the fill's local space, when the image is a plan image (not trilinear, no
    /// mask) whose transform is the fill's moved by a translation and whose one clip shape is the fill's.
    private static func destination(of image: ImageDraw, clippedTo fill: Fill) -> Rect? {
        guard case .image = image.source, image.mask == nil, !isTrilinear(image.sampling), image.opacity > 0,
              !image.destination.isEmpty, image.clip.shapes == [Clip.Shape(shape: fill.shape, transform: fill.transform)],
              let back = fill.transform.inverted else { return nil }
        let relative = image.transform.concatenating(back)
        guard abs(relative.a - 1) < 1e-9, abs(relative.d - 1) < 1e-9, abs(relative.b) < 1e-9, abs(relative.c) < 1e-9
        else { return nil }
        return image.destination.offsetBy(dx: relative.tx, dy: relative.ty)
    }
}
