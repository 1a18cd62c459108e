/// A canvas and a tree of layers: the document of SCENE_FORMAT.md, decoded and validated.
public struct Scene: Hashable, Sendable {
    /// Canvas size in points.
    public var width: Double
    public var height: Double
    /// Pixels per point.
    public var scale: Double = 1
    public var background: Color = .clear
    /// Default of every layer's `allowsGroupOpacity`.
    public var groupOpacity: Bool = true
    public var root: Layer
    /// The moment, in seconds, that a still render samples the scene's animations at.
    public var time: Double = 0
    /// Font files that text layers name in `font` (SCENE_FORMAT.md top-level `fonts`).
    public var fonts: [String: FontData] = [:]

    public init(width: Double, height: Double, scale: Double = 1, background: Color = .clear,
                groupOpacity: Bool = true, root: Layer, time: Double = 0) {
        self.width = width; self.height = height; self.scale = scale
        self.background = background; self.groupOpacity = groupOpacity; self.root = root; self.time = time
    }

    /// Output size in pixels: `round(width × scale)` × `round(height × scale)`.
    public var pixelWidth: Int { Int(saturating: (width * scale).rounded()) }
    public var pixelHeight: Int { Int(saturating: (height * scale).rounded()) }
}

/// The limits of SCENE_FORMAT.md, enforced before anything is allocated.
public enum Limits {
    public static let maxSide = 16384
    public static let maxPixels = 268_000_000
    public static let maxDepth = 10_000
    public static let maxLayers = 1_000_000
    public static let maxImageSide = 16384
    public static let maxDocumentBytes = 64 * 1024 * 1024
    public static let maxFontBytes = 64 * 1024 * 1024
    /// Characters of text in all the text layers of a scene.
    public static let maxTextCharacters = 1_000_000
    public static let maxFontSize = 4096.0
    public static let maxDashCount = 1024
    /// Stops of a gradient (`colors`, `locations`).
    public static let maxGradientStops = 1024
    /// How far, in pixels, any layer's geometry (bounds, shadow and its blur) may reach from the canvas
    /// origin after all transforms: far past any canvas, well inside exact float arithmetic.
    public static let maxCoordinate = 1e9
    /// The widest shadow blur (σ in pixels, after transforms).
    public static let maxShadowSigma = 16384.0
}
