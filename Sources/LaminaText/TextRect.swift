/// A rectangle in device pixels, y down.
public struct TextRect: Sendable, Equatable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (may be 0 for an empty layout).
    public var width: Double
    /// Height.
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rectangle holding both.
    public func union(_ other: TextRect) -> TextRect {
        if width <= 0 && height <= 0 { return other }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return TextRect(x: x0, y: y0, width: max(x + width, other.x + other.width) - x0,
                        height: max(y + height, other.y + other.height) - y0)
    }
}
