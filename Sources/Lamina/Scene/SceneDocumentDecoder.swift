/// Decodes one document's top level (SCENE_FORMAT.md "Top level") and its tree.
struct SceneDocumentDecoder {
    let decoder: SceneDecoder
    let file: String
    let baseDirectory: String?

    init(decoder: SceneDecoder, file: String, baseDirectory: String?) {
        self.decoder = decoder
        self.file = file
        self.baseDirectory = baseDirectory
    }

    /// Parses the document (iteratively, on any thread) within the memory budget; returns it with the
    /// nesting depth of its containers.
    func parse(_ bytes: [UInt8]) throws(SceneError) -> (value: JSONValue, depth: Int) {
        do {
            let parsed = try JSONParser.measured(bytes, costLimit: decoder.budget?.bytes ?? .max)
            decoder.inputs?.record(document: parsed.value)
            return parsed
        } catch {
            if error.exceedsLimit { throw SceneError(file: file, path: "", message: error.description, exceedsLimit: true) }
            throw SceneError(file: file, path: "", message: "invalid JSON: \(error.description)")
        }
    }

    /// Decodes a parsed document (recursively over the layer tree).
    func decode(_ json: JSONValue) throws(SceneError) -> Scene {
        let r = SceneValueReader(file: file)
        let doc = JSONPath.document
        let o = try r.object(json, doc, what: "a scene object at the top level")
        try r.checkKeys(o, known: SceneDecoder.topLevelKeys, doc)
        for required in ["width", "height", "root"] where !o.contains(required) {
            throw r.fail(doc, "missing required key \"\(required)\"")
        }
        let width = try r.positive(o["width"]!, doc.key("width"))
        let height = try r.positive(o["height"]!, doc.key("height"))
        var scale = try o["scale"].map { (v: JSONValue) throws(SceneError) in try r.positive(v, doc.key("scale")) } ?? 1
        if let override = decoder.scaleOverride {
            guard override.isFinite && override > 0 else {
                throw SceneError(file: file, path: "--scale", message: "expected a number > 0, got \(JSONValue.format(override))")
            }
            scale = override
        }
        try checkCanvas(width: width, height: height, scale: scale, r)
        let background = try o["background"].map { (v: JSONValue) throws(SceneError) in try r.color(v, doc.key("background")) } ?? .clear
        let groupOpacity = try o["groupOpacity"].map { (v: JSONValue) throws(SceneError) in try r.bool(v, doc.key("groupOpacity")) } ?? true
        let time = try o["time"].map { (v: JSONValue) throws(SceneError) in try r.nonNegative(v, doc.key("time")) } ?? 0
        var images: [String: Image] = [:]
        let loader = ImageSourceLoader(reader: r, baseDirectory: baseDirectory, imageDecoder: decoder.imageDecoder,
                                       library: decoder.imageLibrary, budget: decoder.budget, inputs: decoder.inputs)
        if let imagesValue = o["images"] {
            let io = try r.object(imagesValue, doc.key("images"), what: "an object mapping image names to sources")
            for (name, source) in zip(io.keys, io.values) {
                images[name] = try loader.load(source, doc.key("images").key(name))
            }
        }
        var fonts: [String: FontData] = [:]
        if let fontsValue = o["fonts"] {
            let fontLoader = FontSourceLoader(reader: r, files: loader)
            let fo = try r.object(fontsValue, doc.key("fonts"), what: "an object mapping font names to font sources")
            for (name, source) in zip(fo.keys, fo.values) {
                fonts[name] = try fontLoader.load(source, doc.key("fonts").key(name))
            }
        }
        let layers = LayerDecoder(reader: r, images: images, fonts: fonts)
        let root = try layers.layer(o["root"]!, doc.key("root"), depth: 1)
        try validateFonts(fonts, uses: layers.content.fontUses, r)
        var scene = Scene(width: width, height: height, scale: scale, background: background,
                          groupOpacity: groupOpacity, root: root, time: time)
        scene.fonts = fonts
        return scene
    }

    /// Asks the installed text engine whether each font file opens; a bad one is named with the first layer
    /// that uses it (or its entry in `fonts` when no layer does). Without an engine the planner refuses text.
    private func validateFonts(_ fonts: [String: FontData], uses: [String: JSONPath], _ r: SceneValueReader) throws(SceneError) {
        guard let engine = decoder.textEngine else { return }
        for name in fonts.keys.sorted() {
            let font = fonts[name]!
            do throws(TextEngineError) {
                try engine.validate(font)
            } catch {
                let at = uses[name] ?? JSONPath.document.key("fonts").key(name)
                throw r.fail(at, "font \(MessageText.quoted(name)) (\(font)): \(error.message)")
            }
        }
    }

    /// Output pixels `round(width × scale)` × `round(height × scale)`: at least 1, at most
    /// `Limits.maxSide` a side and `Limits.maxPixels` in all.
    private func checkCanvas(width: Double, height: Double, scale: Double, _ r: SceneValueReader) throws(SceneError) {
        let pw = (width * scale).rounded(), ph = (height * scale).rounded()
        let size = "\(JSONValue.format(pw))×\(JSONValue.format(ph)) px"
        let at = "the canvas \(JSONValue.format(width))×\(JSONValue.format(height)) pt at scale \(JSONValue.format(scale))"
        guard pw >= 1 && ph >= 1 else {
            throw r.fail(.document, "\(at) is \(size); it must be at least 1 px a side")
        }
        guard pw <= Double(Limits.maxSide) && ph <= Double(Limits.maxSide) else {
            throw r.limit(.document, "\(at) is \(size); the limit is \(Limits.maxSide) px a side")
        }
        guard pw * ph <= Double(Limits.maxPixels) else {
            throw r.limit(.document, "\(at) is \(size) = \(JSONValue.format(pw * ph)) pixels; the limit is \(Limits.maxPixels) pixels")
        }
    }
}
