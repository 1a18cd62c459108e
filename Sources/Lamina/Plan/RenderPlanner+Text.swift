extension RenderPlanner {
    /// A text layer's glyphs. When the layer maps to the target by its `contentsScale` and a translation
    /// (no rotation or other scale), the engine draws straight into target pixels (baselines on whole
    /// pixels); otherwise into a raster of ⌈bounds × contentsScale⌉ pixels drawn into the bounds like
    /// `contents`, with the layer's filters.
    mutating func emitText(_ layer: Layer, _ t: TextContent, transform: AffineTransform, clip: Clip, alpha: Double,
                           target: Target, path: JSONPath) throws {
        var t = t
        guard !t.isEmpty, !layer.bounds.isEmpty, t.fontSize.isFinite, t.fontSize > 0 else { return }
        t.fontSize = min(t.fontSize, Limits.maxFontSize)
        t.runs = t.runs.map { var r = $0; if let s = r.fontSize { r.fontSize = s.isFinite && s > 0 ? min(s, Limits.maxFontSize) : nil }; return r }
        if let cs = t.contentsScale, !(cs.isFinite && cs > 0) { t.contentsScale = nil }
        guard let engine = TextEngines.current else {
            throw RenderError(.environment, "\(path): this program has no text engine installed, so it cannot draw CATextLayer")
        }
        let s = t.contentsScale ?? scene.scale
        let fontIDs = scene.fonts.values.map(\.id).sorted()
        let b = layer.bounds
        let fonts = scene.fonts
        /// The text drawn into `region` of a raster that `raster` maps the bounds space to.
        func rasterized(_ raster: AffineTransform, _ region: PixelRect) throws -> Image? {
            let key = ContentImageCache.Key(content: .text(t), bounds: b, transform: raster, region: region, fonts: fontIDs)
            return try contentImage(key, region: region, label: Self.textLabel(t)) {
                do throws(TextEngineError) { return try engine.draw(t, bounds: b, fonts: fonts, transform: raster, region: region) }
                catch { throw RenderError(error.kind == .badInput ? .badInput : .environment, "\(path): \(error.message)") }
            }
        }
        if Self.isPixelAligned(transform, scale: s) {
            guard let region = deviceRegion(transform.boundingBox(of: b), clip: clip, target: target) else { return }
            let placed: [PlacedGlyph]?
            do throws(TextEngineError) { placed = try engine.glyphs(t, bounds: b, fonts: fonts, transform: transform, region: region) }
            catch { throw RenderError(error.kind == .badInput ? .badInput : .environment, "\(path): \(error.message)") }
            if let placed, placed.allSatisfy({ $0.image.width <= GlyphRun.maxGlyphSide && $0.image.height <= GlyphRun.maxGlyphSide }) {
                emitGlyphs(placed, cut: transform.boundingBox(of: b), bounds: b, transform: transform, alpha: alpha, clip: clip,
                           label: Self.textLabel(t))
                return
            }
            guard let image = try rasterized(transform, region) else { return }
            drawPixelAligned(image, at: region, opacity: alpha, clip: clip)
            return
        }
        guard visible(transform.boundingBox(of: b), clip, target) else { return }
        let w = Int(saturating: (b.width * s).rounded(.up)), h = Int(saturating: (b.height * s).rounded(.up))
        guard w > 0, h > 0 else { return }
        try Self.checkTargetSize(width: w, height: h, what: "text of \(Self.displayName(layer, path)) at contentsScale \(Format.number(s))")
        let region = PixelRect(x: 0, y: 0, width: w, height: h)
        guard let image = try rasterized(AffineTransform(a: s, b: 0, c: 0, d: s, tx: -b.minX * s, ty: -b.minY * s), region) else { return }
        let destination = Rect(b.minX, b.minY, Double(w) / s, Double(h) / s)
        let sampling = ContentsLayout.sampling(for: layer, destination: destination, sourceSize: Size(Double(w), Double(h)),
                                               sourceRect: Rect(0, 0, 1, 1), transform: transform)
        commands.append(.image(ImageDraw(source: .image(index: index(of: image), crop: region), destination: destination,
                                         sourceRect: Rect(0, 0, 1, 1), transform: transform, sampling: sampling,
                                         opacity: alpha, clip: clip)))
    }

    /// A glyph run of `placed`, its colors scaled by `alpha`, cut at `cut` (the bounds in target pixels):
    /// by the scissor where the cut lies on whole pixels, else by a clip shape (exact area), left out where
    /// no glyph crosses it.
    mutating func emitGlyphs(_ placed: [PlacedGlyph], cut: Rect, bounds: Rect, transform: AffineTransform, alpha: Double,
                             clip: Clip, label: String) {
        let glyphs = placed.compactMap { g -> PlacedGlyph? in
            guard g.image.width > 0, g.image.height > 0 else { return nil }
            var g = g
            g.color = g.color.scaled(by: alpha)
            return g.color.isTransparent ? nil : g
        }
        var run = GlyphRun(glyphs: glyphs, clip: clip, label: label)
        guard !run.glyphs.isEmpty else { return }
        let inner = Rect(cut.minX.rounded(.up), cut.minY.rounded(.up),
                         max(0, cut.maxX.rounded(.down) - cut.minX.rounded(.up)), max(0, cut.maxY.rounded(.down) - cut.minY.rounded(.up)))
        let box = run.box.rect
        if !(box.minX >= inner.minX && box.minY >= inner.minY && box.maxX <= inner.maxX && box.maxY <= inner.maxY) {
            run.clip = ClipBuilder.adding(RoundedRect(rect: bounds), transform: transform, to: clip)
            guard !ClipBuilder.isEmpty(run.clip) else { return }
        }
        commands.append(.glyphs(run))
    }

    /// How `lamina plan` names a text image: its runs, fonts and sizes.
    static func textLabel(_ t: TextContent) -> String {
        let runs = t.runs.prefix(4).map { r in
            let text = r.text.count > 24 ? String(r.text.prefix(24)) + "…" : r.text
            return "\(MessageText.quoted(text)) \(r.font ?? t.font) \(Format.number(r.fontSize ?? t.fontSize))pt"
        }
        return "text " + runs.joined(separator: ", ") + (t.runs.count > 4 ? ", … (\(t.runs.count) runs)" : "")
    }

    /// Whether `transform` is `scale` on both axes plus a translation (within rounding).
    static func isPixelAligned(_ t: AffineTransform, scale: Double) -> Bool {
        let e = 1e-9 * max(1, scale)
        return abs(t.b) <= e && abs(t.c) <= e && abs(t.a - scale) <= e && abs(t.d - scale) <= e
    }
}
