/// Keeps strokes thinner than a device pixel visible with coverage proportional to their width.
///
/// Exact-area coverage sampled on 16 sub-scanlines can miss a stroke much thinner than a pixel between
/// two samples. So a stroke whose device width is below 1 px is drawn 1 px wide instead, and its coverage
/// (alpha) multiplied by the device width: the ink per unit length is the same as the thin stroke's.
/// The device width is lineWidth × √|det| of the transform: exact for rotations, uniform scales and
/// flips; under a non-uniform scale it is the geometric mean of the widths in the two axis directions.
public struct HairlineStroke: Hashable, Sendable {
    /// The width to stroke with, in the path's space.
    public var lineWidth: Double
    /// The factor to multiply the stroke's coverage by (1 for strokes of 1 px or more).
    public var coverageScale: Double

    /// The device width of `lineWidth` in the path's space after `transform`.
    public static func deviceWidth(lineWidth: Double, transform: AffineTransform) -> Double {
        lineWidth * abs(transform.determinant).squareRoot()
    }

    /// The width and coverage factor for a stroke of `lineWidth` drawn through `transform`: unchanged at
    /// 1 px or more (and for a width of 0, or a transform that collapses the plane, which draw nothing);
    /// below, the width that makes 1 device pixel and the device width as coverage factor.
    public init(lineWidth: Double, transform: AffineTransform) {
        let device = HairlineStroke.deviceWidth(lineWidth: lineWidth, transform: transform)
        if device >= 1 || !(device > 0) || !device.isFinite {
            self.lineWidth = lineWidth
            coverageScale = 1
        } else {
            self.lineWidth = lineWidth / device
            coverageScale = device
        }
    }

    /// Whether the stroke is drawn thicker than it is, with its coverage scaled down.
    public var isHairline: Bool { coverageScale < 1 }
}
