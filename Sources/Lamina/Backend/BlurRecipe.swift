/// The exact steps of a Gaussian blur that both backends perform, so their results agree.
///
/// 1. Downsample the source alpha by `factor` (a power of two up to `maxFactor`): each low-resolution pixel is the mean
///    of its `factor × factor` block (pixels past the source edge count as transparent);
///    low-resolution size = ceil(size / factor).
/// 2. Blur horizontally, then vertically, with `weights` (taps −radius…radius, sum 1); samples
///    outside the image are transparent. Each weight is the Gaussian integrated over its pixel,
///    ½(erf((i+½)/(σ√2)) − erf((i−½)/(σ√2))), which makes pixel-aligned edges exact even for small σ.
/// 3. Read the result bilinearly at low-resolution coordinate `(p + 0.5) / factor − 0.5`, where `p`
///    is the full-resolution pixel position relative to the source origin (offset included);
///    outside the image is transparent.
public struct BlurRecipe: Hashable, Sendable {
    public let sigma: Double
    public let factor: Int
    /// σ in low-resolution pixels.
    public let levelSigma: Double
    public let radius: Int
    /// `2·radius + 1` normalized taps.
    public let weights: [Float]

    /// Downsample while σ per low-resolution pixel stays above this.
    /// (6 keeps the low-resolution blur at least 3 pixels wide, so the bilinear read-back stays under 1/255.)
    public static let downsampleThreshold = 6.0
    /// The largest downsampling factor; with σ at most `Limits.maxShadowSigma` the low-resolution blur
    /// keeps at most about 50 taps a side.
    public static let maxFactor = 1024

    public init(sigma: Double) {
        self.sigma = sigma
        var f = 1
        while f < BlurRecipe.maxFactor && sigma / Double(f * 2) >= BlurRecipe.downsampleThreshold / 2 && sigma / Double(f) > BlurRecipe.downsampleThreshold {
            f *= 2
        }
        factor = f
        let ff = Double(f * f)
        // Box downsampling adds variance (f²−1)/12 and the bilinear read-back about (f²−1)/6 (full-res px²).
        let residual = max(sigma * sigma - (ff - 1) / 4, 0).squareRoot()
        levelSigma = residual / Double(f)
        guard levelSigma > 0 else {
            radius = 0
            weights = [1]
            return
        }
        let r = max(1, Int(saturating: (3 * levelSigma).rounded(.up)))
        let k = 1 / (levelSigma * 2.0.squareRoot())
        var w = (-r...r).map { i in 0.5 * (LaminaMath.erf((Double(i) + 0.5) * k) - LaminaMath.erf((Double(i) - 0.5) * k)) }
        radius = r
        let sum = w.reduce(0, +)
        w = w.map { $0 / sum }
        weights = w.map(Float.init)
    }

    /// How many full-resolution pixels the blur reaches past the source (3σ, rounded up, plus one).
    public var reach: Int { Int(saturating: (3 * sigma).rounded(.up)) + 1 }
}
