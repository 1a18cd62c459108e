/// A value an animation takes at one key path: its kind follows `AnimationKeyPath.valueKind`.
public enum AnimationValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    /// Unpremultiplied sRGB components and alpha, interpolated per component.
    case color(Color)
    /// Interpolated by decomposition (`DecomposedTransform`), not per matrix entry.
    case transform(AffineTransform)
    /// A gradient's colors: the same count interpolates color by color.
    case colors([Color])
    /// A gradient's locations: the same count interpolates number by number.
    case numbers([Double])
    /// A shape's path: paths of the same commands interpolate their numbers (`Path.hasSameCommands`).
    case path(Path)

    public var kind: AnimationKeyPath.ValueKind {
        switch self {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .transform: return .transform
        case .colors: return .colors
        case .numbers: return .numbers
        case .path: return .path
        }
    }

    /// True when every component is a finite number.
    public var isFinite: Bool { components.allSatisfy(\.isFinite) }

    var components: [Double] {
        switch self {
        case .number(let n): return [n]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        case .transform(let t): return [t.a, t.b, t.c, t.d, t.tx, t.ty]
        case .colors(let cs): return cs.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        case .numbers(let n): return n
        case .path(let p): return p.numbers
        }
    }

    /// A value of this one's kind with `c` as its components (in `components`' order).
    func withComponents(_ c: [Double]) -> AnimationValue {
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(Point(c[0], c[1]))
        case .size: return .size(Size(c[0], c[1]))
        case .rect: return .rect(Rect(c[0], c[1], c[2], c[3]))
        case .color: return .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .transform: return .transform(AffineTransform(a: c[0], b: c[1], c: c[2], d: c[3], tx: c[4], ty: c[5]))
        case .colors(let cs):
            guard c.count >= 4 * cs.count else { return self }
            return .colors(cs.indices.map { Color(red: c[4 * $0], green: c[4 * $0 + 1], blue: c[4 * $0 + 2], alpha: c[4 * $0 + 3]) })
        case .numbers: return .numbers(c)
        case .path(let p): return .path(p.withNumbers(c))
        }
    }

    /// Whether two values can interpolate component by component: the same kind, and for colors and
    /// numbers the same count, for paths the same commands.
    public func matchesShape(of other: AnimationValue) -> Bool {
        switch (self, other) {
        case (.colors(let a), .colors(let b)): return a.count == b.count
        case (.numbers(let a), .numbers(let b)): return a.count == b.count
        case (.path(let a), .path(let b)): return a.hasSameCommands(as: b)
        default: return kind == other.kind
        }
    }

    /// The value a fraction `f` of the way from `a` to `b` (f may leave 0…1 when an easing overshoots).
    /// Values of different kinds do not interpolate: the result is `b` from f ≥ 0.5 on, `a` before.
    public static func interpolate(_ a: AnimationValue, _ b: AnimationValue, _ f: Double) -> AnimationValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(mix(x, y, f))
        case (.point(let p), .point(let q)): return .point(Point(mix(p.x, q.x, f), mix(p.y, q.y, f)))
        case (.size(let s), .size(let t)): return .size(Size(mix(s.width, t.width, f), mix(s.height, t.height, f)))
        case (.rect(let r), .rect(let s)):
            return .rect(Rect(mix(r.origin.x, s.origin.x, f), mix(r.origin.y, s.origin.y, f),
                              mix(r.size.width, s.size.width, f), mix(r.size.height, s.size.height, f)))
        case (.color(let c), .color(let d)):
            return .color(Color(red: mix(c.red, d.red, f), green: mix(c.green, d.green, f),
                                blue: mix(c.blue, d.blue, f), alpha: mix(c.alpha, d.alpha, f)))
        case (.transform(let s), .transform(let t)):
            return .transform(DecomposedTransform.interpolate(s, t, f))
        case (.colors(let x), .colors(let y)) where x.count == y.count:
            return a.withComponents(zip(a.components, b.components).map { mix($0, $1, f) })
        case (.numbers(let x), .numbers(let y)) where x.count == y.count:
            return a.withComponents(zip(a.components, b.components).map { mix($0, $1, f) })
        case (.path(let p), .path(let q)) where p.hasSameCommands(as: q):
            return a.withComponents(zip(p.numbers, q.numbers).map { mix($0, $1, f) })
        default:
            return f < 0.5 ? a : b
        }
    }

    /// `a + (b − a) × f`, written so that f = 0 and f = 1 give `a` and `b` exactly; never infinite.
    static func mix(_ a: Double, _ b: Double, _ f: Double) -> Double {
        if f == 0 { return a }
        if f == 1 { return b }
        let v = a * (1 - f) + b * f
        if v.isFinite { return v }
        return v.isNaN ? a : (v > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
    }
}
