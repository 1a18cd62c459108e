import Lamina

/// A premultiplied RGBA8 pixel grid in manually managed memory, rows top to bottom.
///
/// Render targets, decoded image crops and mip levels are all pixel buffers, so rasterizers and
/// samplers read and write raw pointers without copy-on-write checks. Bands of rows are written
/// from several threads at once; they never overlap, hence `@unchecked Sendable`.
final class PixelBuffer: @unchecked Sendable {
    let width: Int
    let height: Int
    /// `width × height × 4` bytes.
    let pixels: UnsafeMutablePointer<UInt8>
    /// Whether `pixels` was allocated here (and is freed with the buffer).
    private let owned: Bool

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        let count = max(1, width * height * 4)
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0, count: count)
        owned = true
    }

    /// A buffer over memory owned elsewhere (the bytes of the canvas's array while a frame draws into it),
    /// valid only while that memory is.
    init(viewing pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        self.width = width
        self.height = height
        self.pixels = pixels
        owned = false
    }

    convenience init(bitmap: Bitmap) {
        self.init(width: bitmap.width, height: bitmap.height)
        bitmap.pixels.withUnsafeBufferPointer { src in
            if let base = src.baseAddress { pixels.update(from: base, count: src.count) }
        }
    }

    deinit { if owned { pixels.deallocate() } }

    var byteCount: Int { width * height * 4 }

    /// The first byte of row `y`.
    @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { pixels + y * width * 4 }

    /// Sets every pixel to one premultiplied 8-bit color.
    func clear(to color: SIMD4<UInt8>) {
        if color == SIMD4(repeating: 0) {
            pixels.update(repeating: 0, count: byteCount)
            return
        }
        let word = unsafeBitCast(color, to: UInt32.self)
        UnsafeMutableRawPointer(pixels).withMemoryRebound(to: UInt32.self, capacity: width * height) {
            $0.update(repeating: word, count: width * height)
        }
    }

    /// Sets the pixels of `rect` (clipped to the buffer) to one premultiplied 8-bit color.
    func clear(_ rect: PixelRect, to color: SIMD4<UInt8>) {
        let x0 = max(0, rect.x), x1 = min(width, rect.x + rect.width)
        let y0 = max(0, rect.y), y1 = min(height, rect.y + rect.height)
        guard x1 > x0, y1 > y0 else { return }
        let word = unsafeBitCast(color, to: UInt32.self)
        for y in y0..<y1 {
            UnsafeMutableRawPointer(row(y) + x0 * 4).withMemoryRebound(to: UInt32.self, capacity: x1 - x0) {
                $0.update(repeating: word, count: x1 - x0)
            }
        }
    }

    /// A copy as a `Bitmap`.
    func bitmap() -> Bitmap {
        Bitmap(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: pixels, count: byteCount)))
    }

    /// Alpha of pixel (x, y), 0…255.
    @inline(__always) func alpha(x: Int, y: Int) -> UInt8 { pixels[(y * width + x) * 4 + 3] }
}

extension PremultipliedColor {
    /// The color as 8-bit channels, rounded to nearest (what a target stores).
    var bytes: SIMD4<UInt8> {
        let v = SIMD4<Double>(red, green, blue, alpha)
        let c = (v.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) * 255).rounded(.toNearestOrAwayFromZero)
        return SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(c))
    }

    /// The color in single precision, 0…1 (what a source is blended with, as the GPU path's shaders get it).
    var unit: SIMD4<Float> {
        SIMD4<Float>(Float(red), Float(green), Float(blue), Float(alpha))
    }
}
