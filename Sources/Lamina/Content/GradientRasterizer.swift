/// Rasterizes a `CAGradientLayer`'s content (SCENE_FORMAT.md "CAGradientLayer") into premultiplied RGBA8.
public enum GradientRasterizer {
    /// The bytes `pixels` returns for `region`: 4 per pixel (saturating).
    public static func bytes(region: PixelRect) -> Int {
        let w = max(0, region.width), h = max(0, region.height)
        let (n, o1) = w.multipliedReportingOverflow(by: h)
        let (b, o2) = n.multipliedReportingOverflow(by: 4)
        return o1 || o2 ? Int.max : b
    }

    /// The gradient filling `bounds` (bounds points) drawn through `transform` (bounds points → device
    /// pixels), over `region` (device pixels): premultiplied RGBA8, row-major, 4 bytes a pixel.
    ///
    /// Each pixel center is mapped back into bounds points, where t is computed as the contract says
    /// (`GradientParameter`); the color at t (`GradientRamp`) is premultiplied and multiplied by the
    /// exact-area coverage of the bounds rectangle under `transform` (`PathRasterizer`; 1 inside a
    /// rectangle that lands on whole pixels). Nil when nothing is drawn: no colors, all colors clear,
    /// bounds empty or outside `region`, or a transform that collapses the plane. Throws
    /// `RenderCancelled` soon after `cancellation` is cancelled (checked once per row).
    public static func pixels(_ g: GradientContent, bounds: Rect, transform: AffineTransform, region: PixelRect,
                              cancellation: RenderCancellation? = nil) throws -> [UInt8]? {
        guard let ramp = GradientRamp(g), !ramp.isClear, !bounds.isEmpty, bounds.width.isFinite, bounds.height.isFinite,
              region.width > 0, region.height > 0, transform.isFinite, let inverse = transform.inverted, inverse.isFinite
        else { return nil }
        guard let cover = BoundsCover(bounds: bounds, transform: transform, region: region) else { return nil }
        let mask: AlphaMask?
        if cover.isWholePixels {
            mask = nil
        } else {
            let corners = [Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.minY),
                           Point(bounds.maxX, bounds.maxY), Point(bounds.minX, bounds.maxY)].map(transform.apply)
            mask = try PathRasterizer.mask(polygons: [corners], fillRule: .nonZero, in: cover.pixels, cancellation: cancellation)
        }
        let parameter = GradientParameter(g, bounds: bounds)
        let area = cover.pixels
        let width = region.width
        var out = [UInt8](repeating: 0, count: bytes(region: region))
        var ink = false
        let step = inverse.applyToVector(Point(1, 0))
        var ts = [Double](repeating: 0, count: area.width)
        out.withUnsafeMutableBufferPointer { buffer in
            ts.withUnsafeMutableBufferPointer { tBuffer in
                let base = buffer.baseAddress!, tRow = tBuffer.baseAddress!
                for row in 0..<area.height {
                    if cancellation?.isCancelled == true { return }
                    let y = area.y + row
                    var first = 0, last = area.width
                    if let mask {
                        let m = row * mask.width
                        while first < last && mask.alpha[m + first] == 0 { first += 1 }
                        while last > first && mask.alpha[m + last - 1] == 0 { last -= 1 }
                        if first == last { continue }
                    }
                    let p0 = inverse.apply(Point(Double(area.x + first) + 0.5, Double(y) + 0.5))
                    parameter.row(from: p0, step: step, count: last - first, into: tRow)
                    let line = base + ((y - region.y) * width + (area.x - region.x) + first) * 4
                    if let mask {
                        mask.alpha.withUnsafeBufferPointer { alpha in
                            if ramp.writeRow(tRow, coverage: alpha.baseAddress! + row * mask.width + first, count: last - first, to: line) {
                                ink = true
                            }
                        }
                    } else if ramp.writeRow(tRow, coverage: nil, count: last - first, to: line) {
                        ink = true
                    }
                }
            }
        }
        try cancellation?.check()
        return ink ? out : nil
    }
}

extension GradientRasterizer {
    /// The pixels of `draw`'s region (premultiplied RGBA8, before its opacity and clip), made once and kept in
    /// `ContentImageCache.shared` while the gradient, bounds, transform and region stay the same; nil when
    /// nothing is drawn.
    public static func pixels(of draw: GradientDraw) throws -> Image? {
        let key = ContentImageCache.Key(content: .gradient(draw.gradient), bounds: draw.bounds, transform: draw.transform,
                                        region: draw.region, fonts: [])
        if let known = ContentImageCache.shared.image(for: key) { return known }
        guard let bytes = try pixels(draw.gradient, bounds: draw.bounds, transform: draw.transform, region: draw.region) else { return nil }
        let image = Image(bitmap: Bitmap(width: draw.region.width, height: draw.region.height, pixels: bytes),
                          source: "\(draw.gradient.type.rawValue) gradient of \(draw.gradient.colors.count) stops")
        ContentImageCache.shared.insert(image, for: key)
        return image
    }
}
