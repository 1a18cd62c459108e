/// Why a stroke could not be built: each case says what was expected, in one line.
public enum StrokeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A dash pattern with no lengths.
    case emptyDashPattern
    /// A dash length that is negative, NaN or infinite (its index in the pattern).
    case invalidDashLength(index: Int, value: Double)
    /// A dash pattern whose lengths are all 0.
    case zeroDashPattern
    /// A dash phase that is NaN or infinite.
    case invalidDashPhase(Double)
    /// Laying the pattern along the path would make more dashes than `limit`.
    case tooManyDashes(estimated: Double, limit: Int)
    /// The flattened path, or the stroke's outline, has more points than `limit`.
    case tooManyPoints(limit: Int)
    /// A miter limit below 1 (or not finite).
    case invalidMiterLimit(Double)
    /// A line width that is negative, NaN or infinite.
    case invalidLineWidth(Double)

    public var description: String {
        switch self {
        case .emptyDashPattern:
            return "lineDashPattern is empty; expected at least one length ≥ 0, not all 0"
        case .invalidDashLength(let i, let v):
            return "lineDashPattern[\(i)] is \(Format.number(v)); expected a finite length ≥ 0"
        case .zeroDashPattern:
            return "lineDashPattern lengths are all 0; expected at least one length > 0"
        case .invalidDashPhase(let v):
            return "lineDashPhase is \(Format.number(v)); expected a finite number"
        case .tooManyDashes(let n, let limit):
            return "lineDashPattern would make about \(Format.number(n.rounded(.up))) dashes on this path; "
                + "at most \(limit) are drawn (expected a pattern whose lengths are not tiny against the path's length)"
        case .tooManyPoints(let limit):
            return "the path or its stroke outline has more than \(limit) points; expected a simpler path, fewer dashes or a thinner stroke"
        case .invalidMiterLimit(let v):
            return "miterLimit is \(Format.number(v)); expected a finite number ≥ 1"
        case .invalidLineWidth(let v):
            return "lineWidth is \(Format.number(v)); expected a finite number ≥ 0"
        }
    }
}
