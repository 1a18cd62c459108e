/// One step of a `RenderPlan`. Colors are premultiplied; blending is premultiplied source-over
/// (`dst = src + dst × (1 − src.a)`) in sRGB-encoded values; coverage multiplies the source.
public enum DrawCommand: Hashable, Sendable {
    /// Makes the offscreen current; it starts transparent. With a cache key the backend may instead
    /// reuse a cached bitmap and skip everything up to the matching `endOffscreen`.
    case beginOffscreen(OffscreenID)
    /// Returns to the previous target.
    case endOffscreen
    /// Fills a rounded rectangle with anti-aliased edges.
    case fill(Fill)
    /// Fills the area between two rounded rectangles (a border: outer minus inner).
    case border(Border)
    /// Draws a textured quad: an image, or a finished offscreen (compositing).
    case image(ImageDraw)
    /// A drop shadow of a rounded rectangle in closed form (no offscreen).
    case roundedRectShadow(RoundedRectShadow)
    /// A drop shadow made by blurring an alpha source (an offscreen silhouette or a path mask).
    case blurredShadow(BlurredShadow)
    /// Fills with a color through a precomputed coverage mask (a shadowPath when σ is 0).
    case maskFill(MaskFill)
    /// A text layer's glyphs, each an image of coverage or color placed at whole pixels.
    case glyphs(GlyphRun)
    /// A gradient evaluated at each pixel of its region.
    case gradient(GradientDraw)
}

/// A rounded rectangle filled with a color.
public struct Fill: Hashable, Sendable {
    /// The shape, in the local space of `transform`.
    public var shape: RoundedRect
    /// Local space → target pixels.
    public var transform: AffineTransform
    public var color: PremultipliedColor
    public var clip: Clip

    public init(shape: RoundedRect, transform: AffineTransform, color: PremultipliedColor, clip: Clip) {
        self.shape = shape; self.transform = transform; self.color = color; self.clip = clip
    }
}

/// A ring of `width` along the inside of `outer` (a layer's border), filled with a color.
public struct Border: Hashable, Sendable {
    public var outer: RoundedRect
    /// How far the ring reaches inwards, in local units: 0 ≤ width ≤ half the shorter side of `outer`.
    public var width: Double
    public var transform: AffineTransform
    public var color: PremultipliedColor
    public var clip: Clip

    public init(outer: RoundedRect, width: Double, transform: AffineTransform, color: PremultipliedColor, clip: Clip) {
        self.outer = outer; self.width = width; self.transform = transform; self.color = color; self.clip = clip
    }

    /// The ring's inner edge: `outer` inset by `width` (radii shrink by it, as Core Animation draws borders).
    public var inner: RoundedRect { outer.inset(by: width) }
}

/// Where an image draw takes its texels from.
public enum ImageSource: Hashable, Sendable {
    /// `RenderPlan.images[index]`, restricted to the pixels of `crop` (a contentsRect sub-image).
    /// Sampling never reads outside `crop`: coordinates beyond it clamp to its edge pixels.
    case image(index: Int, crop: PixelRect)
    /// A finished offscreen of this plan (clamped to its edge).
    case offscreen(OffscreenID)
}

/// How texels are sampled.
public enum Sampling: Hashable, Sendable, CustomStringConvertible {
    case nearest
    /// Bilinear, level 0 only.
    case linear
    /// Trilinear between premultiplied mip levels (box-filtered, `MipChain`) at this level of detail,
    /// already including the bias. Level 0 is the source; the LOD is clamped to the chain.
    case trilinear(lod: Double)

    public var description: String {
        switch self {
        case .nearest: return "nearest"
        case .linear: return "linear"
        case .trilinear(let lod): return "trilinear(lod \(Format.number(lod)))"
        }
    }
}

/// A textured quad.
public struct ImageDraw: Hashable, Sendable {
    public var source: ImageSource
    /// The quad, in the local space of `transform`.
    public var destination: Rect
    /// The part of the source shown, in unit coordinates of the source (crop or offscreen);
    /// may reach outside 0…1, where edge pixels extend.
    public var sourceRect: Rect
    public var transform: AffineTransform
    public var sampling: Sampling
    /// Multiplies the sampled color.
    public var opacity: Double
    /// When set, the sampled color is multiplied by this offscreen's alpha at the same texel
    /// (the offscreen has the same size as the source offscreen).
    public var mask: OffscreenID?
    public var clip: Clip

    public init(source: ImageSource, destination: Rect, sourceRect: Rect, transform: AffineTransform,
                sampling: Sampling, opacity: Double, mask: OffscreenID? = nil, clip: Clip) {
        self.source = source; self.destination = destination; self.sourceRect = sourceRect
        self.transform = transform; self.sampling = sampling; self.opacity = opacity; self.mask = mask; self.clip = clip
    }
}

/// `color × (shape ⊛ Gaussian(σ))`, evaluated in closed form.
public struct RoundedRectShadow: Hashable, Sendable {
    /// The shadow shape (already offset), in the local space of `transform`. Circular corners.
    public var shape: RoundedRect
    public var transform: AffineTransform
    /// Standard deviation in local units (the transform scales it). 0 = hard edge.
    public var sigma: Double
    public var color: PremultipliedColor
    public var clip: Clip

    public init(shape: RoundedRect, transform: AffineTransform, sigma: Double, color: PremultipliedColor, clip: Clip) {
        self.shape = shape; self.transform = transform; self.sigma = sigma; self.color = color; self.clip = clip
    }
}

/// Where a blurred shadow takes its alpha from.
public enum ShadowSource: Hashable, Sendable {
    /// A finished offscreen whose top-left pixel sits at `BlurredShadow.origin`.
    case offscreen(OffscreenID)
    /// A coverage mask made by the planner (shadowPath).
    case mask(AlphaMask)
}

/// `color × blur(alpha of source, σ)`, drawn with its top-left at `origin + offset` in the target.
///
/// Backends follow `BlurRecipe(sigma:)` exactly (downsampling and kernel), so both agree.
public struct BlurredShadow: Hashable, Sendable {
    public var source: ShadowSource
    /// Target pixel of the source's top-left pixel before the offset.
    public var origin: PixelPoint
    /// Shadow offset in target pixels (may be fractional: sampled bilinearly).
    public var offset: Point
    /// Standard deviation in target pixels. 0 = the source alpha as is.
    public var sigma: Double
    public var color: PremultipliedColor
    public var clip: Clip

    public init(source: ShadowSource, origin: PixelPoint, offset: Point, sigma: Double, color: PremultipliedColor, clip: Clip) {
        self.source = source; self.origin = origin; self.offset = offset; self.sigma = sigma; self.color = color; self.clip = clip
    }
}

/// A color through a coverage mask placed at an integer pixel position.
public struct MaskFill: Hashable, Sendable {
    public var mask: AlphaMask
    public var origin: PixelPoint
    public var color: PremultipliedColor
    public var clip: Clip

    public init(mask: AlphaMask, origin: PixelPoint, color: PremultipliedColor, clip: Clip) {
        self.mask = mask; self.origin = origin; self.color = color; self.clip = clip
    }
}

/// An integer pixel position.
public struct PixelPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
    public var description: String { "(\(x), \(y))" }
}
