import Lamina

/// Queuing canvas draws into `CanvasBatches` and issuing the batches; the parameters of each kind are
/// laid out by its `InstanceLayout`, as the fragment shaders built with LAMINA_INSTANCED read them.
extension FrameBuilder {
    /// Whether the current command may be queued: it draws onto the canvas with CPU culling, or into an
    /// atlas region while the page's batch is drawn.
    func batching(_ state: FrameState) -> Bool {
        (state.strategies.canvasBatches && state.stack.isEmpty && state.visibility != nil)
            || (state.strategies.pageBatches && state.atlasPage != nil)
    }

    /// Queues a draw of `program` (an instanced variant) over the pieces `drawQuad` would cover in the
    /// current target.
    func enqueue(_ key: CanvasBatches.Key, parameters: InstanceParameters, bounds: Rect, holes: [Rect] = [],
                 visible: ArraySlice<QuadPiece>?, clip: Clip, state: FrameState) {
        let pieces = DrawGeometry.quadPieces(bounds: bounds, holes: holes, visible: visible, clip: clip, target: state.current)
        enqueue(key, parameters: parameters, pieces: pieces, clip: clip, state: state)
    }

    /// Queues a draw of `program` over `pieces` (disjoint rectangles of the current target), with the
    /// clip's shape written after the kind's own parameters.
    func enqueue(_ key: CanvasBatches.Key, parameters: InstanceParameters, pieces: [QuadPiece],
                 clip: Clip, state: FrameState) {
        var parameters = parameters
        guard !pieces.isEmpty, parameters.setClip(clip) else { return }
        let all = parameters.values
        if state.atlasPage == nil { recorded.add(.init(key: key, parameters: all, pieces: pieces)) }
        queue(key, parameters: all, pieces: pieces, state: state)
    }

    /// Adds a draw with its padded parameters to the batches of the current target; issues the batches
    /// that retire.
    func queue(_ key: CanvasBatches.Key, parameters all: [Float], pieces: [QuadPiece],
               state: FrameState) {
        let target = state.current
        if let page = state.atlasPage {
            pageBatches.add(key: key, parameters: all, pieces: pieces,
                            origin: (target.originX, target.originY))
            issue(pageBatches.takeRetired(), onto: page)
        } else if let canvas {
            batches.add(key: key, parameters: all, pieces: pieces)
            issue(batches.takeRetired(), onto: canvas)
        }
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

    /// Adds the batches' draws onto a whole target (an atlas page's draws name its pixels), in order.
    private func issue(_ list: [CanvasBatches.Batch], onto target: RenderTarget) {
        for batch in list {
            var textures: [GPUDraw.Texture] = []
            if batch.key.texture != 0 {
                textures.append(.init(unit: batch.key.unit, texture: batch.key.texture, filter: batch.key.filter))
            }
            if batch.key.image != 0 {
                textures.append(.init(unit: 0, texture: batch.key.image, filter: batch.key.imageFilter))
            }
            emit(GPUDraw(program: batch.key.program, target: target,
                         uniforms: [.vec2("u_targetSize", Float(target.width), Float(target.height))],
                         textures: textures, quads: .instances(batch.instances, .batch),
                         blending: !batch.key.program.blendsItself(destinationFetch: info.destinationFetch)))
        }
    }

    /// Issues the queued batches of the framebuffer a draw that is not queued draws onto (the canvas, or
    /// the atlas page being drawn). Every draw that is not queued calls it first.
    func flushBeforeDirectDraw(_ state: FrameState) {
        recorded.spoil()
        if state.atlasPage != nil {
            guard !pageBatches.isEmpty else { return }
            flushPageBatches(state)
        } else {
            guard !batches.isEmpty, state.stack.isEmpty else { return }
            flushBatches()
        }
    }
}
