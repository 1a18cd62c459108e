/// An axis-aligned rectangle: origin (top-left on the y-down canvas) and size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(origin: Point(x, y), size: Size(width, height))
    }

    /// The rectangle spanning two corners.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(minX, minY, maxX - minX, maxY - minY)
    }

    public static let zero = Rect(0, 0, 0, 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(midX, midY) }
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// The four corners in the order min-min, max-min, max-max, min-max.
    public var corners: [Point] {
        [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)]
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(minX + dx, minY + dy, max(width - 2 * dx, 0), max(height - 2 * dy, 0))
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(minX + dx, minY + dy, width, height)
    }

    /// The overlap of two rectangles, or nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? Rect(minX: x0, minY: y0, maxX: x1, maxY: y1) : nil
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        Rect(minX: min(minX, other.minX), minY: min(minY, other.minY),
             maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    public func contains(_ r: Rect) -> Bool {
        r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY
    }

    /// The smallest rectangle with integer edges containing this one.
    public var integralOutset: Rect {
        Rect(minX: minX.rounded(.down), minY: minY.rounded(.down), maxX: maxX.rounded(.up), maxY: maxY.rounded(.up))
    }

    public var description: String {
        "[\(Format.number(minX)), \(Format.number(minY)), \(Format.number(width)), \(Format.number(height))]"
    }
}

/// An integer rectangle of pixels.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var rect: Rect { Rect(Double(x), Double(y), Double(width), Double(height)) }
    public var area: Int { width * height }

    public var description: String { "px[\(x), \(y), \(width), \(height)]" }
}
