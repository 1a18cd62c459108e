import Lamina

/// Premultiplied RGBA8 pixels of a raster region that glyphs are blended into, limited to a clip of whole
/// pixels, with deterministic integer arithmetic: a coverage byte c of a color (r, g, b, a as bytes) gives the
/// source `color × c / 255` rounded to nearest, and source-over stores `src + dst × (255 − srcA) / 255`,
/// rounded to nearest, per channel.
struct TextRaster {
    /// The region, in raster pixels.
    let region: PixelRect
    /// The pixels glyphs may reach (within the region), x and y ranges in raster pixels.
    let clipX: Range<Int>
    let clipY: Range<Int>
    /// Rows of `region.width × 4` bytes.
    var pixels: [UInt8]
    /// Whether any source pixel was blended.
    private(set) var touched = false

    init(region: PixelRect, clipX: Range<Int>, clipY: Range<Int>) {
        self.region = region
        self.clipX = clipX.clamped(to: region.x..<(region.x + region.width))
        self.clipY = clipY.clamped(to: region.y..<(region.y + region.height))
        pixels = [UInt8](repeating: 0, count: region.width * region.height * 4)
    }

    /// x / 255 rounded to nearest, for 0 ≤ x ≤ 255 × 255 (x / 255 is never halfway).
    @inline(__always) static func divide255(_ x: Int) -> Int { (x + 127) / 255 }

    /// A straight color as the premultiplied bytes Lamina blends: each premultiplied component × 255,
    /// rounded to nearest and clamped to 0…255.
    static func bytes(of color: Color) -> SIMD4<Int> {
        let p = color.premultiplied
        func byte(_ v: Double) -> Int { v.isNaN ? 0 : Int(min(255, max(0, (v * 255).rounded()))) }
        return SIMD4(byte(p.red), byte(p.green), byte(p.blue), byte(p.alpha))
    }

    /// Blends `bitmap` with its top-left column at raster pixel (x, y): coverage in `color`, color glyphs in
    /// their own premultiplied colors.
    mutating func draw(_ bitmap: GlyphBitmap, x: Int, y: Int, color: SIMD4<Int>) {
        guard bitmap.width > 0, bitmap.height > 0 else { return }
        let xs = (x..<(x + bitmap.width)).clamped(to: clipX), ys = (y..<(y + bitmap.height)).clamped(to: clipY)
        guard !xs.isEmpty, !ys.isEmpty else { return }
        let stride = region.width * 4
        let bpp = bitmap.bytesPerPixel
        touched = true
        pixels.withUnsafeMutableBufferPointer { dst in
            bitmap.pixels.withUnsafeBufferPointer { src in
                for py in ys {
                    let srcRow = (py - y) * bitmap.width * bpp
                    let dstRow = (py - region.y) * stride
                    for px in xs {
                        let s = srcRow + (px - x) * bpp
                        let d = dstRow + (px - region.x) * 4
                        if bpp == 1 {
                            let c = Int(src[s])
                            if c == 0 { continue }
                            let a = Self.divide255(color.w * c)
                            if a == 0 && color.x == 0 && color.y == 0 && color.z == 0 { continue }
                            Self.over(Self.divide255(color.x * c), Self.divide255(color.y * c), Self.divide255(color.z * c), a, dst, d)
                        } else {
                            let a = Int(src[s + 3])
                            if a == 0 && src[s] == 0 && src[s + 1] == 0 && src[s + 2] == 0 { continue }
                            Self.over(Int(src[s]), Int(src[s + 1]), Int(src[s + 2]), a, dst, d)
                        }
                    }
                }
            }
        }
    }

    @inline(__always) private static func over(_ r: Int, _ g: Int, _ b: Int, _ a: Int, _ dst: UnsafeMutableBufferPointer<UInt8>, _ d: Int) {
        let k = 255 - a
        dst[d] = UInt8(min(255, r + divide255(Int(dst[d]) * k)))
        dst[d + 1] = UInt8(min(255, g + divide255(Int(dst[d + 1]) * k)))
        dst[d + 2] = UInt8(min(255, b + divide255(Int(dst[d + 2]) * k)))
        dst[d + 3] = UInt8(min(255, a + divide255(Int(dst[d + 3]) * k)))
    }

    /// Cuts the pixels to `bounds` (raster pixels) by exact area: a pixel the bounds cover partly keeps that
    /// part, `round(255 × overlap width × overlap height)` / 255 of each channel (rounded to nearest).
    mutating func clip(to bounds: Rect) {
        guard let firstX = clipX.first, let lastX = clipX.last else { return }
        func weight(_ p: Int, _ lo: Double, _ hi: Double) -> Double {
            max(0, min(Double(p + 1), hi) - max(Double(p), lo))
        }
        let edgeColumns = Set([firstX, lastX]).filter { weight($0, bounds.minX, bounds.maxX) < 1 }
        for py in clipY {
            let wy = weight(py, bounds.minY, bounds.maxY)
            for px in wy < 1 ? Array(clipX) : Array(edgeColumns) {
                let w = Int((wy * weight(px, bounds.minX, bounds.maxX) * 255).rounded())
                let d = (py - region.y) * region.width * 4 + (px - region.x) * 4
                for c in d..<(d + 4) { pixels[c] = UInt8(Self.divide255(Int(pixels[c]) * w)) }
            }
        }
    }

    /// Whether any pixel holds something.
    var isBlank: Bool {
        guard touched else { return true }
        return pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            return !words.contains { $0 != 0 }
        }
    }
}
