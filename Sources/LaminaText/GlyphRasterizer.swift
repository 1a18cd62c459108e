import CFreeType

/// Glyph images from FreeType: outlines unhinted, scaled exactly to the pixel size (no ppem rounding), moved
/// by a quarter-pixel x offset, rendered to 8-bit coverage; color glyphs (CBDT bitmaps, COLR layers) as
/// premultiplied RGBA at the requested size.
public struct GlyphRasterizer: Sendable {
    /// The largest pixels-per-em a glyph is rasterized at.
    public static let maxPixelSize = 8192.0

    public init() {}

    /// The image of `glyph` of `face` at `pixelSize` pixels per em, its origin moved right by
    /// `subpixel` quarter pixels (0...3).
    public func rasterize(_ glyph: UInt32, face: FontFace, pixelSize: Double, subpixel: Int = 0) throws(GlyphRasterizerError) -> GlyphBitmap {
        guard pixelSize > 0, pixelSize <= Self.maxPixelSize else {
            throw GlyphRasterizerError("glyph \(glyph) of \(face): pixel size \(pixelSize) is not in (0, \(Int(Self.maxPixelSize))]")
        }
        let quarter = min(max(subpixel, 0), 3)
        let result: Result<GlyphBitmap, GlyphRasterizerError> = face.withFreeType { ft in
            guard glyph < UInt32(ft.pointee.num_glyphs) else {
                return .failure(GlyphRasterizerError("glyph \(glyph) of \(face): the face has \(ft.pointee.num_glyphs) glyphs"))
            }
            if face.hasColorGlyphs, let color = colorGlyph(glyph, ft: ft, pixelSize: pixelSize) { return .success(color) }
            guard face.isScalable else { return .success(.empty()) }
            return outlineGlyph(glyph, ft: ft, face: face, pixelSize: pixelSize, quarter: quarter)
        }
        return try result.get()
    }

    private func outlineGlyph(_ glyph: UInt32, ft: FT_Face, face: FontFace, pixelSize: Double, quarter: Int) -> Result<GlyphBitmap, GlyphRasterizerError> {
        var error = FT_Load_Glyph(ft, glyph, FT_Int32(FT_LOAD_NO_SCALE) | lamina_ft_load_no_hinting() | lamina_ft_load_no_bitmap())
        guard error == 0 else { return .failure(freetypeError("load", error, glyph, face)) }
        let slot = ft.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .success(.empty()) }
        let k = pixelSize * 64 / Double(face.unitsPerEm) * 65536
        var matrix = FT_Matrix(xx: FT_Fixed(k.rounded()), xy: 0, yx: 0, yy: FT_Fixed(k.rounded()))
        FT_Outline_Transform(&slot.pointee.outline, &matrix)
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(quarter * 16), 0)
        error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        guard error == 0 else { return .failure(freetypeError("render", error, glyph, face)) }
        return .success(copy(slot, format: .coverage))
    }

    private func colorGlyph(_ glyph: UInt32, ft: FT_Face, pixelSize: Double) -> GlyphBitmap? {
        var strikePPEM = pixelSize
        if lamina_ft_face_is_scalable(ft) == 0 {
            let count = Int(ft.pointee.num_fixed_sizes)
            guard count > 0, let sizes = ft.pointee.available_sizes else { return nil }
            var best = 0
            for i in 0..<count {
                let ppem = Double(sizes[i].y_ppem) / 64, bestPPEM = Double(sizes[best].y_ppem) / 64
                if (bestPPEM < pixelSize && ppem > bestPPEM) || (ppem >= pixelSize && ppem < bestPPEM) { best = i }
            }
            guard FT_Select_Size(ft, FT_Int(best)) == 0 else { return nil }
            strikePPEM = Double(sizes[best].y_ppem) / 64
        } else {
            guard FT_Set_Char_Size(ft, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0 else { return nil }
        }
        guard FT_Load_Glyph(ft, glyph, lamina_ft_load_color()) == 0, let slot = ft.pointee.glyph else { return nil }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        }
        guard slot.pointee.bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else { return nil }
        let source = copy(slot, format: .premultipliedRGBA)
        let factor = pixelSize / strikePPEM
        if abs(factor - 1) < 1e-9 { return source }
        return ColorBitmapScaler.scale(source, by: factor)
    }

    /// The slot's bitmap, rows top to bottom; BGRA swapped to RGBA.
    private func copy(_ slot: FT_GlyphSlot, format: GlyphBitmap.Format) -> GlyphBitmap {
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let bpp = format == .coverage ? 1 : 4
        var pixels = [UInt8](repeating: 0, count: width * height * bpp)
        if let buffer = bitmap.buffer, width > 0, height > 0 {
            for y in 0..<height {
                let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
                for x in 0..<width * bpp { pixels[y * width * bpp + x] = row[x] }
            }
            if bpp == 4 {
                for i in stride(from: 0, to: pixels.count, by: 4) { pixels.swapAt(i, i + 2) }
            }
        }
        return GlyphBitmap(format: format, width: width, height: height, left: Int(slot.pointee.bitmap_left),
                           top: -Int(slot.pointee.bitmap_top), pixels: pixels)
    }

    private func freetypeError(_ step: String, _ error: FT_Error, _ glyph: UInt32, _ face: FontFace) -> GlyphRasterizerError {
        GlyphRasterizerError("glyph \(glyph) of \(face): FreeType could not \(step) it (\(String(cString: lamina_ft_error_string(error))))")
    }
}
