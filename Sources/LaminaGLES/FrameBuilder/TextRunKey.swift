import Lamina

/// What a glyph run's pixels depend on, measured from the top-left of its box: each glyph's image, offset
/// and color, in order. Two runs with equal keys draw the same pixels at their boxes (their clips aside), so
/// one drawing of the run in the `TextRunCache` serves both, and every later frame that draws it again.
struct TextRunKey: Hashable {
    struct Glyph: Hashable {
        var image: UInt64
        var dx: Int32, dy: Int32
        var color: PremultipliedColor
    }

    let glyphs: [Glyph]
    let width: Int, height: Int
    private let digest: Int

    init(_ run: GlyphRun) {
        let origin = run.box
        glyphs = run.glyphs.map {
            Glyph(image: $0.image.identity, dx: Int32($0.origin.x - origin.x), dy: Int32($0.origin.y - origin.y), color: $0.color)
        }
        width = origin.width
        height = origin.height
        var hasher = Hasher()
        hasher.combine(glyphs)
        digest = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    static func == (a: TextRunKey, b: TextRunKey) -> Bool {
        a.digest == b.digest && a.width == b.width && a.height == b.height && a.glyphs == b.glyphs
    }
}

/// The `TextRunKey`s of a plan's glyph runs by command index, made when a run is first drawn and kept with the
/// plan's preparation, so a plan drawn again does not hash its glyphs again.
final class TextRunKeys {
    private var keys: [Int: TextRunKey] = [:]

    func key(at index: Int, of run: GlyphRun) -> TextRunKey {
        if let known = keys[index] { return known }
        let key = TextRunKey(run)
        keys[index] = key
        return key
    }
}
