/// Decodes layer objects (SCENE_FORMAT.md "Layer") recursively, counting layers and depth.
///
/// Recursion depth is bounded by `Limits.maxDepth`; `SceneDecoder` runs this on a `LargeStack` thread.
final class LayerDecoder {
    let reader: SceneValueReader
    let images: [String: Image]
    let content: LayerContentDecoder
    private(set) var layerCount = 0

    init(reader: SceneValueReader, images: [String: Image], fonts: [String: FontData] = [:]) {
        self.reader = reader
        self.images = images
        content = LayerContentDecoder(reader: reader, fonts: fonts)
    }

    /// Every key a layer object may have, the subclasses' included.
    static let allKeys = SceneDecoder.layerKeys + ["class"] + LayerContentDecoder.allKeys

    /// The keys a layer of one class may have (what an unknown key's suggestion is chosen from).
    static func keys(of cls: LayerClass) -> [String] {
        SceneDecoder.layerKeys + ["class"] + (LayerContentDecoder.keys[cls] ?? [])
    }

    /// Decodes the layer at `path`; `depth` is 1 for the root.
    func layer(_ v: JSONValue, _ path: JSONPath, depth: Int) throws(SceneError) -> Layer {
        guard depth <= Limits.maxDepth else {
            throw reader.limit(path, "the layer tree is deeper than \(Limits.maxDepth) levels")
        }
        layerCount += 1
        guard layerCount <= Limits.maxLayers else {
            throw reader.limit(path, "the scene has more than \(Limits.maxLayers) layers")
        }
        let o = try reader.object(v, path, what: "a layer (an object)")
        for key in o.keys where !LayerDecoder.allKeys.contains(key) {
            let cls = (try? layerClass(o, path)) ?? .layer
            throw reader.fail(path.key(key), KeySuggestion.unknownKeyMessage(key, known: LayerDecoder.keys(of: cls)))
        }
        let cls = try layerClass(o, path)
        if o.contains("frame") {
            for other in ["bounds", "position"] where o.contains(other) {
                throw reader.fail(path.key("frame"), "\"frame\" cannot be combined with \"\(other)\" (frame sets bounds and position)")
            }
        }
        var layer = Layer()
        var frame: Rect?
        for (key, value) in zip(o.keys, o.values) {
            let p = path.key(key)
            switch key {
            case "frame": frame = try reader.rect(value, p)
            case "sublayers":
                guard case .array(let items) = value else { throw reader.expected("an array of layers", p, got: value) }
                layer.sublayers.reserveCapacity(items.count)
                for (i, item) in items.enumerated() {
                    layer.sublayers.append(try self.layer(item, p.index(i), depth: depth + 1))
                }
            case "mask": layer.mask = try self.layer(value, p, depth: depth + 1)
            case "animations": layer.animations = try AnimationDecoder(reader: reader, layerClass: cls).animations(value, p)
            case "class": continue
            case "contentsScale" where cls == .text: continue
            default:
                if LayerContentDecoder.owner(of: key) != nil { continue }
                try property(key, value, p, into: &layer)
            }
        }
        if let frame { layer.setFrame(frame) }
        layer.content = try content.content(cls, o, path)
        return layer
    }

    /// The layer's `class`, after checking that every subclass key it has belongs to that class and that
    /// a subclass has no `contents`.
    private func layerClass(_ o: JSONObject, _ path: JSONPath) throws(SceneError) -> LayerClass {
        let cls = try o["class"].map { (v: JSONValue) throws(SceneError) in try reader.choice(v, path.key("class"), LayerClass.self) } ?? .layer
        for key in o.keys {
            guard let owner = LayerContentDecoder.owner(of: key), owner != cls else { continue }
            throw reader.fail(path.key(key), "\"\(key)\" belongs to a \(owner) layer (\"class\": \"\(owner)\"); this layer is a \(cls)")
        }
        if cls != .layer, o.contains("contents") {
            throw reader.fail(path.key("contents"), "a \(cls) draws its own content; \"contents\" is only for a CALayer")
        }
        return cls
    }

    /// Sets one non-structural property.
    private func property(_ key: String, _ v: JSONValue, _ p: JSONPath, into layer: inout Layer) throws(SceneError) {
        let r = reader
        switch key {
        case "name": layer.name = try r.string(v, p)
        case "bounds": layer.bounds = try r.rect(v, p)
        case "position": layer.position = try r.point(v, p)
        case "anchorPoint": layer.anchorPoint = try r.point(v, p)
        case "affineTransform": layer.affineTransform = try r.affineTransform(v, p)
        case "zPosition": layer.zPosition = try r.number(v, p)
        case "hidden": layer.isHidden = try r.bool(v, p)
        case "opacity": layer.opacity = try r.unit(v, p)
        case "allowsGroupOpacity": layer.allowsGroupOpacity = try r.bool(v, p)
        case "backgroundColor": layer.backgroundColor = try r.color(v, p)
        case "cornerRadius": layer.cornerRadius = try r.nonNegative(v, p)
        case "maskedCorners": layer.maskedCorners = try maskedCorners(v, p)
        case "cornerCurve": layer.cornerCurve = try r.choice(v, p, CornerCurve.self)
        case "masksToBounds": layer.masksToBounds = try r.bool(v, p)
        case "borderWidth": layer.borderWidth = try r.nonNegative(v, p)
        case "borderColor": layer.borderColor = try r.color(v, p)
        case "shadowOpacity": layer.shadowOpacity = try r.unit(v, p)
        case "shadowColor": layer.shadowColor = try r.color(v, p)
        case "shadowOffset": layer.shadowOffset = try r.size(v, p)
        case "shadowRadius": layer.shadowRadius = try r.nonNegative(v, p)
        case "shadowPath": layer.shadowPath = try r.path(v, p)
        case "contents": layer.contents = try image(v, p)
        case "contentsRect": layer.contentsRect = try r.rect(v, p)
        case "contentsCenter": layer.contentsCenter = try r.rect(v, p)
        case "contentsGravity": layer.contentsGravity = try r.choice(v, p, ContentsGravity.self)
        case "contentsScale": layer.contentsScale = try r.positive(v, p)
        case "minificationFilter": layer.minificationFilter = try r.choice(v, p, ScalingFilter.self)
        case "magnificationFilter": layer.magnificationFilter = try r.choice(v, p, ScalingFilter.self)
        case "minificationFilterBias": layer.minificationFilterBias = try r.number(v, p)
        case "shouldRasterize": layer.shouldRasterize = try r.bool(v, p)
        case "rasterizationScale": layer.rasterizationScale = try r.positive(v, p)
        default: throw r.fail(p, KeySuggestion.unknownKeyMessage(key, known: LayerDecoder.allKeys))
        }
    }

    static let cornerNames: [(String, CornerMask)] = [
        ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY),
    ]

    /// Screen-corner names people try, mapped to CACornerMask names (min Y = top).
    static let cornerAliases = ["topLeft": "minXMinY", "topRight": "maxXMinY", "bottomLeft": "minXMaxY", "bottomRight": "maxXMaxY"]

    private func maskedCorners(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> CornerMask {
        let names = LayerDecoder.cornerNames.map(\.0)
        guard case .array(let items) = v else {
            throw reader.expected("an array of corner names (\(names.map { "\"\($0)\"" }.joined(separator: ", ")))", p, got: v)
        }
        var mask: CornerMask = []
        for (i, item) in items.enumerated() {
            guard case .string(let s) = item, let corner = LayerDecoder.cornerNames.first(where: { $0.0 == s }) else {
                let near = item.stringValue.flatMap { LayerDecoder.cornerAliases[$0] ?? KeySuggestion.close(to: $0, in: names) }
                throw reader.fail(p.index(i), "expected \(SceneValueReader.alternatives(names)), got \(item.brief)"
                                  + (near.map { "; did you mean \"\($0)\"?" } ?? ""))
            }
            mask.insert(corner.1)
        }
        return mask
    }

    private func image(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> Image {
        let name = try reader.string(v, p, what: "an image name (a key of \"images\")")
        if let image = images[name] { return image }
        if images.isEmpty { throw reader.fail(p, "unknown image \(MessageText.quoted(name)); the scene's \"images\" is empty") }
        let near = KeySuggestion.nearest(to: name, in: images.keys.sorted())!
        throw reader.fail(p, "unknown image \(MessageText.quoted(name)); did you mean \(MessageText.quoted(near))?")
    }
}

extension JSONValue {
    /// The string, when this is one.
    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
