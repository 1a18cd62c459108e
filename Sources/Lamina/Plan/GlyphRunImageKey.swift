/// What the image of a glyph run (`GlyphRun`: its glyphs blended into its box) depends on, measured from the
/// top-left of its box: each glyph's image and offset, in order, and — unless the glyphs share one color, which
/// the composite applies — each glyph's color. Two runs with equal keys have the same image, so one image in a
/// backend's cache (the GPU's text run cache, the CPU's run images) serves both, and every later frame that
/// draws the run again (a run of one color keeps its image while the color fades).
public struct GlyphRunImageKey: Hashable, Sendable {
    public struct Glyph: Hashable, Sendable {
        public var image: UInt64
        public var dx: Int32, dy: Int32
        public var color: PremultipliedColor?
    }

    public let glyphs: [Glyph]
    public let width: Int, height: Int
    /// The glyphs' shared color (`GlyphRun.sharedColor`), which the composite multiplies by.
    public let sharedColor: PremultipliedColor?
    private let digest: Int

    public init(_ run: GlyphRun) {
        let shared = run.sharedColor
        sharedColor = shared
        let origin = run.box
        glyphs = run.glyphs.map {
            Glyph(image: $0.image.identity, dx: Int32($0.origin.x - origin.x), dy: Int32($0.origin.y - origin.y),
                  color: shared == nil ? $0.color : nil)
        }
        width = origin.width
        height = origin.height
        var hasher = Hasher()
        hasher.combine(glyphs)
        digest = hasher.finalize()
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    public static func == (a: GlyphRunImageKey, b: GlyphRunImageKey) -> Bool {
        a.digest == b.digest && a.width == b.width && a.height == b.height
            && (a.sharedColor == nil) == (b.sharedColor == nil) && a.glyphs == b.glyphs
    }
}

