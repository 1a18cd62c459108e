extension RenderPlan: CustomStringConvertible {
    /// The plan as text (what `lamina plan` prints): images, offscreens with their place in the surface tree,
    /// each layer's parts, then one command a line, indented inside offscreens.
    public var description: String {
        var lines = ["plan \(width)×\(height) px, clear \(clearColor), \(images.count) images, \(offscreens.count) offscreens, \(commands.count) commands"]
        for (i, image) in images.enumerated() { lines.append("image \(i): \(image)") }
        let tree = try? surfaceTree()
        for (i, o) in offscreens.enumerated() {
            let cache = o.cacheKey.map { " cache key \(String(UInt(bitPattern: $0), radix: 16))" } ?? ""
            lines.append("offscreen \(i): \(o.width)×\(o.height) px — \(o.reason)\(cache)" + (tree.map { place(of: i, in: $0) } ?? ""))
        }
        for layer in layers { lines.append("layer " + layer.summary) }
        var depth = 0
        for (i, c) in commands.enumerated() {
            if case .endOffscreen = c { depth -= 1 }
            lines.append(String(repeating: "  ", count: max(depth, 0) + 1) + "\(i) " + c.description)
            if case .beginOffscreen = c { depth += 1 }
        }
        return lines.joined(separator: "\n")
    }

    /// "; in offscreen 2, commands 4…9, read by 10" — where an offscreen sits in the surface tree.
    private func place(of id: OffscreenID, in tree: SurfaceTree) -> String {
        let s = tree.surfaces[id]
        let parent = s.parent.map { "in offscreen \($0)" } ?? "on the canvas"
        let readers = s.readers.isEmpty ? "read by nothing" : "read by " + s.readers.map(String.init).joined(separator: ", ")
        return "; \(parent), commands \(s.begin)…\(s.end), \(readers)"
    }
}

extension DrawCommand: CustomStringConvertible {
    public var description: String {
        switch self {
        case .beginOffscreen(let id): return "begin offscreen \(id)"
        case .endOffscreen: return "end offscreen"
        case .fill(let f): return "fill \(f.shape) @ \(f.transform) color \(f.color)\(clipText(f.clip))"
        case .border(let b):
            return "border \(b.outer) inner \(b.inner) @ \(b.transform) color \(b.color)\(clipText(b.clip))"
        case .image(let d):
            let src: String
            switch d.source {
            case .image(let i, let crop): src = "image \(i) crop \(crop)"
            case .offscreen(let id): src = "offscreen \(id)"
            }
            let mask = d.mask.map { " mask offscreen \($0)" } ?? ""
            let op = d.opacity == 1 ? "" : " opacity \(Format.number(d.opacity))"
            return "image \(src) src \(d.sourceRect) → \(d.destination) @ \(d.transform) \(d.sampling)\(op)\(mask)\(clipText(d.clip))"
        case .roundedRectShadow(let s):
            return "shadow closed-form \(s.shape) σ \(Format.number(s.sigma)) @ \(s.transform) color \(s.color)\(clipText(s.clip))"
        case .blurredShadow(let s):
            let src: String
            switch s.source {
            case .offscreen(let id): src = "offscreen \(id)"
            case .mask(let m): src = "path \(m)"
            }
            return "shadow blurred \(src) at \(s.origin) offset \(s.offset) σ \(Format.number(s.sigma))px color \(s.color)\(clipText(s.clip))"
        case .maskFill(let m): return "mask fill \(m.mask) at \(m.origin) color \(m.color)\(clipText(m.clip))"
        case .gradient(let g):
            return "gradient \(g.gradient.type.rawValue) of \(g.gradient.colors.count) stops in \(g.region) opacity \(Format.number(g.opacity))\(clipText(g.clip))"
        case .glyphs(let g): return "glyphs \(g.glyphs.count) \(g.label) in \(g.box)\(clipText(g.clip))"
        }
    }

    private func clipText(_ clip: Clip) -> String { clip.isNone ? "" : " clip \(clip)" }
}
