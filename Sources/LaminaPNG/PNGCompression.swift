/// How hard the PNG encoder compresses.
public enum PNGCompression: String, Sendable, CaseIterable {
    /// libpng's defaults (zlib level 6, adaptive row filters): the smallest files; every existing output
    /// (goldens, assets, `lamina render`) uses it.
    case standard
    /// libdeflate level 3 with the Up row filter, and RGB instead of RGBA when every pixel is opaque:
    /// much less CPU to write than `standard` for files a few percent larger (same pixels); the service's
    /// default, where encoding dominates the time of a request.
    case fast
}
