/// A fill rule for paths.
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    case nonZero, evenOdd
}

/// A shape for `shadowPath`: a rectangle, an ellipse, a rounded rectangle (circular corners) or SVG path data.
public enum Path: Hashable, Sendable, CustomStringConvertible {
    case rect(Rect)
    case ellipse(Rect)
    case roundedRect(Rect, radius: Double)
    case svg(SVGPath, fillRule: FillRule)

    public var fillRule: FillRule {
        if case .svg(_, let rule) = self { return rule }
        return .nonZero
    }

    public var description: String {
        switch self {
        case .rect(let r): return "rect \(r)"
        case .ellipse(let r): return "ellipse \(r)"
        case .roundedRect(let r, let radius): return "roundedRect \(r) r=\(Format.number(radius))"
        case .svg(let p, let rule): return "svg(\(p.segments.count) segments, \(rule.rawValue))"
        }
    }
}
