import Lamina

/// A layer drawn whole by one instanced draw (card.frag): its blurred shadow, its background fill,
/// optionally an image clipped to the fill's shape (a sublayer's contents under masksToBounds) and the
/// border whose outer edge is that shape, as consecutive commands with one transform.
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
    let first: Int
    var imageIndex: Int?, borderIndex: Int?

    /// The index of the card's last command.
    var last: Int { max(first + 1, imageIndex ?? 0, borderIndex ?? 0) }

    /// The border's width (0 without a border).
    var borderWidth: Double { border?.width ?? 0 }

    /// The card whose shadow is command `index`, with the image and the border that follow when they fit,
    /// up to (not including) `limit`; nil when the shadow and the fill after it cannot be one card.
    static func match(at index: Int, in commands: [DrawCommand], limit: Int) -> CardDraw? {
        guard index + 1 < limit, case .roundedRectShadow(let shadow) = commands[index],
              case .fill(let fill) = commands[index + 1], shadow.clip.isNone, fill.clip.isNone,
              fill.shape.curve == .circular || fill.shape.isRect, GLESBackend.mayFuse(shadow, with: fill)
        else { return nil }
        var card = CardDraw(shadow: shadow, fill: fill, first: index)
        var i = index + 2
        if i < limit, case .image(let image) = commands[i], let d = destination(of: image, clippedTo: fill) {
            card.image = image
            card.imageDestination = d
            card.imageIndex = i
            i += 1
        }
        if i < limit, case .border(let b) = commands[i], b.outer == fill.shape, b.transform == fill.transform,
           b.clip.isNone {
            card.border = b
            card.borderIndex = i
        }
        return card
    }

    /// The plan's canvas-level cards that have an image, by the index of their shadow.
    static func withImages(in plan: RenderPlan) -> [Int: CardDraw] {
        var cards: [Int: CardDraw] = [:]
        let indices = GLESBackend.canvasLevelIndices(of: plan)
        for (k, index) in indices.enumerated() {
            guard case .roundedRectShadow = plan.commands[index],
                  let card = match(at: index, in: plan.commands, limit: plan.commands.count), card.image != nil else { continue }
            let span = card.last - index
            if k + span < indices.count && indices[k + span] == card.last { cards[index] = card }
        }
        return cards
    }

    /// The same card moved by `offset` (whole pixels).
    func placed(at offset: AffineTransform) -> CardDraw {
        var card = self
        card.shadow.transform = shadow.transform.concatenating(offset)
        card.fill.transform = fill.transform.concatenating(offset)
        card.image?.transform = (image?.transform ?? .identity).concatenating(offset)
        card.image?.clip = .none
        card.border?.transform = (border?.transform ?? .identity).concatenating(offset)
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
              !image.destination.isEmpty, image.clip.scissor == nil,
              image.clip.shapes == [Clip.Shape(shape: fill.shape, transform: fill.transform)],
              let back = fill.transform.inverted else { return nil }
        let relative = image.transform.concatenating(back)
        guard abs(relative.a - 1) < 1e-9, abs(relative.d - 1) < 1e-9, abs(relative.b) < 1e-9, abs(relative.c) < 1e-9
        else { return nil }
        return image.destination.offsetBy(dx: relative.tx, dy: relative.ty)
    }
}
