import Lamina

/// What a `TextStack` keeps between draws, least recently used first out: faces loaded from scene fonts and
/// glyph images in one cache, layouts in a second one of a sixteenth of the bytes (at least 1 MiB), so text that
/// changes every frame (a counter) cycles through a small set of layouts instead of filling the whole budget.
/// A layout is charged 1 KiB beyond its glyphs and lines for its objects and allocations. Not thread-safe; the
/// stack holds it in a mutex.
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
        case glyph(GlyphKey)
    }

    enum Value {
        case face(FontFace)
        case glyph(GlyphBitmap)
    }

    private var cache: ByteBoundedCache<Key, Value>
    private var layouts: ByteBoundedCache<LayoutKey, TextLayout>
    /// Layouts made because none was cached.
    private(set) var layoutMisses = 0
    /// Glyph images rasterized because none was cached.
    private(set) var glyphMisses = 0

    init(capacity: Int) {
        let split = Self.split(capacity)
        cache = ByteBoundedCache(capacity: split.other)
        layouts = ByteBoundedCache(capacity: split.layouts)
    }

    /// The layouts' part of `capacity` and the rest.
    static func split(_ capacity: Int) -> (layouts: Int, other: Int) {
        let l = min(capacity / 2, max(capacity / 16, 1 << 20))
        return (l, capacity - l)
    }

    var bytes: Int { cache.bytes + layouts.bytes }
    var evictions: Int { cache.evictions + layouts.evictions }
    var capacity: Int {
        get { cache.capacity + layouts.capacity }
        set {
            let split = Self.split(newValue)
            cache.capacity = split.other
            layouts.capacity = split.layouts
        }
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
        if let l = layouts.value(for: key) { return l }
        layoutMisses += 1
        return nil
    }

    mutating func insert(_ layout: TextLayout, for key: LayoutKey) {
        let glyphBytes = layout.glyphCount * MemoryLayout<PositionedGlyph>.stride
        let lineBytes = layout.lines.count * MemoryLayout<TextLine>.stride
        let keyBytes = key.text.runs.reduce(0) { $0 + $1.text.utf8.count + ($1.font?.utf8.count ?? 0) + 64 } + key.text.font.utf8.count
        layouts.insert(layout, cost: glyphBytes + lineBytes + keyBytes + 1024, for: key)
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

    mutating func removeAll() {
        cache.removeAll()
        layouts.removeAll()
    }
}
