import ArgumentParser
import Lamina
import LaminaPNG

/// `--format`, `--quality` and `--lossless` of `lamina render`: the encoding of the output file(s).
struct OutputFormatOptions: ParsableArguments {
    @Option(help: "png, webp, jpeg (or jpg) or rgba (raw premultiplied RGBA bytes, rows top to bottom). Default: the output file's extension, else png.")
    var format: String?

    @Option(help: "Quality 0–100: lossy WebP (default 80) and JPEG (default 85); the effort of lossless WebP (default 25).")
    var quality: Int?

    @Flag(help: "WebP: lossless instead of lossy.")
    var lossless = false

    /// Checks `--format` and `--quality` before anything is read.
    func check() throws(EncodingOptionError) {
        if let format, ImageFormat(name: format) == nil { throw .unknownFormat(format) }
        if let quality, !(0...100).contains(quality) { throw .qualityOutOfRange(quality) }
    }

    /// The options for one output: `--format`, else the extension of `path`, else PNG. JPEG composites over
    /// the scene's background (white when it has none or a transparent one).
    func options(for path: String?, png: PNGCompression, scene: Scene) throws(EncodingOptionError) -> EncodingOptions {
        try check()
        let chosen = format.flatMap(ImageFormat.init(name:)) ?? path.flatMap(ImageFormat.init(path:)) ?? .png
        return try EncodingOptions(format: chosen, quality: quality, lossless: lossless, pngCompression: png,
                                   background: ImageEncoder.jpegBackground(of: scene)).validated()
    }
}
