/// How hard the PNG encoder compresses.
public enum PNGCompression: String, Sendable, CaseIterable {
    /// libpng's defaults (zlib level 6, adaptive row filters): the smallest files; every existing output
    /// (goldens, assets, `lamina render`) uses it.
    case standard
    /// zlib level 1 with the Sub row filter: several times faster to write for somewhat larger files;
    /// for services, where encoding dominates the time of a request.
    case fast
}
