import Lamina
import Synchronization

/// Lamina's text engine: fontconfig, FreeType, HarfBuzz, FriBidi and libunibreak behind `TextEngine`, so
/// that the planner can draw `CATextLayer` content on every backend (SCENE_FORMAT.md "CATextLayer").
///
/// Fonts are a name in the scene's `fonts` table (loaded once per `FontData`) or a fontconfig family with
/// an optional style (`"DejaVu Sans:Bold"`); characters a font lacks fall back through fontconfig. Layouts
/// and glyph images are kept in one least-recently-used cache bounded in bytes; a color change reuses the
/// layout. Safe to share between threads.
public final class TextStack: TextEngine {
    /// The engine programs install at start.
    public static let shared = TextStack()

    /// Makes `shared` the engine planning draws text with; `warnings`, when given, is told once per font
    /// name that fontconfig answers with another family (the text is drawn in that family, as the contract says).
    public static func install(warnings: (@Sendable (String) -> Void)? = nil) {
        if let warnings { shared.systemFonts.setWarningHandler(warnings) }
        TextEngines.install(shared)
    }

    /// The default cache bound: 64 MiB.
    public static let defaultCacheCapacity = 64 << 20

    /// The most pixels `draw` fills at once: a 16384 × 16384 canvas.
    public static let maxRegionPixels = 16384 * 16384

    private let caches: Mutex<TextCaches>
    let systemFonts: SystemFonts
    private let rasterizer = GlyphRasterizer()

    /// An engine whose caches hold at most `cacheCapacity` bytes; `matcher` replaces the system's fontconfig
    /// (loaded on first use otherwise).
    public init(cacheCapacity: Int = TextStack.defaultCacheCapacity, matcher: FontMatcher? = nil) {
        caches = Mutex(TextCaches(capacity: cacheCapacity))
        systemFonts = SystemFonts(matcher: matcher)
    }

    /// The most bytes the caches may hold; lowering it evicts at once.
    public var cacheCapacity: Int {
        get { caches.withLock { $0.capacity } }
        set { caches.withLock { $0.capacity = max(0, newValue) } }
    }

    public var cachedBytes: Int { caches.withLock { $0.bytes } }

    /// Layouts made because none was cached (for tests).
    var layoutMisses: Int { caches.withLock { $0.layoutMisses } }
    /// Glyph images rasterized because none was cached (for tests).
    var glyphMisses: Int { caches.withLock { $0.glyphMisses } }
    /// Cache entries evicted to stay within the capacity (for tests).
    var evictions: Int { caches.withLock { $0.evictions } }

    /// Drops every cached face, layout and glyph image.
    public func removeCachedData() {
        caches.withLock { $0.removeAll() }
    }

    public func validate(_ font: FontData) throws(TextEngineError) {
        _ = try face(of: font)
    }

    public func draw(_ text: TextContent, bounds: Rect, fonts: [String: FontData], transform: AffineTransform,
                     region: PixelRect) throws(TextEngineError) -> [UInt8]? {
        let s = try Self.scale(of: transform)
        guard !text.isEmpty, bounds.width > 0, bounds.height > 0, region.width > 0, region.height > 0 else { return nil }
        let (area, overflow) = region.width.multipliedReportingOverflow(by: region.height)
        guard !overflow, area <= Self.maxRegionPixels else {
            throw TextEngineError(.badInput, "text region \(region) is larger than \(Self.maxRegionPixels) pixels")
        }
        let x0 = s * bounds.minX + transform.tx, y0 = s * bounds.minY + transform.ty
        let cut = Rect(x0, y0, s * bounds.width, s * bounds.height)
        guard cut.minX.isFinite, cut.minY.isFinite, cut.maxX.isFinite, cut.maxY.isFinite else { return nil }
        let clipX = (Int(saturating: cut.minX.rounded(.down))..<Int(saturating: cut.maxX.rounded(.up)))
            .clamped(to: region.x..<(region.x + region.width))
        let clipY = (Int(saturating: cut.minY.rounded(.down))..<Int(saturating: cut.maxY.rounded(.up)))
            .clamped(to: region.y..<(region.y + region.height))
        guard !clipX.isEmpty, !clipY.isEmpty else { return nil }
        var raster = TextRaster(region: region, clipX: clipX, clipY: clipY)

        let wholeX = x0.rounded(.down), wholeY = y0.rounded(.down)
        let layout = try self.layout(text, size: bounds.size, scale: s, origin: (x0 - wholeX, y0 - wholeY), fonts: fonts)
        let colors = text.runs.map { TextRaster.bytes(of: $0.foregroundColor ?? text.foregroundColor) }
        let baseX = Int(saturating: wholeX), baseY = Int(saturating: wholeY)
        for line in layout.lines {
            for g in line.glyphs {
                let (whole, quarter) = g.pixelX
                guard Self.mayReach(clipX, clipY, penX: baseX + whole, penY: baseY + Int(saturating: g.y), pixelSize: g.pixelSize) else { continue }
                let bitmap = try self.bitmap(g, subpixel: quarter)
                let color = colors.indices.contains(g.color) ? colors[g.color] : TextRaster.bytes(of: text.foregroundColor)
                raster.draw(bitmap, x: baseX + whole + bitmap.left, y: baseY + Int(saturating: g.y) + bitmap.top, color: color)
            }
        }
        raster.clip(to: cut)
        return raster.isBlank ? nil : raster.pixels
    }

    public func glyphs(_ text: TextContent, bounds: Rect, fonts: [String: FontData], transform: AffineTransform,
                       region: PixelRect) throws(TextEngineError) -> [PlacedGlyph]? {
        let s = try Self.scale(of: transform)
        guard !text.isEmpty, bounds.width > 0, bounds.height > 0, region.width > 0, region.height > 0 else { return [] }
        let x0 = s * bounds.minX + transform.tx, y0 = s * bounds.minY + transform.ty
        guard x0.isFinite, y0.isFinite, (s * bounds.maxX + transform.tx).isFinite, (s * bounds.maxY + transform.ty).isFinite else { return [] }
        let clipX = region.x..<(region.x + region.width), clipY = region.y..<(region.y + region.height)
        let wholeX = x0.rounded(.down), wholeY = y0.rounded(.down)
        let layout = try self.layout(text, size: bounds.size, scale: s, origin: (x0 - wholeX, y0 - wholeY), fonts: fonts)
        let colors = text.runs.map { ($0.foregroundColor ?? text.foregroundColor).premultiplied }
        let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
        let baseX = Int(saturating: wholeX), baseY = Int(saturating: wholeY)
        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(layout.glyphCount)
        for line in layout.lines {
            for g in line.glyphs {
                let (whole, quarter) = g.pixelX
                guard Self.mayReach(clipX, clipY, penX: baseX + whole, penY: baseY + Int(saturating: g.y), pixelSize: g.pixelSize) else { continue }
                let bitmap = try self.bitmap(g, subpixel: quarter)
                guard bitmap.width > 0, bitmap.height > 0, let image = bitmap.image else { continue }
                let origin = PixelPoint(x: baseX + whole + bitmap.left, y: baseY + Int(saturating: g.y) + bitmap.top)
                guard origin.x < clipX.upperBound, origin.y < clipY.upperBound,
                      origin.x + bitmap.width > clipX.lowerBound, origin.y + bitmap.height > clipY.lowerBound else { continue }
                let color = bitmap.format == .coverage
                    ? (colors.indices.contains(g.color) ? colors[g.color] : text.foregroundColor.premultiplied) : white
                placed.append(PlacedGlyph(image: image, origin: origin, color: color))
            }
        }
        return placed
    }

    public func inkBounds(_ text: TextContent, bounds: Rect, fonts: [String: FontData], scale: Double) throws(TextEngineError) -> Rect? {
        guard scale.isFinite, scale > 0 else {
            throw TextEngineError(.badInput, "text scale \(Format.number(scale)) is not a positive number")
        }
        guard !text.isEmpty, bounds.width > 0, bounds.height > 0 else { return nil }
        let layout = try self.layout(text, size: bounds.size, scale: scale, origin: (0, 0), fonts: fonts)
        var ink: Rect?
        for line in layout.lines {
            for g in line.glyphs {
                let (whole, quarter) = g.pixelX
                let b = try bitmap(g, subpixel: quarter)
                guard b.width > 0, b.height > 0 else { continue }
                let box = Rect(Double(whole + b.left), g.y + Double(b.top), Double(b.width), Double(b.height))
                ink = ink.map { $0.union(box) } ?? box
            }
        }
        guard let ink else { return nil }
        let inBounds = Rect(bounds.minX + ink.minX / scale, bounds.minY + ink.minY / scale, ink.width / scale, ink.height / scale)
        return inBounds.intersection(bounds)
    }

    /// How far from its pen position, in ems, a glyph's ink is assumed to reach at most: a glyph whose pen
    /// lies farther outside the clip is not rasterized (text far past the bounds costs no glyph images).
    static let glyphReachEms = 4.0

    /// Whether a glyph at the pen position may put ink inside the clip.
    static func mayReach(_ clipX: Range<Int>, _ clipY: Range<Int>, penX: Int, penY: Int, pixelSize: Double) -> Bool {
        let reach = Int(saturating: (glyphReachEms * pixelSize).rounded(.up)) + 2
        return penX.addingReportingOverflow(reach).partialValue >= clipX.lowerBound
            && penX.subtractingReportingOverflow(reach).partialValue < clipX.upperBound
            && penY.addingReportingOverflow(reach).partialValue >= clipY.lowerBound
            && penY.subtractingReportingOverflow(reach).partialValue < clipY.upperBound
    }

    /// The scale of a transform that is a uniform scale and a translation.
    private static func scale(of t: AffineTransform) throws(TextEngineError) -> Double {
        let s = t.a, tolerance = 1e-9 * abs(s)
        guard s.isFinite, s > 0, abs(t.d - s) <= tolerance, abs(t.b) <= tolerance, abs(t.c) <= tolerance,
              t.tx.isFinite, t.ty.isFinite else {
            throw TextEngineError(.badInput, "text is drawn with \(t), which is not a positive uniform scale and a translation")
        }
        return s
    }

    // MARK: Fonts, layouts and glyph images through the caches

    /// The face of a scene font, loaded once per `FontData`.
    func face(of font: FontData) throws(TextEngineError) -> FontFace {
        if let cached = caches.withLock({ $0.face(font.id) }) { return cached }
        let face: FontFace
        do {
            face = try FontFace(bytes: font.bytes, index: font.faceIndex, name: font.source)
        } catch {
            throw TextEngineError(.badInput, error.description)
        }
        caches.withLock { $0.insert(face, for: font) }
        return face
    }

    /// The face a font name stands for: a scene font, else fontconfig's match.
    func face(named name: String, fonts: [String: FontData]) throws(TextEngineError) -> FontFace {
        if let data = fonts[name] { return try face(of: data) }
        return try systemFonts.face(named: name)
    }

    /// The text laid out in `size` (points) at `scale` pixels per point, with the bounds' top-left at
    /// `origin` (device pixels, within the first pixel), from the cache when the same layout was made before.
    func layout(_ text: TextContent, size: Size, scale: Double, origin: (x: Double, y: Double),
                fonts: [String: FontData]) throws(TextEngineError) -> TextLayout {
        for span in text.runs {
            let points = span.fontSize ?? text.fontSize, pixels = points * scale
            guard points.isFinite, points > 0 else {
                throw TextEngineError(.badInput, "text fontSize \(Format.number(points)) is not a positive number")
            }
            guard pixels <= GlyphRasterizer.maxPixelSize else {
                throw TextEngineError(.badInput, "text fontSize \(Format.number(points)) at scale \(Format.number(scale)) is \(Format.number(pixels)) pixels per em; "
                                      + "at most \(Int(GlyphRasterizer.maxPixelSize)) are drawn")
            }
        }
        let names = [text.font] + text.runs.map { $0.font ?? text.font }
        let key = TextCaches.LayoutKey(text: text.layoutKey, width: size.width, height: size.height, scale: scale,
                                       originX: origin.x, originY: origin.y, fontIDs: names.map { fonts[$0]?.id ?? 0 })
        if let cached = caches.withLock({ $0.layout(key) }) { return cached }
        let layerFace = try face(named: text.font, fonts: fonts)
        var runs: [TextRun] = []
        for (i, span) in text.runs.enumerated() {
            var face = layerFace
            if let name = span.font { face = try self.face(named: name, fonts: fonts) }
            runs.append(TextRun(span.text, font: face, fontSize: span.fontSize ?? text.fontSize, color: i))
        }
        let options = TextLayoutOptions(width: size.width, height: size.height, scale: scale, isWrapped: text.isWrapped,
                                        alignment: Self.alignment(text.alignmentMode), truncation: Self.truncation(text.truncationMode),
                                        origin: origin)
        let layout = TextLayout(runs: runs, font: layerFace, options: options, fallback: systemFonts.matcher)
        caches.withLock { $0.insert(layout, for: key) }
        return layout
    }

    /// The image of a placed glyph at its quarter-pixel offset (bitmap-only faces ignore the offset).
    func bitmap(_ g: PositionedGlyph, subpixel: Int) throws(TextEngineError) -> GlyphBitmap {
        let key = TextCaches.GlyphKey(face: g.face, glyph: g.glyphID, pixelSize: g.pixelSize, subpixel: g.face.isScalable ? subpixel : 0)
        if let cached = caches.withLock({ $0.glyph(key) }) { return cached }
        let bitmap: GlyphBitmap
        do {
            bitmap = try rasterizer.rasterize(g.glyphID, face: g.face, pixelSize: g.pixelSize, subpixel: key.subpixel).withImage()
        } catch {
            throw TextEngineError(.badInput, error.message)
        }
        caches.withLock { $0.insert(bitmap, for: key) }
        return bitmap
    }

    private static func alignment(_ mode: TextAlignmentMode) -> TextAlignment {
        switch mode {
        case .natural: .natural
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        }
    }

    private static func truncation(_ mode: TextTruncationMode) -> TextTruncation {
        switch mode {
        case .none: .none
        case .start: .start
        case .middle: .middle
        case .end: .end
        }
    }
}
