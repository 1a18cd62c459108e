/// Decodes a layer's `animations` (SCENE_FORMAT.md "Animations (v1.1)", "More animations (v1.3)": springs
/// and groups in `AnimationDecoder+Kinds.swift`) and refuses every broken rule with the file, the JSON path
/// and what was expected.
struct AnimationDecoder {
    let reader: SceneValueReader
    /// The class of the layer the animations belong to: a subclass's key paths are only for its layers.
    var layerClass: LayerClass = .layer

    /// The keys of an animation object.
    static let keys = ["type", "keyPath", "from", "to", "values", "keyTimes", "calculationMode", "beginTime", "duration",
                       "repeatCount", "autoreverses", "fillMode", "timingFunction", "timingFunctions", "speed", "timeOffset",
                       "mass", "stiffness", "damping", "initialVelocity", "animations"]
    /// The keys every kind takes (`CAMediaTiming`).
    static let timingKeys = ["type", "beginTime", "duration", "repeatCount", "autoreverses", "fillMode", "speed", "timeOffset"]
    static let springKeys = ["mass", "stiffness", "damping", "initialVelocity"]
    static let keyframeKeys = ["values", "keyTimes", "calculationMode", "timingFunctions"]

    /// The values of `type`.
    enum Kind: String, CaseIterable {
        case basic, keyframe, spring, group
    }

    /// CSS and SwiftUI names people try, mapped to Core Animation's.
    static let timingAliases = ["easeInOut": "easeInEaseOut", "ease-in-out": "easeInEaseOut", "ease": "default",
                                "ease-in": "easeIn", "ease-out": "easeOut"]

    func animations(_ v: JSONValue, _ path: JSONPath, groupDepth: Int = 0) throws(SceneError) -> [Animation] {
        guard case .array(let items) = v else { throw reader.expected("an array of animations", path, got: v) }
        var out: [Animation] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            out.append(try animation(item, path.index(i), groupDepth: groupDepth))
        }
        return out
    }

    func animation(_ v: JSONValue, _ path: JSONPath, groupDepth: Int = 0) throws(SceneError) -> Animation {
        let r = reader
        let o = try r.object(v, path, what: "an animation (an object)")
        try r.checkKeys(o, known: AnimationDecoder.keys, path)
        let kind = try self.kind(o, path)
        if kind == .group { return try group(o, path, groupDepth: groupDepth) }
        try checkKeysOfKind(o, kind, path)
        guard let pathValue = o["keyPath"] else { throw r.fail(path, "missing required key \"keyPath\"") }
        let keyPath = try self.keyPath(pathValue, path.key("keyPath"))
        if let owner = keyPath.layerClass, owner != layerClass {
            throw r.fail(path.key("keyPath"), "\"\(keyPath.rawValue)\" is a key path of a \(owner) layer; this layer is a \(layerClass)")
        }
        var a = Animation(keyPath: keyPath)
        if o.contains("values") {
            for other in ["from", "to"] where o.contains(other) {
                throw r.fail(path.key("values"), "\"values\" cannot be combined with \"\(other)\" (keyframes replace from/to)")
            }
        }
        for (key, value) in zip(o.keys, o.values) {
            let p = path.key(key)
            switch key {
            case "from": a.from = try self.value(value, p, keyPath)
            case "to": a.to = try self.value(value, p, keyPath)
            case "values":
                guard case .array(let items) = value, items.count >= 2 else {
                    throw r.expected("an array of at least 2 values", p, got: value)
                }
                var values: [AnimationValue] = []
                for (i, item) in items.enumerated() { values.append(try self.value(item, p.index(i), keyPath)) }
                a.values = values
            case "calculationMode": a.calculationMode = try r.choice(value, p, Animation.CalculationMode.self)
            case "timingFunction": a.timingFunction = try timingFunction(value, p)
            default: try timing(key, value, p, &a)
            }
        }
        if let times = o["keyTimes"] {
            a.keyTimes = try keyTimes(times, path.key("keyTimes"), count: a.values?.count)
        }
        if let functions = o["timingFunctions"] {
            a.timingFunctions = try timingFunctions(functions, path.key("timingFunctions"), count: a.values?.count)
        }
        if kind == .spring { try spring(o, path, &a) }
        try checkEnd(a, path)
        try checkShapes(a, path)
        return a
    }

    /// The timing keys every kind shares; other keys are read by the caller.
    func timing(_ key: String, _ value: JSONValue, _ p: JSONPath, _ a: inout Animation) throws(SceneError) {
        let r = reader
        switch key {
        case "beginTime": a.beginTime = try r.number(value, p)
        case "duration": a.duration = try r.positive(value, p)
        case "repeatCount": a.repeatCount = try repeatCount(value, p)
        case "autoreverses": a.autoreverses = try r.bool(value, p)
        case "fillMode": a.fillMode = try r.choice(value, p, Animation.FillMode.self)
        case "speed": a.speed = try r.positive(value, p)
        case "timeOffset": a.timeOffset = try r.nonNegative(value, p)
        default: break
        }
    }

    func checkEnd(_ a: Animation, _ path: JSONPath) throws(SceneError) {
        guard a.endTime != nil || a.repeatCount == .infinite else {
            throw reader.fail(path.key("repeatCount"), "beginTime + duration × repeatCount (× 2 with autoreverses) is not a finite number of seconds")
        }
    }

    private func keyPath(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> AnimationKeyPath {
        let names = AnimationKeyPath.allCases.filter { $0.layerClass == nil || $0.layerClass == layerClass }.map(\.rawValue)
        let s = try reader.string(v, p, what: "an animatable key path (a string such as \"position\")")
        if let k = AnimationKeyPath(rawValue: s) { return k }
        if LayerDecoder.allKeys.contains(s) {
            throw reader.fail(p, "\(MessageText.quoted(s)) cannot be animated; the animatable key paths are \(names.joined(separator: ", "))")
        }
        let near = KeySuggestion.nearest(to: String(s.prefix(64)), in: names)!
        throw reader.fail(p, "unknown animatable key path \(MessageText.quoted(s)); did you mean \"\(near)\"?")
    }

    /// A value of the key path's type, checked as the layer property of that name is.
    func value(_ v: JSONValue, _ p: JSONPath, _ keyPath: AnimationKeyPath) throws(SceneError) -> AnimationValue {
        let r = reader
        switch keyPath {
        case .position, .anchorPoint: return .point(try r.point(v, p))
        case .shadowOffset: return .size(try r.size(v, p))
        case .opacity, .shadowOpacity: return .number(try r.unit(v, p))
        case .cornerRadius, .borderWidth, .shadowRadius: return .number(try r.nonNegative(v, p))
        case .zPosition, .positionX, .positionY, .transformRotation, .transformRotationZ, .transformScale,
             .transformScaleX, .transformScaleY, .transformTranslationX, .transformTranslationY:
            return .number(try r.number(v, p))
        case .transformTranslation: return .size(try r.size(v, p))
        case .bounds, .contentsRect: return .rect(try r.rect(v, p))
        case .backgroundColor, .borderColor, .shadowColor: return .color(try r.color(v, p))
        case .affineTransform: return .transform(try r.affineTransform(v, p))
        case .fontSize: return .number(try r.positive(v, p))
        case .lineWidth: return .number(try r.nonNegative(v, p))
        case .lineDashPhase: return .number(try r.number(v, p))
        case .miterLimit:
            let m = try r.number(v, p, what: "a number ≥ 1")
            guard m >= 1 else { throw r.expected("a number ≥ 1", p, got: v) }
            return .number(m)
        case .strokeStart, .strokeEnd: return .number(try r.unit(v, p))
        case .foregroundColor, .fillColor, .strokeColor: return .color(try r.color(v, p))
        case .startPoint, .endPoint: return .point(try r.point(v, p))
        case .colors: return .colors(try LayerContentDecoder(reader: r, fonts: [:]).colors(v, p))
        case .locations: return .numbers(try LayerContentDecoder(reader: r, fonts: [:]).locations(v, p))
        case .path: return .path(try LayerContentDecoder(reader: r, fonts: [:]).shapePath(v, p))
        }
    }

    /// Refuses values of a colors, locations or path key path that cannot interpolate with each other.
    private func checkShapes(_ a: Animation, _ path: JSONPath) throws(SceneError) {
        let given = [("from", a.from), ("to", a.to)].compactMap { k, v in v.map { (path.key(k), $0) } }
            + (a.values ?? []).enumerated().map { (path.key("values").index($0.offset), $0.element) }
        guard let first = given.first else { return }
        for (p, v) in given.dropFirst() where !v.matchesShape(of: first.1) {
            throw reader.fail(p, AnimationError.mismatchedValues(keyPath: a.keyPath).description)
        }
    }

    private func repeatCount(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> Animation.RepeatCount {
        let what = "a number > 0 or \"infinite\""
        switch v {
        case .string("infinite"): return .infinite
        case .number(let n) where n > 0 && n.isFinite: return .count(n)
        case .string(let s):
            let near = KeySuggestion.close(to: s, in: ["infinite"]).map { "; did you mean \"\($0)\"?" } ?? ""
            throw reader.fail(p, "expected \(what), got \(v.brief)\(near)")
        default: throw reader.expected(what, p, got: v)
        }
    }

    func timingFunction(_ v: JSONValue, _ p: JSONPath) throws(SceneError) -> TimingFunction {
        let names = TimingFunction.named.map(\.0)
        let what = "\(SceneValueReader.alternatives(names)) or control points [x1, y1, x2, y2]"
        switch v {
        case .string(let s):
            if let f = TimingFunction.named.first(where: { $0.0 == s })?.1 { return f }
            let near = (AnimationDecoder.timingAliases[s] ?? KeySuggestion.close(to: s, in: names)).map { "; did you mean \"\($0)\"?" } ?? ""
            throw reader.fail(p, "expected \(what), got \(v.brief)\(near)")
        case .array(let items) where items.count == 4:
            let n = try reader.numbers(v, p, form: what, names: ["x1", "y1", "x2", "y2"])
            for i in [0, 2] where !(0...1).contains(n[i]) {
                throw reader.expected("\(i == 0 ? "x1" : "x2") in 0…1 (a Bézier timing curve's x must stay in 0…1)", p.index(i), got: items[i])
            }
            return TimingFunction(n[0], n[1], n[2], n[3])!
        default:
            throw reader.expected(what, p, got: v)
        }
    }

    private func keyTimes(_ v: JSONValue, _ p: JSONPath, count: Int?) throws(SceneError) -> [Double] {
        guard let count else { throw reader.fail(p, "\"keyTimes\" needs \"values\" (one key time per keyframe)") }
        guard case .array(let items) = v else { throw reader.expected("an array of \(count) key times in 0…1", p, got: v) }
        guard items.count == count else {
            throw reader.fail(p, "expected \(count) key times (one per value), got \(items.count)")
        }
        var times: [Double] = []
        for (i, item) in items.enumerated() {
            let t = try reader.unit(item, p.index(i), what: "a key time in 0…1")
            if i == 0 && t != 0 { throw reader.expected("the first key time to be 0", p.index(i), got: item) }
            if i == count - 1 && t != 1 { throw reader.expected("the last key time to be 1", p.index(i), got: item) }
            if let last = times.last, t < last {
                throw reader.fail(p.index(i), "key times must be ascending; got \(item.brief) after \(JSONValue.format(last))")
            }
            times.append(t)
        }
        return times
    }
}
