import Foundation
import Lamina
@testable import LaminaGLES

/// Small builders shared by the GPU backend tests.
enum TestSupport {
    static func backend() throws -> GLESBackend { try GLESBackend() }

    static let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = PremultipliedColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)

    static func fill(_ rect: Rect, radius: Double = 0, color: PremultipliedColor, transform: Lamina.AffineTransform = .identity,
                     clip: Clip = .none) -> DrawCommand {
        .fill(Fill(shape: RoundedRect(rect: rect, cornerRadius: radius), transform: transform, color: color, clip: clip))
    }

    /// An opaque bitmap from a per-pixel gray/color function.
    static func bitmap(width: Int, height: Int, _ pixel: (Int, Int) -> SIMD4<UInt8>) -> Bitmap {
        var b = Bitmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { b[x, y] = pixel(x, y) } }
        return b
    }

    static func gray(_ v: UInt8) -> SIMD4<UInt8> { SIMD4(v, v, v, 255) }

    /// Values of one channel along a row.
    static func row(_ b: Bitmap, y: Int, channel: Int = 3) -> [Int] {
        (0..<b.width).map { Int(b[$0, y][channel]) }
    }

    /// Exact 1-D Gaussian edge profile: ½·erfc(d / (σ√2)), d > 0 outside.
    static func edgeProfile(_ d: Double, sigma: Double) -> Double {
        0.5 * (1 - LaminaMath.erf(d / (sigma * 2.0.squareRoot())))
    }

    /// Folder of the package's Shaders/.
    static var shaderDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Shaders")
    }

    /// The parts of a card layer in a hand-made plan: its shadow at `index`, its background right after,
    /// `sublayers` commands of sublayers, then its border when it has one.
    static func cardLayer(shadowAt index: Int, sublayers: Int = 0, border: Bool) -> PlannedLayer {
        PlannedLayer(path: JSONPath.document.key("card\(index)"), shadow: index..<(index + 1), background: index + 1,
                     contents: (index + 2)..<(index + 2), sublayers: (index + 2)..<(index + 2 + sublayers),
                     border: border ? index + 2 + sublayers : nil)
    }
}
