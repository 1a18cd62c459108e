import CGLES3
import Lamina

extension GLESBackend {
    /// Holes of a draw and opaque-pass pieces are shrunk to multiples of this many pixels: llvmpipe shades
    /// 4 × 4 blocks whole, so a piece edge mid-block costs the block twice. The draws beside a hole give
    /// the same pixels there (the fill's exact color, or nothing).
    static let shadingBlock = 4

    /// Most rounded-rect clip shapes one draw evaluates (`kMaxClipShapes` in clip.glsl).
    public static let maximumClipShapes = 8

    /// Draws `program`'s quad over the pixels whose centers lie in `bounds` (target pixels), limited to
    /// the target, the clip's scissor and its shapes' reach, with the clip's shapes set. Pixels whose
    /// centers lie in one of `holes` (target pixels; places where the draw cannot change the target) are
    /// skipped, and so are those outside `visible` when given (see `CanvasVisibility`): the rest is split
    /// into rectangles drawn as one instanced draw (or `override`'s rectangles are). The program must be in use.
    func drawQuad(_ program: ShaderProgram, bounds: Rect, holes: [Rect] = [], visible: ArraySlice<QuadPiece>? = nil,
                  clip: Clip, target: RenderTarget, pieces override: [QuadPiece]? = nil) throws {
        let pieces = override ?? GLESBackend.quadPieces(bounds: bounds, holes: holes, visible: visible, clip: clip, target: target)
        guard !pieces.isEmpty, try setClipShapes(program, clip) else { return }
        program.set("u_targetSize", Float(target.width), Float(target.height))
        program.set("u_targetOrigin", Float(target.originX), Float(target.originY))
        if pieces.count == 1 {
            let p = pieces[0]
            glVertexAttrib4f(0, Float(p.x0), Float(p.y0), Float(p.x1), Float(p.y1))
            glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
            return
        }
        var corners = [Float]()
        corners.reserveCapacity(pieces.count * 4)
        for p in pieces { corners += [Float(p.x0), Float(p.y0), Float(p.x1), Float(p.y1)] }
        corners.withUnsafeBufferPointer { buffer in
            glEnableVertexAttribArray(0)
            glVertexAttribPointer(0, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, buffer.baseAddress)
            glVertexAttribDivisor(0, 1)
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(pieces.count))
            glVertexAttribDivisor(0, 0)
            glDisableVertexAttribArray(0)
        }
    }

    /// The rectangles `drawQuad` covers: the pixel area of `bounds`, within `visible` when given, less
    /// the holes shrunk to shading blocks.
    static func quadPieces(bounds: Rect, holes: [Rect], visible: ArraySlice<QuadPiece>?, clip: Clip,
                           target: RenderTarget) -> [QuadPiece] {
        let area = pixelArea(of: bounds, clip: clip, width: target.width, height: target.height)
        guard !area.isEmpty else { return [] }
        var pieces = visible.map { $0.compactMap { $0.intersection(area) } } ?? [area]
        for hole in holes {
            let skipped = QuadPiece(pixelCentersIn: hole).alignedInward(to: shadingBlock)
            guard !skipped.isEmpty else { continue }
            pieces = pieces.flatMap { $0.subtracting(skipped) }
        }
        return pieces
    }

    /// The whole pixels a quad over `bounds` (target pixels) may touch: within the target, the clip's
    /// scissor and its shapes' reach.
    static func pixelArea(of bounds: Rect, clip: Clip, width: Int, height: Int) -> QuadPiece {
        var x0 = max(0, Int(saturating: bounds.minX.rounded(.down))), y0 = max(0, Int(saturating: bounds.minY.rounded(.down)))
        var x1 = min(width, Int(saturating: bounds.maxX.rounded(.up))), y1 = min(height, Int(saturating: bounds.maxY.rounded(.up)))
        if let s = clip.scissor {
            x0 = max(x0, s.x); y0 = max(y0, s.y)
            x1 = min(x1, s.x + s.width); y1 = min(y1, s.y + s.height)
        }
        for shape in clip.shapes {
            let reach = GLESBackend.coverageBounds(of: shape.shape.rect, transform: shape.transform)
            x0 = max(x0, Int(saturating: reach.minX.rounded(.down))); y0 = max(y0, Int(saturating: reach.minY.rounded(.down)))
            x1 = min(x1, Int(saturating: reach.maxX.rounded(.up))); y1 = min(y1, Int(saturating: reach.maxY.rounded(.up)))
        }
        return QuadPiece(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// Where a rounded rect's coverage is exactly 1 (its two straight-sided arms, inset by ½ px and a
    /// margin), in target pixels; empty unless the transform only scales and translates.
    static func fullCoverage(of shape: RoundedRect, transform: AffineTransform) -> [Rect] {
        guard transform.isAxisAlignedScaleTranslate, shape.curve == .circular || shape.radii.isZero else { return [] }
        let e = 0.5 / transform.meanScale + 1e-3
        let r = shape.radii.maximum, rect = shape.rect
        let arms = [Rect(minX: rect.minX + e, minY: rect.minY + r + e, maxX: rect.maxX - e, maxY: rect.maxY - r - e),
                    Rect(minX: rect.minX + r + e, minY: rect.minY + e, maxX: rect.maxX - r - e, maxY: rect.maxY - e)]
        return arms.filter { $0.maxX > $0.minX && $0.maxY > $0.minY }.map { transform.boundingBox(of: $0) }
    }

    /// Sets the clip-shape uniforms; false when a shape's transform is singular (nothing is visible).
    private func setClipShapes(_ program: ShaderProgram, _ clip: Clip) throws -> Bool {
        guard clip.shapes.count <= GLESBackend.maximumClipShapes else {
            throw GLESError.unsupported("a clip of \(clip.shapes.count) rounded shapes; at most \(GLESBackend.maximumClipShapes) per draw")
        }
        guard !clip.shapes.isEmpty else { return true }
        program.set("u_clipCount", clip.shapes.count)
        var inverse: [Float] = [], rects: [Float] = [], radii: [Float] = [], params: [Float] = []
        for s in clip.shapes {
            guard let inv = s.transform.inverted else { return false }
            inverse += GLESBackend.rows(of: inv)
            rects += GLESBackend.rect(s.shape.rect)
            radii += GLESBackend.radii(s.shape)
            params += [Float(s.transform.meanScale), s.shape.curve == .continuous ? 1 : 0]
        }
        program.set("u_clipInverse", vec3Array: inverse)
        program.set("u_clipRect", vec4Array: rects)
        program.set("u_clipRadii", vec4Array: radii)
        program.set("u_clipParams", vec2Array: params)
        return true
    }

    /// The two rows (a, c, tx), (b, d, ty) of a transform, as shaders apply it.
    static func rows(of t: AffineTransform) -> [Float] {
        [t.a, t.c, t.tx, t.b, t.d, t.ty].map(Float.init)
    }

    static func rect(_ r: Rect) -> [Float] { [r.minX, r.minY, r.width, r.height].map(Float.init) }

    static func radii(_ shape: RoundedRect) -> [Float] { shape.radii.all.map(Float.init) }

    static func color(_ c: PremultipliedColor) -> (Float, Float, Float, Float) {
        (Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
    }

    /// Target-pixel bounds of everything a coverage-shaded `rect` can touch: its transformed bounding
    /// box, outset by the anti-aliasing reach (½ px of local distance along the most stretched axis)
    /// plus `extra` pixels.
    static func coverageBounds(of rect: Rect, transform: AffineTransform, extra: Double = 0) -> Rect {
        let box = transform.boundingBox(of: rect)
        let t = transform.a * transform.a + transform.b * transform.b + transform.c * transform.c + transform.d * transform.d
        let det = transform.determinant
        let largest = ((t + max(t * t - 4 * det * det, 0).squareRoot()) / 2).squareRoot()
        let k = max(transform.meanScale, 1e-12)
        let m = 0.5 * largest / k + 1 + extra
        return Rect(minX: box.minX - m, minY: box.minY - m, maxX: box.maxX + m, maxY: box.maxY + m)
    }
}
