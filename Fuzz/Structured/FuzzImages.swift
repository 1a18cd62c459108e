import Lamina

/// The images that structured scenes show as contents: a few small bitmaps of byte patterns, made once
/// per process (so a backend reused across inputs sees the same images again, as in an animation).
///
/// Sizes cover 1×1, odd and non-square sizes, a strip, and 64×64 for mipmapped minification. Pixels
/// are premultiplied (each color byte ≤ alpha), as decoded images are.
enum FuzzImages {
    static let all: [Image] = [
        pattern(width: 1, height: 1, seed: 0),
        pattern(width: 2, height: 3, seed: 1),
        pattern(width: 4, height: 4, seed: 2),
        pattern(width: 16, height: 16, seed: 3),
        pattern(width: 1, height: 32, seed: 4),
        pattern(width: 33, height: 5, seed: 5),
        pattern(width: 64, height: 64, seed: 6),
        opaque(width: 7, height: 9),
    ]

    /// A pattern with varied alpha (transparent, partial and opaque pixels).
    static func pattern(width: Int, height: Int, seed: Int) -> Image {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = [0, 255, 128, 255, 1, 200][(x + 2 * y + seed) % 6]
                for channel in 0..<3 {
                    let v = (x * 37 + y * 91 + channel * 53 + seed * 17) & 0xFF
                    pixels.append(UInt8(v % (alpha + 1)))
                }
                pixels.append(UInt8(alpha))
            }
        }
        return Image(bitmap: Bitmap(width: width, height: height, pixels: pixels), source: "fuzz pattern \(width)×\(height)")
    }

    /// An opaque checkerboard.
    static func opaque(width: Int, height: Int) -> Image {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let on = (x + y) % 2 == 0
                pixels += on ? [250, 20, 60, 255] : [10, 200, 90, 255]
            }
        }
        return Image(bitmap: Bitmap(width: width, height: height, pixels: pixels), source: "fuzz checker \(width)×\(height)")
    }
}
