/// SVG path data parsed into absolute segments (arcs already converted to cubic Béziers).
public struct SVGPath: Hashable, Sendable {
    /// One absolute drawing step.
    public enum Segment: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    public var segments: [Segment]

    public init(segments: [Segment]) { self.segments = segments }
}
