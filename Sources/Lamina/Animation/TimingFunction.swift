/// An easing curve: the cubic Bézier from (0,0) to (1,1) with control points (x1,y1) and (x2,y2), as
/// `CAMediaTimingFunction`. x1 and x2 lie in 0…1, so the curve's x grows monotonically and every
/// progress maps to exactly one eased fraction.
public struct TimingFunction: Hashable, Sendable, CustomStringConvertible {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// A custom curve; nil when x1 or x2 lies outside 0…1 or any value is not finite.
    public init?(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2) else { return nil }
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    private init(named x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// Apple's control points for the named functions (`CAMediaTimingFunctionName`).
    public static let linear = TimingFunction(named: 0, 0, 1, 1)
    public static let easeIn = TimingFunction(named: 0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(named: 0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(named: 0.42, 0, 0.58, 1)
    public static let `default` = TimingFunction(named: 0.25, 0.1, 0.25, 1)

    /// The names scenes may use, in the contract's order.
    public static let named: [(String, TimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut),
        ("default", .default),
    ]

    public var description: String {
        if let name = TimingFunction.named.first(where: { $0.1 == self })?.0 { return name }
        return "[\([x1, y1, x2, y2].map(Format.number).joined(separator: ", "))]"
    }

    /// The eased fraction at `progress` (0…1): y(s) where x(s) = progress.
    public func callAsFunction(_ progress: Double) -> Double {
        if self == .linear { return progress }
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        return curve(solveX(progress), y1, y2)
    }

    /// One coordinate of the curve at parameter s: 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³, in Horner form.
    func curve(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    private func slopeX(_ s: Double) -> Double {
        let c = 3 * x1, b = 3 * (x2 - x1) - c, a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    /// The parameter s in 0…1 with x(s) = p. Newton's method from s = p, and bisection when Newton's step
    /// stalls on a flat slope or leaves its bracket: the method of WebKit's and Chromium's `UnitBezier`.
    /// x(s) is monotonic for x1, x2 in 0…1, so the bracket [0, 1] always holds the root.
    func solveX(_ p: Double) -> Double {
        let epsilon = 1e-12
        var s = p
        for _ in 0..<8 {
            let error = curve(s, x1, x2) - p
            if abs(error) < epsilon { return s }
            let slope = slopeX(s)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
            if s < 0 || s > 1 { break }
        }
        var low = 0.0, high = 1.0
        s = p
        for _ in 0..<100 {
            let x = curve(s, x1, x2)
            if abs(x - p) < epsilon { return s }
            if x < p { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
