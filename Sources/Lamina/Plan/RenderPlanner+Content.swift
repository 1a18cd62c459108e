extension RenderPlanner {
    /// Draws a text, gradient or shape layer's content where `contents` would be, × `alpha`, in `clip`
    /// (which holds `masksToBounds`). Text and gradients become device-aligned images drawn pixel for pixel
    /// (kept in `ContentImageCache`); a shape's fill and stroke become coverage masks filled with their colors.
    mutating func emitContent(_ layer: Layer, _ content: LayerContent, transform: AffineTransform, clip: Clip,
                              alpha: Double, target: Target, path: JSONPath) throws {
        switch content {
        case .gradient(let g):
            guard !g.colors.isEmpty, !layer.bounds.isEmpty,
                  let region = deviceRegion(transform.boundingBox(of: layer.bounds), clip: clip, target: target) else { return }
            if transform.isAxisAlignedScaleTranslate, g.colors.count <= GradientDraw.maxStops {
                try reserve(bytes: GradientRasterizer.bytes(region: region))
                commands.append(.gradient(GradientDraw(gradient: g, bounds: layer.bounds, transform: transform, region: region,
                                                       opacity: alpha, clip: clip)))
                return
            }
            let key = ContentImageCache.Key(content: content, bounds: layer.bounds, transform: transform, region: region, fonts: [])
            let cancellation = self.cancellation
            let label = "\(g.type.rawValue) gradient of \(g.colors.count) stops"
            guard let image = try contentImage(key, region: region, label: label, make: {
                try GradientRasterizer.pixels(g, bounds: layer.bounds, transform: transform, region: region, cancellation: cancellation)
            }) else { return }
            drawPixelAligned(image, at: region, opacity: alpha, clip: clip)
        case .shape(let s):
            try emitShape(s.drawable, transform: transform, clip: clip, alpha: alpha, target: target, path: path)
        case .text(let t):
            try emitText(layer, t, transform: transform, clip: clip, alpha: alpha, target: target, path: path)
        }
    }

    /// A shape's fill, then its stroke, each through its coverage mask (kept in `ContentImageCache`).
    mutating func emitShape(_ s: ShapeContent, transform: AffineTransform, clip: Clip, alpha: Double,
                            target: Target, path: JSONPath) throws {
        guard s.path != nil, let box = ShapeRasterizer.deviceBounds(s, transform: transform),
              let region = deviceRegion(box, clip: clip, target: target) else { return }
        let origin = PixelPoint(x: region.x, y: region.y)
        let cancellation = self.cancellation
        let parts: [(Color, Int)] = [(s.fillColor, 1), (s.strokeColor, 2)]
        for (color, part) in parts {
            let premultiplied = color.premultiplied.scaled(by: alpha)
            guard !premultiplied.isTransparent else { continue }
            let key = ContentImageCache.Key(content: .shape(s.geometryKey), bounds: .zero, transform: transform, region: region, fonts: [], part: part)
            var mask = ContentImageCache.shared.mask(for: key)
            if mask == nil {
                try reserveMask(region)
                do {
                    mask = part == 1
                        ? try ShapeRasterizer.fillMask(s, transform: transform, region: region, cancellation: cancellation)
                        : try ShapeRasterizer.strokeMask(s, transform: transform, region: region, cancellation: cancellation)
                } catch let error as StrokeError {
                    throw RenderError(.badInput, "\(path): the shape's stroke: \(error)")
                }
                mask = mask?.identified()
                if let mask { ContentImageCache.shared.insert(mask, for: key) }
            }
            guard let mask else { continue }
            commands.append(.maskFill(MaskFill(mask: mask, origin: origin, color: premultiplied, clip: clip)))
        }
    }

    /// The image of a content key: from the cache, else made (pixels of `region`, premultiplied) and kept.
    mutating func contentImage(_ key: ContentImageCache.Key, region: PixelRect, label: String,
                               make: () throws -> [UInt8]?) throws -> Image? {
        if let known = ContentImageCache.shared.image(for: key) { return known }
        try reserve(bytes: region.area * 4)
        guard let pixels = try make() else { return nil }
        let image = Image(bitmap: Bitmap(width: region.width, height: region.height, pixels: pixels), source: label)
        ContentImageCache.shared.insert(image, for: key)
        return image
    }

    /// Draws a device-aligned image at its region, pixel for pixel.
    mutating func drawPixelAligned(_ image: Image, at region: PixelRect, opacity: Double, clip: Clip) {
        let i = index(of: image)
        commands.append(.image(ImageDraw(
            source: .image(index: i, crop: PixelRect(x: 0, y: 0, width: region.width, height: region.height)),
            destination: Rect(0, 0, Double(region.width), Double(region.height)), sourceRect: Rect(0, 0, 1, 1),
            transform: .translation(Double(region.x), Double(region.y)), sampling: .nearest, opacity: opacity, clip: clip)))
    }
}
