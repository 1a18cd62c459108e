import CGLES3
import Lamina

/// Queuing canvas draws into `CanvasBatches` and issuing the batches; the parameters of each kind are
/// laid out as instanced.vert passes them to the fragment shaders built with LAMINA_INSTANCED.
extension GLESBackend {
    /// Whether a command draws onto the target without going through the queue whatever the state
    /// (blurred shadows, mask fills): the queued batches must be issued first. Offscreen begins and ends
    /// draw nothing on the canvas; the other draws decide themselves (`flushBeforeDirectDraw`).
    static func drawsDirectly(_ command: DrawCommand) -> Bool {
        switch command {
        case .blurredShadow, .maskFill: return true
        default: return false
        }
    }

    /// Whether the current command draws onto the canvas with CPU culling, so that it may be queued.
    func batching(_ state: FrameState) -> Bool {
        batchingEnabled && state.stack.isEmpty && state.visibility != nil
    }

    /// Queues a draw of `program` (an instanced variant) over the pieces `drawQuad` would cover.
    func enqueue(_ key: CanvasBatches.Key, program: ShaderProgram, parameters: [Float], bounds: Rect, holes: [Rect] = [],
                 visible: ArraySlice<QuadPiece>?, clip: Clip, target: RenderTarget) {
        guard let clipParameters = GLESBackend.clipParameters(clip) else { return }
        let pieces = GLESBackend.quadPieces(bounds: bounds, holes: holes, visible: visible, clip: clip, target: target)
        guard !pieces.isEmpty else { return }
        batches.add(key: key, program: program, parameters: parameters + clipParameters, pieces: pieces)
        let retired = batches.takeRetired()
        if !retired.isEmpty {
            issue(retired)
            target.bind()
        }
    }

    /// Issues the queued batches onto the canvas, in order.
    func flushBatches() {
        guard !batches.isEmpty else { return }
        issue(batches.take())
    }

    /// Draws batches onto the canvas, in order (the canvas stays bound).
    private func issue(_ list: [CanvasBatches.Batch]) {
        guard let canvas else { return }
        canvas.bind()
        let stride = GLsizei(CanvasBatches.floatsPerInstance * MemoryLayout<Float>.stride)
        let attributes = [GLuint(0)] + (0..<CanvasBatches.parameterCount).map { GLuint(2 + $0) }
        for batch in list {
            batch.program.use()
            batch.program.set("u_targetSize", Float(canvas.width), Float(canvas.height))
            batch.program.set("u_targetOrigin", 0, 0)
            if batch.key.texture != 0 {
                glActiveTexture(GLenum(GL_TEXTURE0 + batch.key.unit))
                glBindTexture(GLenum(GL_TEXTURE_2D), batch.key.texture)
                if batch.key.filter != 0 {
                    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), batch.key.filter)
                    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), batch.key.filter)
                }
                glActiveTexture(GLenum(GL_TEXTURE0))
            }
            batch.instances.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress!
                for (i, attribute) in attributes.enumerated() {
                    glEnableVertexAttribArray(attribute)
                    glVertexAttribPointer(attribute, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, base + 4 * i)
                    glVertexAttribDivisor(attribute, 1)
                }
                glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(buffer.count / CanvasBatches.floatsPerInstance))
                for attribute in attributes {
                    glVertexAttribDivisor(attribute, 0)
                    glDisableVertexAttribArray(attribute)
                }
            }
        }
    }

    /// Parameters 0 and 1: the inverse transform's rows with the mean scale (w of 0) and `extra` (w of 1).
    static func transformParameters(_ inverse: AffineTransform, scale: Double, extra: Float = 0) -> [Float] {
        let r = rows(of: inverse)
        return [r[0], r[1], r[2], Float(scale), r[3], r[4], r[5], extra]
    }

    /// Parameters 8–11 (padded from wherever the kind's own end): the clip's one shape, or zeros; nil
    /// when its transform is singular (nothing is visible).
    static func clipParameters(_ clip: Clip) -> [Float]? {
        guard let shape = clip.shapes.first else { return [Float](repeating: 0, count: 16) }
        guard let inverse = shape.transform.inverted else { return nil }
        let r = rows(of: inverse)
        return [r[0], r[1], r[2], Float(shape.transform.meanScale), r[3], r[4], r[5], shape.shape.curve == .continuous ? 1 : 0]
            + rect(shape.shape.rect) + radii(shape.shape)
    }

    /// A color as one parameter.
    static func colorParameters(_ c: PremultipliedColor) -> [Float] {
        let v = color(c)
        return [v.0, v.1, v.2, v.3]
    }

    /// Issues the queued batches before a draw that is not queued, when it draws onto the canvas, and
    /// binds the canvas again.
    func flushBeforeDirectDraw(_ state: FrameState) {
        guard !batches.isEmpty, state.stack.isEmpty else { return }
        flushBatches()
        state.current.bind()
    }

    /// Pads a kind's parameters to the eight vec4s that come before the clip's.
    static func padded(_ p: [Float]) -> [Float] {
        p + [Float](repeating: 0, count: 32 - p.count)
    }
}
