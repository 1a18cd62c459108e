/// The intersection of rounded-rectangle clips, each in its own local space, plus a pixel scissor.
///
/// Coverage of a pixel = product of the anti-aliased coverages of every shape (as for `Fill`), and zero
/// outside `scissor`. Shapes that are axis-aligned rectangles in pixel space are folded into `scissor`
/// by the planner, so `shapes` holds only what really needs per-pixel evaluation.
public struct Clip: Hashable, Sendable, CustomStringConvertible {
    /// One clip shape and its local space → target pixels transform.
    public struct Shape: Hashable, Sendable {
        public var shape: RoundedRect
        public var transform: AffineTransform
        public init(shape: RoundedRect, transform: AffineTransform) { self.shape = shape; self.transform = transform }
    }

    /// Pixels outside are not touched; nil = the whole target.
    public var scissor: PixelRect?
    public var shapes: [Shape]

    public init(scissor: PixelRect? = nil, shapes: [Shape] = []) {
        self.scissor = scissor
        self.shapes = shapes
    }

    public static let none = Clip()

    public var isNone: Bool { scissor == nil && shapes.isEmpty }

    public var description: String {
        if isNone { return "none" }
        var parts: [String] = []
        if let s = scissor { parts.append("scissor \(s)") }
        parts += shapes.map { "\($0.shape) @ \($0.transform)" }
        return parts.joined(separator: " ∩ ")
    }
}
