import Lamina

/// A floating-point drawing surface for the example assets.
///
/// Pixels hold premultiplied sRGB components in 0…1. Every draw call evaluates its shape at pixel
/// centers `(x + 0.5, y + 0.5)` and composites with premultiplied source-over, the same rule the
/// renderers use, so the generated images are deterministic and resolution-exact.
struct AssetCanvas {
    let width: Int
    let height: Int
    private(set) var samples: [Double]

    /// A canvas cleared to `fill` (transparent by default).
    init(width: Int, height: Int, fill: Color = .clear) {
        self.width = width
        self.height = height
        let p = fill.premultiplied
        samples = [Double](repeating: 0, count: width * height * 4)
        if !p.isTransparent {
            for i in stride(from: 0, to: samples.count, by: 4) {
                samples[i] = p.red; samples[i + 1] = p.green; samples[i + 2] = p.blue; samples[i + 3] = p.alpha
            }
        }
    }

    /// Composites `color × coverage(x, y)` over the canvas inside `region` (whole canvas when nil).
    mutating func draw(_ color: Color, in region: PixelRect? = nil, coverage: (Double, Double) -> Double) {
        shade(in: region) { x, y in
            let c = coverage(x, y)
            return c <= 0 ? nil : color.withAlphaMultiplied(by: min(1, c))
        }
    }

    /// Composites a per-pixel color (straight alpha; nil = nothing) over the canvas inside `region`.
    mutating func shade(in region: PixelRect? = nil, _ colorAt: (Double, Double) -> Color?) {
        let r = clamped(region)
        guard r.width > 0, r.height > 0 else { return }
        for y in r.y..<(r.y + r.height) {
            for x in r.x..<(r.x + r.width) {
                guard let color = colorAt(Double(x) + 0.5, Double(y) + 0.5) else { continue }
                blend(color, x: x, y: y)
            }
        }
    }

    /// Replaces one pixel with an opaque or transparent color (for crisp pixel art).
    mutating func set(_ color: Color, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let p = color.premultiplied
        let i = (y * width + x) * 4
        samples[i] = p.red; samples[i + 1] = p.green; samples[i + 2] = p.blue; samples[i + 3] = p.alpha
    }

    /// Fills an integer rectangle with one color (source-over, no anti-aliasing).
    mutating func fillBlock(_ color: Color, x: Int, y: Int, width w: Int, height h: Int) {
        shade(in: PixelRect(x: x, y: y, width: w, height: h)) { _, _ in color }
    }

    /// The canvas as 8-bit premultiplied RGBA, rounded to nearest.
    func bitmap() -> Bitmap {
        var bytes = [UInt8](repeating: 0, count: samples.count)
        for i in 0..<samples.count {
            bytes[i] = UInt8((max(0, min(1, samples[i])) * 255).rounded())
        }
        return Bitmap(width: width, height: height, pixels: bytes)
    }

    private mutating func blend(_ color: Color, x: Int, y: Int) {
        let p = color.premultiplied
        guard p.alpha > 0 else { return }
        let i = (y * width + x) * 4
        let keep = 1 - p.alpha
        samples[i] = p.red + samples[i] * keep
        samples[i + 1] = p.green + samples[i + 1] * keep
        samples[i + 2] = p.blue + samples[i + 2] * keep
        samples[i + 3] = p.alpha + samples[i + 3] * keep
    }

    private func clamped(_ region: PixelRect?) -> PixelRect {
        guard let r = region else { return PixelRect(x: 0, y: 0, width: width, height: height) }
        let x0 = max(0, r.x), y0 = max(0, r.y)
        let x1 = min(width, r.x + r.width), y1 = min(height, r.y + r.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
