import Lamina

/// The `GlyphRunImageKey`s of a plan's glyph runs by command index, made when a run is first drawn and kept with the
/// plan's preparation, so a plan drawn again does not hash its glyphs again.
final class TextRunKeys {
    private var keys: [Int: GlyphRunImageKey] = [:]

    func key(at index: Int, of run: GlyphRun) -> GlyphRunImageKey {
        if let known = keys[index] { return known }
        let key = GlyphRunImageKey(run)
        keys[index] = key
        return key
    }
}
