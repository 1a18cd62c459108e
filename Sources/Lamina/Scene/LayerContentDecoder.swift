/// Decodes the keys of Core Animation's drawing subclasses (SCENE_FORMAT.md "Layer classes (v1.2)") into a
/// layer's `content`, and counts the scene's characters of text against `Limits.maxTextCharacters`.
final class LayerContentDecoder {
    let reader: SceneValueReader
    let fonts: [String: FontData]
    private(set) var textCharacters = 0
    /// The first layer (its `font` key's path) that names each font of the scene's `fonts`.
    private(set) var fontUses: [String: JSONPath] = [:]

    init(reader: SceneValueReader, fonts: [String: FontData]) {
        self.reader = reader
        self.fonts = fonts
    }

    /// The keys each subclass adds.
    static let keys: [LayerClass: [String]] = [
        .text: ["string", "font", "fontSize", "foregroundColor", "alignmentMode", "isWrapped", "truncationMode"],
        .gradient: ["colors", "locations", "startPoint", "endPoint", "type"],
        .shape: ["path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
                 "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd"],
    ]

    /// Every subclass key, for key checks and suggestions.
    static let allKeys: [String] = [LayerClass.text, .gradient, .shape].flatMap { keys[$0]! }

    /// The subclass a key belongs to, if it is one of theirs.
    static func owner(of key: String) -> LayerClass? {
        [LayerClass.text, .gradient, .shape].first { keys[$0]!.contains(key) }
    }

    /// The content of a layer of class `cls` from its object `o` (keys already checked to belong to it).
    func content(_ cls: LayerClass, _ o: JSONObject, _ path: JSONPath) throws(SceneError) -> LayerContent? {
        switch cls {
        case .layer: return nil
        case .text: return .text(try text(o, path))
        case .gradient: return .gradient(try gradient(o, path))
        case .shape: return .shape(try shape(o, path))
        }
    }

    private func text(_ o: JSONObject, _ path: JSONPath) throws(SceneError) -> TextContent {
        let r = reader
        var t = TextContent()
        for (key, v) in zip(o.keys, o.values) {
            let p = path.key(key)
            switch key {
            case "string": t.runs = try runs(v, p)
            case "font": t.font = try font(v, p)
            case "fontSize": t.fontSize = try fontSize(v, p)
            case "foregroundColor": t.foregroundColor = try r.color(v, p)
            case "alignmentMode": t.alignmentMode = try r.choice(v, p, TextAlignmentMode.self)
            case "isWrapped": t.isWrapped = try r.bool(v, p)
            case "truncationMode": t.truncationMode = try r.choice(v, p, TextTruncationMode.self)
            case "contentsScale": t.contentsScale = try r.positive(v, p)
            default: continue
            }
        }
        return t
    }

    private func runs(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> [TextSpan] {
        if case .string(let s) = v {
            try count(s, path)
            return s.isEmpty ? [] : [TextSpan(s)]
        }
        guard case .array(let items) = v else {
            throw reader.expected("a string or an array of runs ({\"text\": …, \"font\", \"fontSize\", \"foregroundColor\"})", path, got: v)
        }
        var spans: [TextSpan] = []
        for (i, item) in items.enumerated() {
            let p = path.index(i)
            let o = try reader.object(item, p, what: "a run ({\"text\": string} with optional \"font\", \"fontSize\", \"foregroundColor\")")
            try reader.checkKeys(o, known: ["text", "font", "fontSize", "foregroundColor"], p)
            guard let text = o["text"] else { throw reader.fail(p, "a run needs \"text\"") }
            var span = TextSpan(try reader.string(text, p.key("text")))
            try count(span.text, p.key("text"))
            if let f = o["font"] { span.font = try font(f, p.key("font")) }
            if let s = o["fontSize"] { span.fontSize = try fontSize(s, p.key("fontSize")) }
            if let c = o["foregroundColor"] { span.foregroundColor = try reader.color(c, p.key("foregroundColor")) }
            spans.append(span)
        }
        return spans
    }

    private func count(_ s: String, _ path: JSONPath) throws(SceneError) {
        textCharacters += s.unicodeScalars.count
        guard textCharacters <= Limits.maxTextCharacters else {
            throw reader.limit(path, "the scene's text passes \(Limits.maxTextCharacters) characters")
        }
    }

    private func font(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> String {
        let name = try reader.string(v, path, what: "a font name (a key of \"fonts\", or a family such as \"DejaVu Sans:Bold\")")
        guard !name.isEmpty else { throw reader.fail(path, "expected a font name, got an empty string") }
        if fonts[name] != nil, fontUses[name] == nil { fontUses[name] = path }
        return name
    }

    private func fontSize(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> Double {
        let size = try reader.positive(v, path)
        guard size <= Limits.maxFontSize else {
            throw reader.limit(path, "fontSize \(JSONValue.format(size)) passes the limit of \(JSONValue.format(Limits.maxFontSize)) points")
        }
        return size
    }

    private func gradient(_ o: JSONObject, _ path: JSONPath) throws(SceneError) -> GradientContent {
        let r = reader
        var g = GradientContent()
        for (key, v) in zip(o.keys, o.values) {
            let p = path.key(key)
            switch key {
            case "colors": g.colors = try colors(v, p)
            case "locations": g.locations = try locations(v, p)
            case "startPoint": g.startPoint = try r.point(v, p)
            case "endPoint": g.endPoint = try r.point(v, p)
            case "type": g.type = try r.choice(v, p, GradientType.self)
            default: continue
            }
        }
        if let l = g.locations, l.count != g.colors.count {
            throw r.fail(path.key("locations"), "expected one location per color (\(g.colors.count)), got \(l.count)")
        }
        return g
    }

    func colors(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> [Color] {
        guard case .array(let items) = v else { throw reader.expected("an array of colors", path, got: v) }
        try checkStopCount(items.count, path)
        var out: [Color] = []
        for (i, item) in items.enumerated() { out.append(try reader.color(item, path.index(i))) }
        return out
    }

    /// Numbers 0…1, non-decreasing.
    func locations(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> [Double] {
        guard case .array(let items) = v else { throw reader.expected("an array of numbers 0…1", path, got: v) }
        try checkStopCount(items.count, path)
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            let x = try reader.unit(item, path.index(i))
            if let last = out.last, x < last {
                throw reader.fail(path.index(i), "expected locations in non-decreasing order, got \(JSONValue.format(x)) after \(JSONValue.format(last))")
            }
            out.append(x)
        }
        return out
    }

    private func checkStopCount(_ n: Int, _ path: JSONPath) throws(SceneError) {
        guard n <= Limits.maxGradientStops else {
            throw reader.limit(path, "the gradient has \(n) stops; the limit is \(Limits.maxGradientStops)")
        }
    }

    private func shape(_ o: JSONObject, _ path: JSONPath) throws(SceneError) -> ShapeContent {
        let r = reader
        var s = ShapeContent()
        for (key, v) in zip(o.keys, o.values) {
            let p = path.key(key)
            switch key {
            case "path": s.path = try shapePath(v, p)
            case "fillColor": s.fillColor = try r.color(v, p)
            case "fillRule": s.fillRule = try r.choice(v, p, FillRule.self)
            case "strokeColor": s.strokeColor = try r.color(v, p)
            case "lineWidth": s.lineWidth = try r.nonNegative(v, p)
            case "lineCap": s.lineCap = try r.choice(v, p, LineCap.self)
            case "lineJoin": s.lineJoin = try r.choice(v, p, LineJoin.self)
            case "miterLimit":
                let m = try r.number(v, p, what: "a number ≥ 1")
                guard m >= 1 else { throw r.expected("a number ≥ 1", p, got: v) }
                s.miterLimit = m
            case "lineDashPattern": s.lineDashPattern = try dashPattern(v, p)
            case "lineDashPhase": s.lineDashPhase = try r.number(v, p)
            case "strokeStart": s.strokeStart = try r.unit(v, p)
            case "strokeEnd": s.strokeEnd = try r.unit(v, p)
            default: continue
            }
        }
        return s
    }

    /// A path without its own `fillRule` (the layer's applies).
    func shapePath(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> Path {
        if case .object(let o) = v, o.contains("fillRule") {
            throw reader.fail(path.key("fillRule"), "a shape layer's path has no \"fillRule\" of its own; set the layer's \"fillRule\"")
        }
        return try reader.path(v, path)
    }

    func dashPattern(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> [Double] {
        guard case .array(let items) = v, !items.isEmpty else {
            throw reader.expected("a non-empty array of numbers ≥ 0 (on, off, … lengths)", path, got: v)
        }
        guard items.count <= Limits.maxDashCount else {
            throw reader.limit(path, "the dash pattern has \(items.count) numbers; the limit is \(Limits.maxDashCount)")
        }
        var out: [Double] = []
        for (i, item) in items.enumerated() { out.append(try reader.nonNegative(item, path.index(i))) }
        guard out.contains(where: { $0 > 0 }) else { throw reader.fail(path, "expected dash lengths not all 0") }
        return out
    }
}
