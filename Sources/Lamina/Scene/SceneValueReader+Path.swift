extension SceneValueReader {
    /// The keys a path object may have.
    static let pathKeys = ["rect", "ellipse", "roundedRect", "radius", "svg", "fillRule"]
    static let pathForms = "a path ({\"rect\": rect}, {\"ellipse\": rect}, {\"roundedRect\": rect, \"radius\": r} or {\"svg\": \"M…\", \"fillRule\": …})"

    /// A path: `{"rect": r}`, `{"ellipse": r}`, `{"roundedRect": r, "radius": n}` or `{"svg": d, "fillRule": rule}`.
    func path(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> Path {
        let o = try object(v, path, what: SceneValueReader.pathForms)
        try checkKeys(o, known: SceneValueReader.pathKeys, path)
        let shapes = ["rect", "ellipse", "roundedRect", "svg"].filter { o.contains($0) }
        guard shapes.count == 1 else {
            if shapes.isEmpty { throw fail(path, "expected one of \"rect\", \"ellipse\", \"roundedRect\" or \"svg\" in a path") }
            throw fail(path, "a path has exactly one shape, got both \"\(shapes[0])\" and \"\(shapes[1])\"")
        }
        let shape = shapes[0]
        if o.contains("radius") && shape != "roundedRect" {
            throw fail(path.key("radius"), "\"radius\" belongs to a \"roundedRect\" path, not \"\(shape)\"")
        }
        if o.contains("fillRule") && shape != "svg" {
            throw fail(path.key("fillRule"), "\"fillRule\" belongs to an \"svg\" path, not \"\(shape)\"")
        }
        let value = o[shape]!
        switch shape {
        case "rect": return .rect(try rect(value, path.key(shape)))
        case "ellipse": return .ellipse(try rect(value, path.key(shape)))
        case "roundedRect":
            let r = try rect(value, path.key(shape))
            guard let radius = o["radius"] else { throw fail(path, "a \"roundedRect\" path needs \"radius\"") }
            return .roundedRect(r, radius: try nonNegative(radius, path.key("radius")))
        default:
            let data = try string(value, path.key("svg"), what: "SVG path data (a string)")
            let rule = try o["fillRule"].map { (v: JSONValue) throws(SceneError) in try choice(v, path.key("fillRule"), FillRule.self) }
            do throws(SVGPathError) {
                return .svg(try SVGPath.parse(data), fillRule: rule ?? .nonZero)
            } catch {
                throw fail(path.key("svg"), error.description)
            }
        }
    }
}
