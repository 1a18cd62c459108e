import Synchronization

/// An 8-bit coverage mask (0 = outside, 255 = inside), rows top to bottom.
public struct AlphaMask: Hashable, Sendable, CustomStringConvertible {
    private static let counter = Atomic<UInt64>(0)

    public let width: Int
    public let height: Int
    public var alpha: [UInt8]
    /// Set on a mask kept between plans (`ContentImageCache`): the same number means the same bytes, so a
    /// backend may keep its upload. Not part of equality.
    public private(set) var identity: UInt64?

    public init(width: Int, height: Int, alpha: [UInt8]) {
        precondition(alpha.count == width * height, "AlphaMask size mismatch")
        self.width = width; self.height = height; self.alpha = alpha
    }

    /// This mask with an identity of its own, for keeping between plans.
    public func identified() -> AlphaMask {
        var m = self
        m.identity = AlphaMask.counter.add(1, ordering: .relaxed).newValue
        return m
    }

    public subscript(x: Int, y: Int) -> UInt8 { alpha[y * width + x] }

    public var description: String { "mask \(width)×\(height)" }

    public static func == (a: AlphaMask, b: AlphaMask) -> Bool {
        a.width == b.width && a.height == b.height && a.alpha == b.alpha
    }

    public func hash(into h: inout Hasher) {
        h.combine(width); h.combine(height); h.combine(alpha)
    }
}
