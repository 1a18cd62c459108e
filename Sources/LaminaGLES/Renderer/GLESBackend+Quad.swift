import CGLES3
import Lamina

extension GLESBackend {

    /// Most rounded-rect clip shapes one draw evaluates (`kMaxClipShapes` in clip.glsl).
    public static let maximumClipShapes = 8

    /// Draws `program`'s quad over the pixels whose centers lie in `bounds` (target pixels), limited to
    /// the target, the clip's scissor and its shapes' reach, with the clip's shapes set. Pixels whose
    /// centers lie in one of `holes` (target pixels; places where the draw cannot change the target) are
    /// skipped, and so are those outside `visible` when given (see `CanvasPieces`): the rest is split
    /// into rectangles drawn as one instanced draw (or `override`'s rectangles are). The program must be in use.
    func drawQuad(_ program: ShaderProgram, bounds: Rect, holes: [Rect] = [], visible: ArraySlice<QuadPiece>? = nil,
                  clip: Clip, target: RenderTarget, pieces override: [QuadPiece]? = nil) throws {
        let pieces = override ?? DrawGeometry.quadPieces(bounds: bounds, holes: holes, visible: visible, clip: clip, target: target)
        guard !pieces.isEmpty, try setClipShapes(program, clip) else { return }
        program.set("u_targetSize", Float(target.width), Float(target.height))
        program.set("u_targetOrigin", Float(target.originX), Float(target.originY))
        if pieces.count == 1 {
            let p = pieces[0]
            glVertexAttrib4f(0, Float(p.x0), Float(p.y0), Float(p.x1), Float(p.y1))
            instanceStream.drawStrip()
            return
        }
        var corners = [Float]()
        corners.reserveCapacity(pieces.count * 4)
        for p in pieces { corners += [Float(p.x0), Float(p.y0), Float(p.x1), Float(p.y1)] }
        corners.withUnsafeBufferPointer { buffer in
            instanceStream.drawStrips(buffer, floatsPerInstance: 4, attributes: [.init(index: 0, size: 4, offset: 0)])
        }
    }

    /// Sets the clip-shape uniforms; false when a shape's transform is singular (nothing is visible).
    func setClipShapes(_ program: ShaderProgram, _ clip: Clip) throws -> Bool {
        guard clip.shapes.count <= GLESBackend.maximumClipShapes else {
            throw GLESError.unsupported("a clip of \(clip.shapes.count) rounded shapes; at most \(GLESBackend.maximumClipShapes) per draw")
        }
        guard !clip.shapes.isEmpty else { return true }
        program.set("u_clipCount", clip.shapes.count)
        var inverse: [Float] = [], rects: [Float] = [], radii: [Float] = [], params: [Float] = []
        for s in clip.shapes {
            guard let inv = s.transform.inverted else { return false }
            inverse += ShaderValues.rows(of: inv)
            rects += ShaderValues.rect(s.shape.rect)
            radii += ShaderValues.radii(s.shape)
            params += [Float(s.transform.meanScale), s.shape.curve == .continuous ? 1 : 0]
        }
        program.set("u_clipInverse", vec3Array: inverse)
        program.set("u_clipRect", vec4Array: rects)
        program.set("u_clipRadii", vec4Array: radii)
        program.set("u_clipParams", vec2Array: params)
        return true
    }

}
