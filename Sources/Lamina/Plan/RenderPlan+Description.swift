extension RenderPlan: CustomStringConvertible {
    /// The plan as text (what `lamina plan` prints): images, offscreens with their place in the surface tree,
    /// then the tree (`PlanTree`): layers with their parts, surfaces, one command a line under the node
    /// that draws it. A plan whose tree cannot be built is printed flat (`flatDescription`).
    public var description: String {
        guard let tree = try? tree() else { return flatDescription }
        var lines = header(tree.surfaces)
        lines.append("canvas")
        appendItems(tree.canvas, depth: 1, to: &lines)
        return lines.joined(separator: "\n")
    }

    /// The plan as a list (`lamina plan --flat`): images, offscreens, each layer's parts as command
    /// indices, then one command a line, indented inside offscreens.
    public var flatDescription: String {
        var lines = header(try? surfaceTree())
        for layer in layers { lines.append("layer " + layer.summary) }
        var depth = 0
        for (i, c) in commands.enumerated() {
            if case .endOffscreen = c { depth -= 1 }
            lines.append(String(repeating: "  ", count: max(depth, 0) + 1) + "\(i) " + c.description)
            if case .beginOffscreen = c { depth += 1 }
        }
        return lines.joined(separator: "\n")
    }

    private func header(_ tree: SurfaceTree?) -> [String] {
        var lines = ["plan \(width)×\(height) px, clear \(clearColor), \(images.count) images, \(offscreens.count) offscreens, \(commands.count) commands"]
        for (i, image) in images.enumerated() { lines.append("image \(i): \(image)") }
        for (i, o) in offscreens.enumerated() {
            let cache = o.cacheKey.map { " cache key \(String(UInt(bitPattern: $0), radix: 16))" } ?? ""
            lines.append("offscreen \(i): \(o.width)×\(o.height) px — \(o.reason)\(cache)" + (tree.map { place(of: i, in: $0) } ?? ""))
        }
        return lines
    }

    /// "layer root.sublayers[1] clipped", then its parts one level deeper: "4 shadow: …", "5 background: …".
    private func appendItems(_ items: [PlanItem], depth: Int, part: String = "", to lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        for item in items {
            switch item {
            case .draw(let i):
                lines.append(indent + "\(i) \(part)" + commands[i].description)
            case .surface(let s):
                let readers = s.readers.isEmpty ? "read by nothing" : "read by " + s.readers.map(String.init).joined(separator: ", ")
                lines.append(indent + "\(part)offscreen \(s.offscreen) (\(offscreens[s.offscreen].reason)), \(readers)")
                appendItems(s.items, depth: depth + 1, to: &lines)
            case .layer(let layer):
                lines.append(indent + "\(part)layer \(layer.path)" + (layer.parts.clipsToBounds ? " clipped" : ""))
                let inner = String(repeating: "  ", count: depth + 1)
                appendItems(layer.shadow, depth: depth + 1, part: "shadow: ", to: &lines)
                if let b = layer.background { lines.append(inner + "\(b) background: " + commands[b].description) }
                appendItems(layer.contents, depth: depth + 1, part: "contents: ", to: &lines)
                appendItems(layer.sublayers, depth: depth + 1, to: &lines)
                if let b = layer.border { lines.append(inner + "\(b) border: " + commands[b].description) }
            }
        }
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
