/// A `CAGradientLayer`'s gradient evaluated at each pixel of `region` by the backend: t as the contract says
/// (`GradientParameter`), the color at t interpolated unpremultiplied between the stops, premultiplied,
/// × the exact-area coverage of the bounds, × `opacity` × the clip. The planner emits it when the layer maps
/// to the target by a scale and a translation and has at most `maxStops` colors; the GPU evaluates it in a
/// fragment shader, the CPU draws the same gradient's pixels (`GradientRasterizer.pixels(of:)`, kept between
/// frames), so both agree within 1/255.
public struct GradientDraw: Hashable, Sendable {
    /// The most colors a gradient drawn this way has (the shader's stop arrays); more are drawn as an image.
    public static let maxStops = 16

    public var gradient: GradientContent
    /// The layer's bounds, in points.
    public var bounds: Rect
    /// Bounds points → target pixels: a positive scale on each axis and a translation.
    public var transform: AffineTransform
    /// The target pixels drawn: the bounds' box on whole pixels, within the clip and the target.
    public var region: PixelRect
    public var opacity: Double
    public var clip: Clip

    public init(gradient: GradientContent, bounds: Rect, transform: AffineTransform, region: PixelRect, opacity: Double, clip: Clip) {
        self.gradient = gradient; self.bounds = bounds; self.transform = transform; self.region = region
        self.opacity = opacity; self.clip = clip
    }

    /// The start point and the vector t is measured with, in bounds points (`GradientParameter`): axial
    /// (E − S)/|E − S|², radial (1/rx, 1/ry), conic the unit direction of E − S; nil for a degenerate
    /// gradient, which shows its last color everywhere.
    public var parameter: (kind: GradientType, start: Point, vector: Point)? {
        switch GradientParameter(gradient, bounds: bounds) {
        case .axial(let s, let u): return (.axial, s, u)
        case .radial(let s, let r): return (.radial, s, r)
        case .conic(let s, let d): return (.conic, s, d)
        case .constant: return nil
        }
    }
}
