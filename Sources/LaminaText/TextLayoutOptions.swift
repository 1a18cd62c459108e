/// The bounds and rules a `TextLayout` lays text out with.
public struct TextLayoutOptions: Sendable {
    /// Bounds width in points.
    public var width: Double
    /// Bounds height in points; nil lays out every line.
    public var height: Double?
    /// Device pixels per point; every output coordinate is in device pixels.
    public var scale: Double
    /// Wrap lines at the width (UAX #14); false keeps one line per paragraph.
    public var isWrapped: Bool
    /// Where each line sits in the width.
    public var alignment: TextAlignment
    /// What a line too wide for the bounds loses (with `isWrapped`, only the last line that fits the height).
    public var truncation: TextTruncation
    /// Where the bounds' top-left lies in device pixels (usually the fractional part, 0..<1, of where it
    /// lands on a raster): every output coordinate is measured from that pixel grid's origin, so baselines
    /// land on whole and x positions on quarter pixels of the raster, not of the bounds.
    public var origin: (x: Double, y: Double)

    public init(width: Double, height: Double? = nil, scale: Double = 1, isWrapped: Bool = false,
                alignment: TextAlignment = .natural, truncation: TextTruncation = .none,
                origin: (x: Double, y: Double) = (0, 0)) {
        self.width = width
        self.height = height
        self.scale = scale
        self.isWrapped = isWrapped
        self.alignment = alignment
        self.truncation = truncation
        self.origin = origin
    }
}
