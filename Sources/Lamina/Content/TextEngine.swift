import Synchronization

/// What the planner needs of a text stack (shaping, fonts, glyph coverage), kept behind this small
/// interface so that `Lamina` stays free of C libraries: `LaminaText` implements it with fontconfig,
/// FreeType, HarfBuzz, FriBidi and libunibreak; tests may implement it with a fake.
///
/// An engine is shared between threads and keeps its own bounded caches (layouts, glyph coverage).
public protocol TextEngine: AnyObject, Sendable {
    /// Checks that a font file holds the face it names; throws a `TextEngineError` saying what is wrong.
    func validate(_ font: FontData) throws(TextEngineError)

    /// Lays the text out in `bounds` (the layer's bounds space, points) as SCENE_FORMAT.md "CATextLayer"
    /// says, and draws it premultiplied into the pixels `region` of a raster whose pixels map from the
    /// bounds space by `transform` — only a scale `s` (the same on both axes, `TextContent.contentsScale`
    /// or the scene's) and a translation: baselines land on whole pixels, x positions on quarter pixels of
    /// that raster. Nothing is drawn outside the bounds. Returns RGBA8 premultiplied pixels of `region`
    /// (row-major, `region.width × region.height × 4` bytes), or nil when nothing lands in it.
    func draw(_ text: TextContent, bounds: Rect, fonts: [String: FontData], transform: AffineTransform,
              region: PixelRect) throws(TextEngineError) -> [UInt8]?

    /// The same text as `draw` lays out, as glyph images placed at whole pixels of the raster (`transform`
    /// as for `draw`), in drawing order: a coverage glyph in its run's color (premultiplied), a color
    /// glyph in opaque white. Only glyphs that may reach `region` are listed; the bounds do not cut them
    /// (the planner clips the run to the bounds). Nil when the engine draws text only as whole rasters.
    func glyphs(_ text: TextContent, bounds: Rect, fonts: [String: FontData], transform: AffineTransform,
                region: PixelRect) throws(TextEngineError) -> [PlacedGlyph]?

    /// The box, in the bounds space, of the ink the text draws in `bounds` at `scale` pixels per point
    /// (within the bounds); nil when it draws nothing.
    func inkBounds(_ text: TextContent, bounds: Rect, fonts: [String: FontData], scale: Double) throws(TextEngineError) -> Rect?

    /// Bytes the engine's caches hold now.
    var cachedBytes: Int { get }
}

extension TextEngine {
    /// No glyph runs: the planner asks `draw` for whole rasters.
    public func glyphs(_ text: TextContent, bounds: Rect, fonts: [String: FontData], transform: AffineTransform,
                       region: PixelRect) throws(TextEngineError) -> [PlacedGlyph]? { nil }
}

/// Why a text engine could not do what it was asked.
public struct TextEngineError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// A font file or name in the scene is wrong (exit code 1).
        case badInput
        /// The text stack or the system's fonts are missing (exit code 2).
        case environment
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }

    public var description: String { message }
}

/// The text engine that planning uses when a scene has text layers. Programs that draw text install one
/// at start (`LaminaText.TextStack.install()`); without one, a scene with text is refused as an
/// environment error.
public enum TextEngines {
    private static let installed = Mutex<(any TextEngine)?>(nil)

    /// The installed engine, if any.
    public static var current: (any TextEngine)? { installed.withLock { $0 } }

    /// Makes `engine` the one planning uses.
    public static func install(_ engine: (any TextEngine)?) { installed.withLock { $0 = engine } }
}
