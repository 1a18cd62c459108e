import CHarfBuzz

/// HarfBuzz shaping of one segment of a paragraph (the whole paragraph is the context, so Arabic joins and
/// contextual forms see their neighbours across segment ends), with the font's default features.
enum HarfBuzzShaper {
    /// Shapes `range` of `text` (Unicode scalar values) in `face` at `pixelSize`; cluster values are indices
    /// into `text`.
    static func shape(_ text: [UInt32], range: Range<Int>, face: FontFace, pixelSize: Double,
                      rightToLeft: Bool, script: hb_script_t) -> [ShapedGlyph] {
        guard !range.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        text.withUnsafeBufferPointer { chars in
            hb_buffer_add_codepoints(buffer, chars.baseAddress, Int32(chars.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_shape(face.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        let k = pixelSize / Double(face.unitsPerEm)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            glyphs.append(ShapedGlyph(glyphID: infos[i].codepoint, cluster: Int(infos[i].cluster),
                                      xAdvance: Double(positions[i].x_advance) * k,
                                      xOffset: Double(positions[i].x_offset) * k,
                                      yOffset: Double(positions[i].y_offset) * k))
        }
        return glyphs
    }

    /// The script of each character, with Common and Inherited characters (spaces, digits, punctuation,
    /// combining marks) taking the script of the text before them, or after them at the start.
    static func scripts(of text: [UInt32]) -> [hb_script_t] {
        let funcs = hb_unicode_funcs_get_default()
        var scripts = text.map { hb_unicode_script(funcs, $0) }
        func isReal(_ s: hb_script_t) -> Bool { s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN }
        guard let first = scripts.first(where: isReal) else { return scripts.map { _ in HB_SCRIPT_COMMON } }
        var current = first
        for i in scripts.indices {
            if isReal(scripts[i]) { current = scripts[i] } else { scripts[i] = current }
        }
        return scripts
    }
}
