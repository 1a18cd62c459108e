/// The curve of a rounded corner.
public enum CornerCurve: String, Hashable, Sendable, CaseIterable {
    /// A quarter circle.
    case circular
    /// The iOS 13 continuous ("squircle") corner: three cubic Béziers over 1.528665 × the radius
    /// (`ContinuousCorner`); circular where that does not fit in half the shorter side.
    case continuous
}

/// Which corners a corner radius rounds (`CACornerMask`); min Y is the top on this y-down canvas.
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let minXMinY = CornerMask(rawValue: 1)
    public static let maxXMinY = CornerMask(rawValue: 2)
    public static let minXMaxY = CornerMask(rawValue: 4)
    public static let maxXMaxY = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
}

/// Per-corner radii, in the order top-left, top-right, bottom-right, bottom-left.
public struct CornerRadii: Hashable, Sendable, CustomStringConvertible {
    public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    public init(uniform r: Double) { self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r) }

    public static let zero = CornerRadii(uniform: 0)

    public var all: [Double] { [topLeft, topRight, bottomRight, bottomLeft] }
    public var isZero: Bool { all.allSatisfy { $0 == 0 } }
    public var isUniform: Bool { topLeft == topRight && topRight == bottomRight && bottomRight == bottomLeft }
    public var maximum: Double { all.max()! }

    public func map(_ f: (Double) -> Double) -> CornerRadii {
        CornerRadii(topLeft: f(topLeft), topRight: f(topRight), bottomRight: f(bottomRight), bottomLeft: f(bottomLeft))
    }

    public var description: String {
        isUniform ? Format.number(topLeft) : "[" + all.map(Format.number).joined(separator: ",") + "]"
    }
}

/// A rectangle with rounded corners: the shape of backgrounds, borders, clips and the default shadow.
///
/// Coverage is defined by `signedDistance(to:)` (negative inside). Radii are already clamped to half
/// the short side by whoever builds the value (`RoundedRect.init(rect:cornerRadius:mask:curve:)` does).
public struct RoundedRect: Hashable, Sendable, CustomStringConvertible {
    public var rect: Rect
    public var radii: CornerRadii
    public var curve: CornerCurve

    public init(rect: Rect, radii: CornerRadii = .zero, curve: CornerCurve = .circular) {
        self.rect = rect
        self.radii = radii
        self.curve = curve
    }

    /// Core Animation's rule: the radius applies to the masked corners, clamped to half the short side.
    public init(rect: Rect, cornerRadius: Double, mask: CornerMask = .all, curve: CornerCurve = .circular) {
        let r = max(0, min(cornerRadius, min(rect.width, rect.height) / 2))
        self.init(rect: rect, radii: CornerRadii(
            topLeft: mask.contains(.minXMinY) ? r : 0, topRight: mask.contains(.maxXMinY) ? r : 0,
            bottomRight: mask.contains(.maxXMaxY) ? r : 0, bottomLeft: mask.contains(.minXMaxY) ? r : 0),
            curve: curve)
    }

    public var isRect: Bool { radii.isZero }

    /// Extent of a corner's curve along each edge: the radius for circular corners and for continuous
    /// ones that do not fit (`ContinuousCorner.fits`), 1.528665 × the radius for the others.
    public static func curveExtent(radius: Double, curve: CornerCurve, rect: Rect) -> Double {
        curve == .continuous && ContinuousCorner.fits(radius: radius, in: rect) ? radius * ContinuousCorner.extentFactor : radius
    }

    /// The border's inner edge: inset by `width`, radii max(r − w, 0).
    public func inset(by width: Double) -> RoundedRect {
        RoundedRect(rect: rect.insetBy(dx: width, dy: width), radii: radii.map { max($0 - width, 0) }, curve: curve)
    }

    public func offsetBy(dx: Double, dy: Double) -> RoundedRect {
        RoundedRect(rect: rect.offsetBy(dx: dx, dy: dy), radii: radii, curve: curve)
    }

    /// Radius of the corner in the quadrant of `p` (relative to the center).
    @inline(__always) public func radius(forQuadrantOf p: Point) -> Double {
        if p.x < rect.midX { return p.y < rect.midY ? radii.topLeft : radii.bottomLeft }
        return p.y < rect.midY ? radii.topRight : radii.bottomRight
    }

    /// Signed distance from `p` to the outline (negative inside), in the rectangle's units.
    ///
    /// Circular corners: the exact rounded-box distance (Inigo Quilez's `sdRoundBox`). Continuous corners
    /// that fit: `ContinuousCorner.signedDistance` scaled by the radius (exact on the outline, first-order
    /// off it). Both backends evaluate exactly this function; the GLSL twin is in `Shaders/coverage.glsl`.
    public func signedDistance(to p: Point) -> Double {
        let hx = rect.width / 2, hy = rect.height / 2
        let qx0 = abs(p.x - rect.midX), qy0 = abs(p.y - rect.midY)
        let r = radius(forQuadrantOf: p)
        if curve == .circular || !ContinuousCorner.fits(radius: r, in: rect) {
            let qx = qx0 - hx + r, qy = qy0 - hy + r
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return outside + min(max(qx, qy), 0) - r
        }
        return r * ContinuousCorner.signedDistance(x: (hx - qx0) / r, y: (hy - qy0) / r)
    }

    public var description: String {
        let c = curve == .continuous ? " continuous" : ""
        return isRect ? "rect \(rect)" : "rrect \(rect) r=\(radii)\(c)"
    }
}
