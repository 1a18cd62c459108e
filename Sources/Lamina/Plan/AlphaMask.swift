/// An 8-bit coverage mask (0 = outside, 255 = inside), rows top to bottom.
public struct AlphaMask: Hashable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public var alpha: [UInt8]

    public init(width: Int, height: Int, alpha: [UInt8]) {
        precondition(alpha.count == width * height, "AlphaMask size mismatch")
        self.width = width; self.height = height; self.alpha = alpha
    }

    public subscript(x: Int, y: Int) -> UInt8 { alpha[y * width + x] }

    public var description: String { "mask \(width)×\(height)" }
}
