/// One glyph of a `GlyphRun`: its image with its top-left pixel at `origin` (target pixels), in `color`.
public struct PlacedGlyph: Hashable, Sendable {
    public var image: GlyphImage
    public var origin: PixelPoint
    /// What each texel is multiplied by (a coverage byte c as (c, c, c, c)): the run's premultiplied color for coverage,
    /// the layer's opacity on all four channels for a color glyph.
    public var color: PremultipliedColor

    public init(image: GlyphImage, origin: PixelPoint, color: PremultipliedColor) {
        self.image = image; self.origin = origin; self.color = color
    }
}

/// A text layer's glyphs at whole target pixels, drawn as a CATextLayer's backing store is: the glyphs are
/// first blended source-over, in order, into a transparent 8-bit premultiplied image of the run's box — each
/// texel (coverage c as (c, c, c, c)) times the glyph's `drawingColor` — and that image is then composited
/// source-over, each pixel `compositeColor × texel / 255 × clip`. When every glyph has one color, the image
/// holds the bare texels and the composite multiplies by that color (so a fading run keeps its image);
/// otherwise the image holds each glyph's color and the composite multiplies by white. Both backends use
/// the same arithmetic (the GPU keeps the images in its text run cache). The planner emits it where a text
/// layer maps to the target by its contentsScale and a translation; the layer's bounds cut it through `clip`.
public struct GlyphRun: Hashable, Sendable {
    public var glyphs: [PlacedGlyph]
    public var clip: Clip
    /// What `lamina plan` calls the run (its text, fonts and sizes).
    public var label: String
    /// The union of the glyphs' rects (before the clip).
    public let box: PixelRect

    public init(glyphs: [PlacedGlyph], clip: Clip, label: String = "") {
        self.glyphs = glyphs
        self.clip = clip
        self.label = label
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for g in glyphs where g.image.width > 0 && g.image.height > 0 {
            x0 = min(x0, g.origin.x); y0 = min(y0, g.origin.y)
            x1 = max(x1, g.origin.x + g.image.width); y1 = max(y1, g.origin.y + g.image.height)
        }
        box = x1 > x0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The widest and tallest glyph a run holds; a text layer with a larger glyph is drawn as one raster.
    public static let maxGlyphSide = 256

    /// The color every glyph of the run is drawn in, when they share one (nil otherwise).
    public var sharedColor: PremultipliedColor? {
        guard let first = glyphs.first?.color, glyphs.allSatisfy({ $0.color == first }) else { return nil }
        return first
    }

    /// What `glyph` is multiplied by when the run's image is made: white when the glyphs share a color,
    /// else the glyph's own color.
    public func drawingColor(of glyph: PlacedGlyph, shared: PremultipliedColor?) -> PremultipliedColor {
        shared == nil ? glyph.color : .white
    }

    /// What the run's image is multiplied by when composited: the shared color, else white.
    public func compositeColor(shared: PremultipliedColor?) -> PremultipliedColor { shared ?? .white }

    /// Bytes of the distinct glyph images the run draws.
    public var imageBytes: Int {
        var seen = Set<UInt64>(), bytes = 0
        for g in glyphs where seen.insert(g.image.identity).inserted { bytes += g.image.pixels.count }
        return bytes
    }
}
