/// Bounds on the work one stroke may take, so that no input makes billions of dashes or points.
public enum StrokeLimits {
    /// The most dashes one path is cut into (dash pattern on intervals laid along the whole path).
    public static let maxDashes = 1_000_000
    /// The most points a path may flatten to before stroking.
    public static let maxPoints = 4_000_000
    /// The most points a stroke's outline polygons may have in all.
    public static let maxOutlinePoints = 16_000_000
}
