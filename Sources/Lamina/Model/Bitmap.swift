/// An RGBA8 image held in memory with premultiplied alpha, rows top to bottom.
///
/// PNG files store straight alpha; `LaminaPNG` converts on the way in and out.
public struct Bitmap: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A, premultiplied.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "Bitmap size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A bitmap filled with one premultiplied color.
    public init(width: Int, height: Int, fill: PremultipliedColor = .transparent) {
        let px: [UInt8] = [fill.red, fill.green, fill.blue, fill.alpha].map { UInt8((max(0, min(1, $0)) * 255).rounded()) }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if px != [0, 0, 0, 0] {
            for i in stride(from: 0, to: pixels.count, by: 4) {
                pixels[i] = px[0]; pixels[i + 1] = px[1]; pixels[i + 2] = px[2]; pixels[i + 3] = px[3]
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The premultiplied RGBA bytes of one pixel.
    public subscript(x: Int, y: Int) -> SIMD4<UInt8> {
        get {
            let i = (y * width + x) * 4
            return SIMD4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue[0]; pixels[i + 1] = newValue[1]; pixels[i + 2] = newValue[2]; pixels[i + 3] = newValue[3]
        }
    }

    /// The pixels of a sub-rectangle (which must lie inside the bitmap).
    public func cropped(to r: PixelRect) -> Bitmap {
        precondition(r.x >= 0 && r.y >= 0 && r.x + r.width <= width && r.y + r.height <= height)
        if r.x == 0 && r.y == 0 && r.width == width && r.height == height { return self }
        var out = [UInt8](repeating: 0, count: r.width * r.height * 4)
        for row in 0..<r.height {
            let src = ((r.y + row) * width + r.x) * 4
            out.replaceSubrange(row * r.width * 4..<(row + 1) * r.width * 4, with: pixels[src..<src + r.width * 4])
        }
        return Bitmap(width: r.width, height: r.height, pixels: out)
    }
}
