import CGLES3
import Lamina

/// Queuing canvas draws into `CanvasBatches` and issuing the batches; the parameters of each kind are
/// laid out by its `InstanceLayout`, as the fragment shaders built with LAMINA_INSTANCED read them.
extension GLESBackend {
    /// Whether the current command may be queued: it draws onto the canvas with CPU culling, or into an
    /// atlas region while the page's batch is drawn.
    func batching(_ state: FrameState) -> Bool {
        batchingEnabled && ((state.stack.isEmpty && state.visibility != nil) || state.atlasPage != nil)
    }

    /// Queues a draw of `program` (an instanced variant) over the pieces `drawQuad` would cover in the
    /// current target.
    func enqueue(_ key: CanvasBatches.Key, program: ShaderProgram, parameters: InstanceParameters, bounds: Rect, holes: [Rect] = [],
                 visible: ArraySlice<QuadPiece>?, clip: Clip, state: FrameState) {
        let pieces = DrawGeometry.quadPieces(bounds: bounds, holes: holes, visible: visible, clip: clip, target: state.current)
        enqueue(key, program: program, parameters: parameters, pieces: pieces, clip: clip, state: state)
    }

    /// Queues a draw of `program` over `pieces` (disjoint rectangles of the current target), with the
    /// clip's shape written after the kind's own parameters.
    func enqueue(_ key: CanvasBatches.Key, program: ShaderProgram, parameters: InstanceParameters, pieces: [QuadPiece],
                 clip: Clip, state: FrameState) {
        var parameters = parameters
        guard !pieces.isEmpty, parameters.setClip(clip) else { return }
        let all = parameters.values
        if state.atlasPage == nil { recorded.add(.init(key: key, program: program, parameters: all, pieces: pieces)) }
        queue(key, program: program, parameters: all, pieces: pieces, state: state)
    }

    /// Adds a draw with its padded parameters to the batches of the current target; issues the batches
    /// that retire.
    func queue(_ key: CanvasBatches.Key, program: ShaderProgram, parameters all: [Float], pieces: [QuadPiece],
               state: FrameState) {
        let target = state.current
        let retired: [CanvasBatches.Batch]
        if let page = state.atlasPage {
            pageBatches.add(key: key, program: program, parameters: all, pieces: pieces,
                            origin: (target.originX, target.originY))
            retired = pageBatches.takeRetired()
            if !retired.isEmpty { issue(retired, onto: page) }
        } else if let canvas {
            batches.add(key: key, program: program, parameters: all, pieces: pieces)
            retired = batches.takeRetired()
            if !retired.isEmpty { issue(retired, onto: canvas) }
        } else {
            return
        }
        if !retired.isEmpty { target.bind() }
    }

    /// Issues the queued canvas batches onto the canvas, in order.
    func flushBatches() {
        guard !batches.isEmpty, let canvas else { return }
        issue(batches.take(), onto: canvas)
    }

    /// Issues the queued batches of the atlas page being drawn onto it.
    func flushPageBatches(_ state: FrameState) {
        guard !pageBatches.isEmpty, let page = state.atlasPage else { return }
        issue(pageBatches.take(), onto: page)
    }

    /// The vec4 attributes of a batch instance (`instanced.vert`): bounds, origin and the parameters.
    private static let batchAttributes = (0...(1 + CanvasBatches.parameterCount)).map {
        InstanceStream.Attribute(index: GLuint($0), size: 4, offset: 4 * $0)
    }

    /// Draws batches onto a whole target, in order (the target stays bound).
    private func issue(_ list: [CanvasBatches.Batch], onto target: RenderTarget) {
        target.bind()
        for batch in list {
            batch.program.use()
            batch.program.set("u_targetSize", Float(target.width), Float(target.height))
            bind(batch.key.texture, unit: batch.key.unit, filter: batch.key.filter)
            bind(batch.key.image, unit: 0, filter: batch.key.imageFilter)
            if batch.program.blendsItself { glDisable(GLenum(GL_BLEND)) }
            defer { if batch.program.blendsItself { glEnable(GLenum(GL_BLEND)) } }
            batch.instances.withUnsafeBufferPointer { buffer in
                instanceStream.drawStrips(buffer, floatsPerInstance: CanvasBatches.floatsPerInstance, attributes: Self.batchAttributes)
            }
        }
    }

    /// Binds a batch's texture (none when 0) to a unit, with its filter unless that is 0.
    private func bind(_ texture: GLuint, unit: Int32, filter: Int32) {
        guard texture != 0 else { return }
        glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        if filter != 0 {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
    }


    /// Issues the queued batches of the framebuffer a draw that is not queued draws onto (the canvas, or
    /// the atlas page being drawn), and binds the draw's target again. Every draw that is not queued
    /// calls it first.
    func flushBeforeDirectDraw(_ state: FrameState) {
        recorded.spoil()
        if state.atlasPage != nil {
            guard !pageBatches.isEmpty else { return }
            flushPageBatches(state)
        } else {
            guard !batches.isEmpty, state.stack.isEmpty else { return }
            flushBatches()
        }
        state.current.bind()
    }
}
