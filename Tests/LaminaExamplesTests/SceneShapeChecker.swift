import Lamina

/// A test-side reading of SCENE_FORMAT.md: walks a parsed scene and lists every key, type or value
/// that the format does not allow. It checks structure only (no decoding into `Scene`).
struct SceneShapeChecker {
    static let topKeys: Set<String> = ["width", "height", "scale", "background", "groupOpacity", "images", "root"]
    static let layerKeys: Set<String> = [
        "name", "frame", "bounds", "position", "anchorPoint", "affineTransform", "zPosition", "hidden", "opacity",
        "allowsGroupOpacity", "backgroundColor", "cornerRadius", "maskedCorners", "cornerCurve", "masksToBounds",
        "borderWidth", "borderColor", "shadowOpacity", "shadowColor", "shadowOffset", "shadowRadius", "shadowPath",
        "contents", "contentsRect", "contentsCenter", "contentsGravity", "contentsScale", "minificationFilter",
        "magnificationFilter", "minificationFilterBias", "shouldRasterize", "rasterizationScale", "mask", "sublayers",
    ]
    static let filters: Set<String> = ["linear", "nearest", "trilinear"]
    static let gravities: Set<String> = [
        "resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom", "left", "right",
        "topLeft", "topRight", "bottomLeft", "bottomRight",
    ]

    private(set) var problems: [String] = []
    private(set) var imageNames: Set<String> = []
    private(set) var usedImages: Set<String> = []
    private(set) var layerCount = 0

    mutating func check(_ document: JSONValue) {
        guard case .object(let top) = document else { return fail("$", "not an object") }
        for key in top.keys where !Self.topKeys.contains(key) { fail(key, "unknown top-level key") }
        number(top["width"], "width", positive: true, required: true)
        number(top["height"], "height", positive: true, required: true)
        number(top["scale"], "scale", positive: true)
        color(top["background"], "background")
        bool(top["groupOpacity"], "groupOpacity")
        if let images = top["images"] {
            guard case .object(let map) = images else { return fail("images", "not an object") }
            for (name, source) in map.members {
                imageNames.insert(name)
                guard case .string(let path) = source, path.hasPrefix("assets/") || path.hasPrefix("data:") else {
                    fail("images.\(name)", "expected a path under assets/"); continue
                }
            }
        }
        guard let root = top["root"] else { return fail("root", "missing") }
        layer(root, "root")
    }

    private mutating func layer(_ value: JSONValue, _ path: String) {
        layerCount += 1
        guard case .object(let o) = value else { return fail(path, "layer is not an object") }
        for key in o.keys where !Self.layerKeys.contains(key) { fail("\(path).\(key)", "unknown layer key") }
        if o.contains("frame") && (o.contains("bounds") || o.contains("position")) {
            fail(path, "frame together with bounds/position")
        }
        for key in ["frame", "bounds", "contentsRect", "contentsCenter"] { numbers(o[key], "\(path).\(key)", count: 4) }
        for key in ["position", "anchorPoint", "shadowOffset"] { numbers(o[key], "\(path).\(key)", count: 2) }
        numbers(o["affineTransform"], "\(path).affineTransform", count: 6)
        for key in ["opacity", "shadowOpacity"] { number(o[key], "\(path).\(key)", unit: true) }
        for key in ["cornerRadius", "borderWidth", "shadowRadius"] { number(o[key], "\(path).\(key)") }
        for key in ["contentsScale", "rasterizationScale"] { number(o[key], "\(path).\(key)", positive: true) }
        for key in ["backgroundColor", "borderColor", "shadowColor"] { color(o[key], "\(path).\(key)") }
        for key in ["hidden", "masksToBounds", "shouldRasterize", "allowsGroupOpacity"] { bool(o[key], "\(path).\(key)") }
        for key in ["minificationFilter", "magnificationFilter"] { choice(o[key], "\(path).\(key)", Self.filters) }
        choice(o["contentsGravity"], "\(path).contentsGravity", Self.gravities)
        if let contents = o["contents"] {
            if case .string(let name) = contents, imageNames.contains(name) { usedImages.insert(name) } else {
                fail("\(path).contents", "not an image named in images")
            }
        }
        if case .object(let shadowPath)? = o["shadowPath"] {
            let shapes = ["rect", "ellipse", "roundedRect", "svg"].filter { shadowPath.contains($0) }
            if shapes.count != 1 { fail("\(path).shadowPath", "expected exactly one shape") }
        } else if o["shadowPath"] != nil {
            fail("\(path).shadowPath", "not an object")
        }
        if let mask = o["mask"] { layer(mask, "\(path).mask") }
        if let subs = o["sublayers"] {
            guard case .array(let items) = subs else { return fail("\(path).sublayers", "not an array") }
            for (i, item) in items.enumerated() { layer(item, "\(path).sublayers[\(i)]") }
        }
    }

    private mutating func fail(_ path: String, _ message: String) { problems.append("\(path): \(message)") }

    private mutating func number(_ v: JSONValue?, _ path: String, positive: Bool = false, unit: Bool = false,
                                 required: Bool = false) {
        guard let v else { if required { fail(path, "missing") }; return }
        guard case .number(let n) = v else { return fail(path, "not a number") }
        if positive && n <= 0 || !positive && n < 0 { fail(path, "out of range: \(n)") }
        if unit && n > 1 { fail(path, "above 1: \(n)") }
    }

    private mutating func numbers(_ v: JSONValue?, _ path: String, count: Int) {
        guard let v else { return }
        guard case .array(let items) = v, items.count == count,
              items.allSatisfy({ if case .number = $0 { true } else { false } }) else {
            return fail(path, "expected \(count) numbers")
        }
    }

    private mutating func bool(_ v: JSONValue?, _ path: String) {
        guard let v else { return }
        if case .bool = v { return }
        fail(path, "not a boolean")
    }

    private mutating func choice(_ v: JSONValue?, _ path: String, _ allowed: Set<String>) {
        guard let v else { return }
        guard case .string(let s) = v, allowed.contains(s) else { return fail(path, "not one of \(allowed.sorted())") }
    }

    private mutating func color(_ v: JSONValue?, _ path: String) {
        guard let v else { return }
        switch v {
        case .string(let s) where Color.named[s] != nil: return
        case .string(let s) where s.hasPrefix("#") && [4, 7, 9].contains(s.count)
            && s.dropFirst().allSatisfy(\.isHexDigit): return
        case .array(let items) where (3...4).contains(items.count): numbers(v, path, count: items.count)
        default: fail(path, "not a color")
        }
    }
}
