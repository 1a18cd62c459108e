import Lamina

/// Values as the shaders take them: affine rows, rects, radii and colors as single-precision floats.
enum ShaderValues {
    /// The two rows (a, c, tx), (b, d, ty) of a transform, as shaders apply it.
    static func rows(of t: AffineTransform) -> [Float] {
        [t.a, t.c, t.tx, t.b, t.d, t.ty].map(Float.init)
    }

    static func rect(_ r: Rect) -> [Float] { [r.minX, r.minY, r.width, r.height].map(Float.init) }

    static func radii(_ shape: RoundedRect) -> [Float] { shape.radii.all.map(Float.init) }

    static func color(_ c: PremultipliedColor) -> (Float, Float, Float, Float) {
        (Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
    }
}
