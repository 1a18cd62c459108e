/// Where a layer's contents go: contentsRect crop, contentsGravity, contentsScale, contentsCenter
/// (nine-slice) and the choice of scaling filter.
enum ContentsLayout {
    /// The image draws of a layer's contents, in its bounds space.
    static func draws(for layer: Layer, image: Image, imageIndex: Int, transform: AffineTransform,
                      opacity: Double, clip: Clip) -> [ImageDraw] {
        let (crop, unit) = cropAndUnitRect(layer.contentsRect, width: image.width, height: image.height)
        let contentSize = Size(layer.contentsRect.width * Double(image.width) / layer.contentsScale,
                               layer.contentsRect.height * Double(image.height) / layer.contentsScale)
        guard let dst = gravityRect(layer.contentsGravity, content: contentSize, bounds: layer.bounds) else { return [] }
        let cropSize = Size(Double(crop.width), Double(crop.height))
        return slices(layer: layer, destination: dst, unit: unit, cropSize: cropSize).compactMap { slice in
            guard !slice.destination.isEmpty else { return nil }
            let sampling = sampling(for: layer, destination: slice.destination, sourceSize: cropSize,
                                    sourceRect: slice.source, transform: transform)
            return ImageDraw(source: .image(index: imageIndex, crop: crop), destination: slice.destination,
                             sourceRect: slice.source, transform: transform, sampling: sampling, opacity: opacity, clip: clip)
        }
    }

    /// The pixels a contentsRect reads (at least one, clamped to the image) and the contentsRect in
    /// unit coordinates of that crop. Outside the image, the crop's edge pixels extend.
    static func cropAndUnitRect(_ cr: Rect, width: Int, height: Int) -> (PixelRect, Rect) {
        func span(_ a: Double, _ b: Double, _ n: Int) -> (Int, Int) {
            var lo = Int(saturating: (a * Double(n)).rounded(.down)), hi = Int(saturating: (b * Double(n)).rounded(.up))
            lo = min(max(lo, 0), n - 1)
            hi = max(min(hi, n), lo + 1)
            return (lo, hi)
        }
        let (x0, x1) = span(cr.minX, cr.maxX, width), (y0, y1) = span(cr.minY, cr.maxY, height)
        let crop = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let u0 = (cr.minX * Double(width) - Double(x0)) / Double(crop.width)
        let v0 = (cr.minY * Double(height) - Double(y0)) / Double(crop.height)
        let uw = cr.width * Double(width) / Double(crop.width), vh = cr.height * Double(height) / Double(crop.height)
        return (crop, Rect(u0, v0, uw, vh))
    }

    /// The rectangle contents fill in bounds space for a gravity (top = small y).
    static func gravityRect(_ g: ContentsGravity, content c: Size, bounds b: Rect) -> Rect? {
        guard c.width > 0, c.height > 0 else { return nil }
        switch g {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            let sx = b.width / c.width, sy = b.height / c.height
            let s = g == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let w = c.width * s, h = c.height * s
            return Rect(b.midX - w / 2, b.midY - h / 2, w, h)
        default:
            let left = b.minX, right = b.maxX - c.width, midX = b.midX - c.width / 2
            let top = b.minY, bottom = b.maxY - c.height, midY = b.midY - c.height / 2
            let (x, y): (Double, Double) = switch g {
            case .center: (midX, midY)
            case .top: (midX, top)
            case .bottom: (midX, bottom)
            case .left: (left, midY)
            case .right: (right, midY)
            case .topLeft: (left, top)
            case .topRight: (right, top)
            case .bottomLeft: (left, bottom)
            default: (right, bottom)
            }
            return Rect(x, y, c.width, c.height)
        }
    }

    /// One quad of a (possibly nine-sliced) image: destination in bounds space, source in crop units.
    struct Slice {
        var destination: Rect
        var source: Rect
    }

    /// Nine-slice of `contentsCenter` (measured within the contentsRect sub-image): fixed edges keep their
    /// size in points (pixels ÷ contentsScale) and shrink proportionally when the destination is too small.
    static func slices(layer: Layer, destination d: Rect, unit u: Rect, cropSize: Size) -> [Slice] {
        let cc = layer.contentsCenter
        if cc == Rect(0, 0, 1, 1) { return [Slice(destination: d, source: u)] }
        let subW = u.width * cropSize.width, subH = u.height * cropSize.height
        func edges(_ lo: Double, _ hi: Double, _ subPx: Double, _ dstLen: Double) -> (Double, Double) {
            var a = max(lo, 0) * subPx / layer.contentsScale, b = max(1 - hi, 0) * subPx / layer.contentsScale
            if a + b > dstLen && a + b > 0 { let f = dstLen / (a + b); a *= f; b *= f }
            return (a, b)
        }
        let (l, r) = edges(cc.minX, cc.maxX, subW, d.width), (t, btm) = edges(cc.minY, cc.maxY, subH, d.height)
        let dx = [d.minX, d.minX + l, d.maxX - r, d.maxX], dy = [d.minY, d.minY + t, d.maxY - btm, d.maxY]
        let sxs = [0, max(cc.minX, 0), min(cc.maxX, 1), 1].map { u.minX + $0 * u.width }
        let sys = [0, max(cc.minY, 0), min(cc.maxY, 1), 1].map { u.minY + $0 * u.height }
        var out: [Slice] = []
        for j in 0..<3 {
            for i in 0..<3 {
                let dst = Rect(minX: dx[i], minY: dy[j], maxX: dx[i + 1], maxY: dy[j + 1])
                let src = Rect(minX: sxs[i], minY: sys[j], maxX: sxs[i + 1], maxY: sys[j + 1])
                if dst.width > 1e-9 && dst.height > 1e-9 { out.append(Slice(destination: dst, source: src)) }
            }
        }
        return out
    }

    /// Minification (either axis drawn smaller than its texels, the GL rule ρ > 1) picks
    /// `minificationFilter`, else `magnificationFilter`; trilinear gets LOD log2 ρ + bias.
    static func sampling(for layer: Layer, destination: Rect, sourceSize: Size, sourceRect: Rect,
                         transform: AffineTransform) -> Sampling {
        // Texels per target pixel: J = S · L⁻¹ (S: texels per local unit, L: linear part of the transform).
        guard let inv = transform.inverted, destination.width > 0, destination.height > 0 else { return .linear }
        let su = sourceRect.width * sourceSize.width / destination.width
        let sv = sourceRect.height * sourceSize.height / destination.height
        let ex = inv.applyToVector(Point(1, 0)), ey = inv.applyToVector(Point(0, 1))
        let rho = max(Point(ex.x * su, ex.y * sv).length, Point(ey.x * su, ey.y * sv).length)
        let minifying = rho > 1 + 1e-9
        switch minifying ? layer.minificationFilter : layer.magnificationFilter {
        case .nearest: return .nearest
        case .linear: return .linear
        case .trilinear:
            return minifying ? .trilinear(lod: LaminaMath.log2(rho) + layer.minificationFilterBias) : .linear
        }
    }
}
