import Lamina

/// What a `TextStack` keeps between draws, in one least-recently-used cache with one byte bound: faces
/// loaded from scene fonts, layouts and glyph images. Not thread-safe; the stack holds it in a mutex.
struct TextCaches {
    /// A layout depends on the text without colors, the bounds size, the scale, where the bounds' top-left
    /// lies within its raster pixel, and the scene fonts it names.
    struct LayoutKey: Hashable {
        var text: TextContent
        var width: Double
        var height: Double
        var scale: Double
        var originX: Double
        var originY: Double
        /// For each font name the text uses (layer first, then runs), the `FontData.id` it resolved to, or 0
        /// for a fontconfig name.
        var fontIDs: [UInt64]
    }

    /// One glyph image: the face, glyph, pixels per em and quarter-pixel offset (0 for color glyphs).
    struct GlyphKey: Hashable {
        var face: FontFace
        var glyph: UInt32
        var pixelSize: Double
        var subpixel: Int
    }

    enum Key: Hashable {
        case face(UInt64)
        case layout(LayoutKey)
        case glyph(GlyphKey)
    }

    enum Value {
        case face(FontFace)
        case layout(TextLayout)
        case glyph(GlyphBitmap)
    }

    private var cache: ByteBoundedCache<Key, Value>
    /// Layouts made because none was cached.
    private(set) var layoutMisses = 0
    /// Glyph images rasterized because none was cached.
    private(set) var glyphMisses = 0

    init(capacity: Int) {
        cache = ByteBoundedCache(capacity: capacity)
    }

    var bytes: Int { cache.bytes }
    var evictions: Int { cache.evictions }
    var capacity: Int {
        get { cache.capacity }
        set { cache.capacity = newValue }
    }

    mutating func face(_ id: UInt64) -> FontFace? {
        if case .face(let f) = cache.value(for: .face(id)) { return f }
        return nil
    }

    mutating func insert(_ face: FontFace, for data: FontData) {
        cache.insert(.face(face), cost: data.bytes.count + 4096, for: .face(data.id))
    }

    /// The cached layout for `key`; a miss is counted.
    mutating func layout(_ key: LayoutKey) -> TextLayout? {
        if case .layout(let l) = cache.value(for: .layout(key)) { return l }
        layoutMisses += 1
        return nil
    }

    mutating func insert(_ layout: TextLayout, for key: LayoutKey) {
        let glyphBytes = layout.glyphCount * MemoryLayout<PositionedGlyph>.stride
        let lineBytes = layout.lines.count * MemoryLayout<TextLine>.stride
        let keyBytes = key.text.runs.reduce(0) { $0 + $1.text.utf8.count + ($1.font?.utf8.count ?? 0) + 64 } + key.text.font.utf8.count
        cache.insert(.layout(layout), cost: glyphBytes + lineBytes + keyBytes + 256, for: .layout(key))
    }

    /// The cached glyph image for `key`; a miss is counted.
    mutating func glyph(_ key: GlyphKey) -> GlyphBitmap? {
        if case .glyph(let g) = cache.value(for: .glyph(key)) { return g }
        glyphMisses += 1
        return nil
    }

    mutating func insert(_ glyph: GlyphBitmap, for key: GlyphKey) {
        cache.insert(.glyph(glyph), cost: glyph.pixels.count + 96, for: .glyph(key))
    }

    mutating func removeAll() { cache.removeAll() }
}
