extension DrawCommand {
    /// A box in target pixels holding every pixel the command may change: its `bounds(offscreens:)` within
    /// its clip's scissor; nil for the offscreen brackets, empty for a draw that changes nothing.
    public func reach(offscreens: [Offscreen]) -> Rect? {
        switch self {
        case .beginOffscreen, .endOffscreen: return nil
        default: break
        }
        guard var box = bounds(offscreens: offscreens) else { return .zero }
        if let s = clip?.scissor {
            guard let c = box.intersection(s.rect) else { return .zero }
            box = c
        }
        return box
    }

    /// The same command drawn only inside `scissor` (intersected with its own scissor); nil when nothing
    /// remains or the command is an offscreen bracket.
    func limited(to scissor: PixelRect) -> DrawCommand? {
        func clipped(_ clip: Clip) -> Clip? {
            var c = clip
            if let s = clip.scissor {
                let x0 = max(s.x, scissor.x), y0 = max(s.y, scissor.y)
                let x1 = min(s.x + s.width, scissor.x + scissor.width), y1 = min(s.y + s.height, scissor.y + scissor.height)
                guard x1 > x0, y1 > y0 else { return nil }
                c.scissor = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            } else {
                c.scissor = scissor
            }
            return c
        }
        switch self {
        case .beginOffscreen, .endOffscreen: return nil
        case .fill(var f): guard let c = clipped(f.clip) else { return nil }; f.clip = c; return .fill(f)
        case .border(var b): guard let c = clipped(b.clip) else { return nil }; b.clip = c; return .border(b)
        case .image(var d): guard let c = clipped(d.clip) else { return nil }; d.clip = c; return .image(d)
        case .roundedRectShadow(var s): guard let c = clipped(s.clip) else { return nil }; s.clip = c; return .roundedRectShadow(s)
        case .blurredShadow(var s): guard let c = clipped(s.clip) else { return nil }; s.clip = c; return .blurredShadow(s)
        case .maskFill(var m): guard let c = clipped(m.clip) else { return nil }; m.clip = c; return .maskFill(m)
        case .glyphs(var g): guard let c = clipped(g.clip) else { return nil }; g.clip = c; return .glyphs(g)
        case .gradient(var g): guard let c = clipped(g.clip) else { return nil }; g.clip = c; return .gradient(g)
        }
    }

    /// The command with its offscreen ids replaced through `map`.
    func renumbered(_ map: [OffscreenID: OffscreenID]) -> DrawCommand {
        switch self {
        case .beginOffscreen(let id): return .beginOffscreen(map[id] ?? id)
        case .image(var d):
            if case .offscreen(let id) = d.source { d.source = .offscreen(map[id] ?? id) }
            d.mask = d.mask.map { map[$0] ?? $0 }
            return .image(d)
        case .blurredShadow(var s):
            if case .offscreen(let id) = s.source { s.source = .offscreen(map[id] ?? id) }
            return .blurredShadow(s)
        default: return self
        }
    }
}
