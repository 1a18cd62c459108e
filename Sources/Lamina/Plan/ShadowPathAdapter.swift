/// Path geometry the planner needs for shadowPath shadows (bounds and a coverage mask).
enum ShadowPathAdapter {
    static func bounds(_ path: Path, transform: AffineTransform) -> Rect {
        switch path {
        case .rect(let r), .ellipse(let r), .roundedRect(let r, _): return transform.boundingBox(of: r)
        case .svg(let p, _):
            var pts: [Point] = []
            for s in p.segments {
                switch s {
                case .move(let a), .line(let a): pts.append(a)
                case .quad(let a, let b): pts += [a, b]
                case .cubic(let a, let b, let c): pts += [a, b, c]
                case .close: break
                }
            }
            guard let f = pts.first else { return .zero }
            return pts.dropFirst().reduce(Rect(origin: f, size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
                .applying(transform)
        }
    }

    static func mask(_ path: Path, transform: AffineTransform, in region: PixelRect) throws -> AlphaMask {
        throw RenderError(.badInput, "shadowPath of this kind is not supported yet")
    }
}

extension Rect {
    func applying(_ t: AffineTransform) -> Rect { t.boundingBox(of: self) }
}
