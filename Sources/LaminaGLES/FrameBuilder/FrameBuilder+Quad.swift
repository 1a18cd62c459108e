import Lamina

extension FrameBuilder {

    /// Most rounded-rect clip shapes one draw evaluates (`kMaxClipShapes` in clip.glsl).
    public static let maximumClipShapes = 8

    /// Adds a draw of `program`'s quad over the pixels whose centers lie in `bounds` (target pixels), limited
    /// to the target, the clip's scissor and its shapes' reach, with `uniforms`, the clip's shapes and
    /// `textures`. Pixels whose centers lie in one of `holes` (target pixels; places where the draw cannot
    /// change the target) are skipped, and so are those outside `visible` when given (see `CanvasPieces`):
    /// the rest is split into rectangles drawn as one instanced draw (or `override`'s rectangles are).
    func drawQuad(_ program: ProgramKey, uniforms: [ShaderUniform], textures: [GPUDraw.Texture] = [], bounds: Rect,
                  holes: [Rect] = [], visible: ArraySlice<QuadPiece>? = nil, clip: Clip, target: RenderTarget,
                  pieces override: [QuadPiece]? = nil) throws {
        let pieces = override ?? DrawGeometry.quadPieces(bounds: bounds, holes: holes, visible: visible, clip: clip, target: target)
        guard let draw = try quadDraw(program, pieces: pieces, clip: clip, target: target, uniforms: uniforms,
                                      textures: textures) else { return }
        emit(draw)
    }

    /// The clip-shape uniforms of a clip; nil when a shape's transform is singular (nothing is visible).
    func clipShapeUniforms(_ clip: Clip) throws -> [ShaderUniform]? {
        guard clip.shapes.count <= FrameBuilder.maximumClipShapes else {
            throw GLESError.unsupported("a clip of \(clip.shapes.count) rounded shapes; at most \(FrameBuilder.maximumClipShapes) per draw")
        }
        guard !clip.shapes.isEmpty else { return [] }
        var inverse: [Float] = [], rects: [Float] = [], radii: [Float] = [], params: [Float] = []
        for s in clip.shapes {
            guard let inv = s.transform.inverted else { return nil }
            inverse += ShaderValues.rows(of: inv)
            rects += ShaderValues.rect(s.shape.rect)
            radii += ShaderValues.radii(s.shape)
            params += [Float(s.transform.meanScale), s.shape.curve == .continuous ? 1 : 0]
        }
        return [.int("u_clipCount", clip.shapes.count), .array("u_clipInverse", inverse, components: 3),
                .array("u_clipRect", rects, components: 4), .array("u_clipRadii", radii, components: 4),
                .array("u_clipParams", params, components: 2)]
    }
}
