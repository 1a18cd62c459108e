/// The animation kinds of SCENE_FORMAT.md "More animations (v1.3)": `type`, springs, groups and keyframe
/// `timingFunctions`, each broken rule refused with its JSON path.
extension AnimationDecoder {
    /// The animation's `type`: given, or `keyframe` when `values` is there, else `basic`.
    func kind(_ o: JSONObject, _ path: JSONPath) throws(SceneError) -> Kind {
        guard let v = o["type"] else { return o.contains("values") ? .keyframe : .basic }
        let kind = try reader.choice(v, path.key("type"), Kind.self)
        if kind == .basic, o.contains("values") {
            throw reader.fail(path.key("values"), "a basic animation takes \"from\" and \"to\"; keyframes need \"type\": \"keyframe\"")
        }
        if kind == .keyframe, !o.contains("values") {
            throw reader.fail(path, "missing required key \"values\" (a keyframe animation's keyframes)")
        }
        return kind
    }

    /// Refuses a key another kind takes: spring parameters outside springs, easing and keyframes on springs.
    func checkKeysOfKind(_ o: JSONObject, _ kind: Kind, _ path: JSONPath) throws(SceneError) {
        if o.contains("animations") {
            throw reader.fail(path.key("animations"), "\"animations\" belongs to a group (\"type\": \"group\")")
        }
        if kind == .spring {
            for key in ["timingFunction"] + AnimationDecoder.keyframeKeys where o.contains(key) {
                throw reader.fail(path.key(key), AnimationError.notForSprings(key).description)
            }
        } else {
            for key in AnimationDecoder.springKeys where o.contains(key) {
                throw reader.fail(path.key(key), "\"\(key)\" belongs to a spring (\"type\": \"spring\")")
            }
        }
    }

    /// Reads the spring's parameters into `a`; the duration defaults to the settling duration.
    func spring(_ o: JSONObject, _ path: JSONPath, _ a: inout Animation) throws(SceneError) {
        let r = reader
        var spring = Spring()
        if let v = o["mass"] { spring.mass = try r.positive(v, path.key("mass")) }
        if let v = o["stiffness"] { spring.stiffness = try r.positive(v, path.key("stiffness")) }
        if let v = o["damping"] { spring.damping = try r.nonNegative(v, path.key("damping")) }
        if let v = o["initialVelocity"] { spring.initialVelocity = try r.number(v, path.key("initialVelocity")) }
        do {
            try spring.validate()
        } catch {
            throw r.fail(path.key(o.contains("stiffness") ? "stiffness" : "mass"), error.description)
        }
        a.kind = .spring(spring)
        guard !o.contains("duration") else { return }
        guard let settling = spring.settlingDuration else {
            let at = o.contains("damping") ? path.key("damping") : path
            throw r.limit(at, "\(AnimationError.settlingTooLong.description) (without \"duration\" a spring lasts its settling duration)")
        }
        a.duration = settling
    }

    /// A group: its animations in its local time, nested at most `Animation.maximumGroupDepth` deep.
    func group(_ o: JSONObject, _ path: JSONPath, groupDepth: Int) throws(SceneError) -> Animation {
        let r = reader
        guard groupDepth < Animation.maximumGroupDepth else {
            throw r.limit(path, AnimationError.groupTooDeep(limit: Animation.maximumGroupDepth).description)
        }
        for key in o.keys where !AnimationDecoder.timingKeys.contains(key) && key != "animations" {
            throw r.fail(path.key(key), "a group takes no \"\(key)\"; its \"animations\" carry key paths and values")
        }
        guard let list = o["animations"] else { throw r.fail(path, "missing required key \"animations\" (a group's animations)") }
        var a = Animation(keyPath: .opacity)
        let children = try animations(list, path.key("animations"), groupDepth: groupDepth + 1)
        a.kind = .group(children)
        for (key, value) in zip(o.keys, o.values) { try timing(key, value, path.key(key), &a) }
        if !o.contains("duration") {
            guard let latest = Animation.latestEnd(of: children) else {
                throw r.fail(path, "\(AnimationError.groupNeedsDuration.description) (\"duration\")")
            }
            a.duration = latest
        }
        try checkEnd(a, path)
        return a
    }

    /// One timing function per segment between `count` values.
    func timingFunctions(_ v: JSONValue, _ p: JSONPath, count: Int?) throws(SceneError) -> [TimingFunction] {
        guard let count else { throw reader.fail(p, "\"timingFunctions\" needs \"values\" (one timing function per segment)") }
        guard case .array(let items) = v else {
            throw reader.expected("an array of \(count - 1) timing functions (one per segment between values)", p, got: v)
        }
        guard items.count == count - 1 else {
            throw reader.fail(p, AnimationError.timingFunctionsCount(expected: count - 1, got: items.count).description)
        }
        var out: [TimingFunction] = []
        for (i, item) in items.enumerated() { out.append(try timingFunction(item, p.index(i))) }
        return out
    }
}
