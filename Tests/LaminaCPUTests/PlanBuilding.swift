import Lamina
@testable import LaminaCPU

/// Small helpers to build plans and read pixels in tests.
enum PlanBuilding {
    static let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1)

    static func render(_ plan: RenderPlan, threads: Int = 1) throws -> Bitmap {
        try CPUBackend(threads: threads).render(plan)
    }

    static func fill(_ rect: Rect, radius: Double = 0, color: PremultipliedColor, transform: AffineTransform = .identity,
                     clip: Clip = .none) -> DrawCommand {
        .fill(Fill(shape: RoundedRect(rect: rect, cornerRadius: radius), transform: transform, color: color, clip: clip))
    }

    /// An image whose pixel (x, y) is `f(x, y)` (opaque gray levels).
    static func grayImage(width: Int, height: Int, _ f: (Int, Int) -> UInt8) -> Image {
        var px = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let v = f(x, y), i = (y * width + x) * 4
                px[i] = v; px[i + 1] = v; px[i + 2] = v
            }
        }
        return Image(bitmap: Bitmap(width: width, height: height, pixels: px))
    }

    static func image(_ index: Int, crop: PixelRect, into dst: Rect, sampling: Sampling, sourceRect: Rect = Rect(0, 0, 1, 1),
                      transform: AffineTransform = .identity, clip: Clip = .none) -> DrawCommand {
        .image(ImageDraw(source: .image(index: index, crop: crop), destination: dst, sourceRect: sourceRect,
                         transform: transform, sampling: sampling, opacity: 1, clip: clip))
    }

    /// Red channel of row `y` from x0 to x1 (exclusive).
    static func row(_ b: Bitmap, y: Int, _ xs: Range<Int>) -> [Int] { xs.map { Int(b[$0, y][0]) } }

    /// ½·erfc(d / (σ√2)).
    static func edgeProfile(_ d: Double, sigma: Double) -> Double {
        0.5 * (1 - LaminaMath.erf(d / (sigma * 2.0.squareRoot())))
    }
}
